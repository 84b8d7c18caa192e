import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsPeriod, DealAnalytics } from '@contracts/analytics';
import { api } from '../../../lib/api/client';
import { analyticsKeys } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

export const fetchDealAnalytics = (dealId: string, period: AnalyticsPeriod, signal?: AbortSignal) =>
  api.get<DealAnalytics>(`${dealPath(dealId)}/analytics`, { query: { from: period.from, to: period.to }, signal });

/** The deal's analytics over a period; the previous period stays on screen while the next one loads. */
export function useDealAnalytics(dealId: string, period: AnalyticsPeriod) {
  return useQuery({
    queryKey: analyticsKeys.deal(dealId, period.from ?? '', period.to ?? ''),
    queryFn: ({ signal }) => fetchDealAnalytics(dealId, period, signal),
    enabled: Boolean(dealId),
    placeholderData: keepPreviousData,
    // The page shows Access Denied for a 403.
    meta: { errorTitle: 'Failed to load analytics', quietStatuses: [403] },
  });
}
