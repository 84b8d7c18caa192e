import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';

/**
 * The deal every deal tab works inside (GET /deals/{id}). Shared so each tab's feature can read the
 * caller's role without importing the deals feature.
 */
export type DealRole = 'admin' | 'contributor' | 'viewer';

export interface Deal {
  id: string;
  name: string;
  description: string | null;
  owner_id: string;
  user_role: DealRole;
  is_owner: boolean;
  permission_set: string | null;
  created_at: string;
  updated_at: string | null;
  archived_at: string | null;
  /** Everyone in the deal must have proved a second factor in their session ("Require two-step verification"). */
  require_mfa?: boolean;
  /** The language the deal's documents are searched in (issue 35). */
  search_language?: 'english' | 'german';
}

export const DEAL_NOT_FOUND_MESSAGE = "Deal not found or you don't have access to it.";

export const dealKeys = {
  all: ['deals'] as const,
  list: (view: 'active' | 'archived') => ['deals', 'list', view] as const,
  detail: (dealId: string) => ['deals', 'detail', dealId] as const,
  scoped: (dealId: string, ...rest: string[]) => ['deals', 'detail', dealId, ...rest] as const,
};

export const dealQuery = (dealId: string) =>
  queryOptions({
    queryKey: dealKeys.detail(dealId),
    queryFn: ({ signal }) => api.get<Deal>(`/deals/${encodeURIComponent(dealId)}`, { signal }),
    // The deal layout shows a missing deal (404, or 400 for a malformed id) as a state, not a toast.
    meta: { errorTitle: 'Failed to load deal', quietStatuses: [404, 400] },
  });

export function useDeal(dealId: string | undefined) {
  return useQuery({ ...dealQuery(dealId ?? ''), enabled: Boolean(dealId) });
}

export const isDealAdmin = (deal: Pick<Deal, 'user_role'> | null | undefined) => deal?.user_role === 'admin';
