import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Invitation } from '../types';
import { peopleKeys } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

/** The deal's invitations; the client keeps only the pending ones (docs/product.md §4). */
export async function fetchPendingInvitations(dealId: string, signal?: AbortSignal): Promise<Invitation[]> {
  const data = await api.get<Invitation[]>(`${dealPath(dealId)}/invitations`, { signal });
  return (Array.isArray(data) ? data : []).filter((invitation) => invitation.status === 'pending');
}

export function usePendingInvitations(dealId: string, enabled: boolean) {
  return useQuery({
    queryKey: peopleKeys.invitations(dealId),
    queryFn: ({ signal }) => fetchPendingInvitations(dealId, signal),
    enabled: enabled && Boolean(dealId),
  });
}
