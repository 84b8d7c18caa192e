import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { PermissionSet } from '../types';
import { peopleKeys } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

export const fetchPermissionSets = (dealId: string, signal?: AbortSignal) =>
  api.get<PermissionSet[]>(`${dealPath(dealId)}/permissions/sets`, { signal });

/**
 * The deal's system and custom sets. Only the Permission Sets page reports a failed read (`reportFailure`);
 * elsewhere the sets only fill pickers.
 */
export function usePermissionSets(dealId: string, { enabled = true, reportFailure = false } = {}) {
  return useQuery({
    queryKey: peopleKeys.sets(dealId),
    queryFn: ({ signal }) => fetchPermissionSets(dealId, signal),
    enabled: enabled && Boolean(dealId),
    staleTime: 30_000,
    meta: reportFailure ? { errorTitle: 'Failed to load permission sets' } : undefined,
  });
}
