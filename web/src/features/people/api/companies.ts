import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { peopleKeys } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

export async function fetchCompanies(dealId: string, signal?: AbortSignal): Promise<string[]> {
  const data = await api.get<{ companies?: string[] }>(`${dealPath(dealId)}/companies`, { signal });
  return data?.companies ?? [];
}

/** Company names already used in the deal, offered when inviting or editing a member. */
export function useCompanies(dealId: string, enabled = true) {
  return useQuery({
    queryKey: peopleKeys.companies(dealId),
    queryFn: ({ signal }) => fetchCompanies(dealId, signal),
    enabled: enabled && Boolean(dealId),
    staleTime: 60_000,
  });
}
