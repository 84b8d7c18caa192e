import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SystemPermissionSet } from '@contracts/admin';
import { ADMIN_PAGE_DEFAULT } from '@contracts/values';
import { api } from '../../../lib/api/client';
import { adminKeys } from './keys';

export function useSystemSets(search: string, page: number) {
  return useQuery({
    queryKey: adminKeys.sets(search, page),
    queryFn: ({ signal }) =>
      api.get<{ permission_sets: SystemPermissionSet[]; total_count: number }>('/admin/permission-sets', {
        query: { search, page, page_size: ADMIN_PAGE_DEFAULT },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
