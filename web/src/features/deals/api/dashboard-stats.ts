import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, getToken } from '../../../lib/api/client';
import { AI_POLL_MS } from '../../../lib/ai-poll';
import type { DashboardStats } from '../types';
import { dealsKeys } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

export const fetchDashboardStats = (dealId: string, signal?: AbortSignal) =>
  api.get<DashboardStats>(`${dealPath(dealId)}/dashboard/stats`, { signal });

const dashboardQuery = (dealId: string) =>
  queryOptions({ queryKey: dealsKeys.dashboard(dealId), queryFn: ({ signal }) => fetchDashboardStats(dealId, signal) });

const DASHBOARD_ROUTE = /^\/deals\/([^/]+)\/?$/;

/** Asks for the counts as a navigation to a deal's dashboard starts (app/app.tsx), through the query cache. */
export function prefetchDashboardFor(queryClient: QueryClient, pathname: string): void {
  const match = DASHBOARD_ROUTE.exec(pathname);
  if (!match || !getToken()) return;
  void queryClient.prefetchQuery(dashboardQuery(decodeURIComponent(match[1])));
}

/**
 * The dashboard's counts. Live events refresh them; while files wait for the AI, polling every 3 s is
 * the fallback (docs/product.md §9).
 */
export const useDashboardStats = (dealId: string) =>
  useQuery({
    ...dashboardQuery(dealId),
    refetchInterval: (query) =>
      (query.state.data?.files_processing ?? 0) + (query.state.data?.files_queued ?? 0) > 0 ? AI_POLL_MS : false,
  });
