import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Group } from '../types';
import { peopleKeys } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

export const fetchGroups = (dealId: string, signal?: AbortSignal) =>
  api.get<Group[]>(`${dealPath(dealId)}/permissions/groups`, { signal });

export function useGroups(dealId: string, enabled = true) {
  return useQuery({
    queryKey: peopleKeys.groups(dealId),
    queryFn: ({ signal }) => fetchGroups(dealId, signal),
    enabled: enabled && Boolean(dealId),
  });
}
