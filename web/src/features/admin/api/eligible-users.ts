import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUserPage } from '@contracts/admin';
import { ELIGIBLE_PAGE_DEFAULT } from '@contracts/values';
import { api } from '../../../lib/api/client';
import { adminKeys } from './keys';

/** Who may be promoted to super admin, by search. */
export function useEligibleUsers(search: string, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.eligible(search),
    queryFn: ({ signal }) =>
      api.get<AdminUserPage>('/admin/super-admins/eligible-users', {
        query: { search, page: 1, page_size: ELIGIBLE_PAGE_DEFAULT },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
