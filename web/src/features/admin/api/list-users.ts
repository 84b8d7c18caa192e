import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUserPage } from '@contracts/admin';
import { ADMIN_PAGE_DEFAULT } from '@contracts/values';
import { api } from '../../../lib/api/client';
import { adminKeys } from './keys';

export function useAdminUsers(search: string, page: number) {
  return useQuery({
    queryKey: adminKeys.users(search, page),
    queryFn: ({ signal }) =>
      api.get<AdminUserPage>('/admin/users', { query: { search, page, page_size: ADMIN_PAGE_DEFAULT }, signal }),
    placeholderData: keepPreviousData,
  });
}
