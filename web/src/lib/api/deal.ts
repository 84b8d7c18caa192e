import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { isUuid } from '../file-urls';
import { api, getToken } from './client';
import { dealPath } from './deal-path';

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
  /** Downloaded PDFs and images carry the downloader's stamp ("Watermark downloads", decision 44). */
  watermark_downloads?: boolean;
  /** The caller's effective capabilities in the deal (private.member_capabilities; view and download only once archived). */
  capabilities?: string[];
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
    queryFn: ({ signal }) => api.get<Deal>(dealPath(dealId), { signal }),
    // The deal layout shows a missing deal (404, or 400 for a malformed id) as a state, not a toast.
    meta: { errorTitle: 'Failed to load deal', quietStatuses: [404, 400] },
  });

const DEAL_ROUTE = /^\/deals\/([^/]+)(?:\/|$)/;

/**
 * Asks for the deal as the app opens on one of its pages or a navigation enters it (app/app.tsx), while
 * the deal's layout loads, not after it has rendered; through the query cache, so a deal still fresh
 * there is not asked for again and the layout's query joins the request in flight.
 */
export function prefetchDealFor(queryClient: QueryClient, pathname: string): void {
  const match = DEAL_ROUTE.exec(pathname);
  const dealId = match ? decodeURIComponent(match[1]) : '';
  if (!isUuid(dealId) || !getToken()) return;
  void queryClient.prefetchQuery(dealQuery(dealId));
}

export function useDeal(dealId: string | undefined) {
  return useQuery({ ...dealQuery(dealId ?? ''), enabled: Boolean(dealId) });
}

export const isDealAdmin = (deal: Pick<Deal, 'user_role'> | null | undefined) => deal?.user_role === 'admin';

/** Who sees others' views (a file's "Views" card, the deal's analytics): deal admins and holders of manage_users (decision 46). */
export const canReadViews = (deal: Pick<Deal, 'user_role' | 'capabilities'> | null | undefined) =>
  isDealAdmin(deal) || Boolean(deal?.capabilities?.includes('manage_users'));
