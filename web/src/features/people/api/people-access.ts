import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { EnhancedUsersPage } from '../types';
import { peopleKeys } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

/** Whether the caller holds manage_users, and how many members the deal has (the smallest members page). */
export async function fetchPeopleAccess(
  dealId: string,
  signal?: AbortSignal,
): Promise<{ can_manage: boolean; total_count: number }> {
  const page = await api.get<EnhancedUsersPage>(`${dealPath(dealId)}/users-enhanced`, {
    signal,
    query: { page: 1, page_size: 1 },
  });
  return { can_manage: Boolean(page.can_manage), total_count: page.total_count ?? 0 };
}

/** can_manage and the deal's member count. */
export function usePeopleAccess(dealId: string) {
  return useQuery({
    queryKey: peopleKeys.access(dealId),
    queryFn: ({ signal }) => fetchPeopleAccess(dealId, signal),
    enabled: Boolean(dealId),
  });
}
