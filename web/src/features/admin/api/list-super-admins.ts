import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUserPage } from '@contracts/admin';
import { ADMIN_PAGE_DEFAULT } from '@contracts/values';
import { api } from '../../../lib/api/client';
import { adminKeys } from './keys';

export function useSuperAdmins(page: number) {
  return useQuery({
    queryKey: adminKeys.superAdmins(page),
    queryFn: ({ signal }) =>
      api.get<AdminUserPage>('/admin/super-admins', { query: { page, page_size: ADMIN_PAGE_DEFAULT }, signal }),
    placeholderData: keepPreviousData,
  });
}
