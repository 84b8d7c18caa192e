import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { EnhancedUsersPage, UserFilters } from '../types';
import { peopleKeys, USERS_PAGE_SIZE } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

/** A page of the deal's members with their groups, tags and effective rights (docs/product.md §7). */
export function fetchEnhancedUsers(dealId: string, filters: UserFilters, signal?: AbortSignal) {
  return api.get<EnhancedUsersPage>(`${dealPath(dealId)}/users-enhanced`, {
    signal,
    query: {
      page: filters.page,
      page_size: USERS_PAGE_SIZE,
      search: filters.search.trim() || undefined,
      status: filters.status || undefined,
      group_id: filters.group_id,
      tag_id: filters.tag_id,
    },
  });
}

/** A page of the users list with its filters; the previous page stays while the next is read. */
export function useEnhancedUsers(dealId: string, filters: UserFilters) {
  return useQuery({
    queryKey: peopleKeys.users(dealId, filters),
    queryFn: ({ signal }) => fetchEnhancedUsers(dealId, filters, signal),
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Failed to load users and permissions' },
  });
}
