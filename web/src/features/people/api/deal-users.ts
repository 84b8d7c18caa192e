import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { DealUser } from '../types';
import { peopleKeys } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

/** Part 1's member list (the Manage Users dialog). */
export async function fetchDealUsers(dealId: string, signal?: AbortSignal): Promise<DealUser[]> {
  const data = await api.get<DealUser[]>(`${dealPath(dealId)}/users`, { signal });
  return Array.isArray(data) ? data : [];
}

/** Every member of the deal (the Manage Users dialog). */
export function useDealUsers(dealId: string, enabled = true) {
  return useQuery({
    queryKey: peopleKeys.dealUsers(dealId),
    queryFn: ({ signal }) => fetchDealUsers(dealId, signal),
    enabled: enabled && Boolean(dealId),
  });
}
