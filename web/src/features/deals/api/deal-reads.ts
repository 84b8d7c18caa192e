/** What the deal screens read (docs/product.md §2 Deal list, Deal dashboard, invitations), one hook per read. */
import { useQuery } from '@tanstack/react-query';
import { dealKeys } from '../../../lib/api/deal';
import { AI_POLL_MS } from '../../ai';
import type { DealView } from '../types';
import {
  fetchDashboardStats,
  fetchDeals,
  fetchDealsRequiringVerification,
  fetchMyInvitations,
  fetchPresets,
  MY_INVITATIONS_KEY,
} from './index';

/** The deal list; no retry, so a failure shows its message at once (docs/product.md §8). */
export const useDeals = (view: DealView) =>
  useQuery({ queryKey: dealKeys.list(view), queryFn: ({ signal }) => fetchDeals(view, signal), retry: false });

/**
 * The dashboard's counts. Live events refresh them; while files wait for the AI, polling every 3 s is
 * the fallback (docs/product.md §9).
 */
export const useDashboardStats = (dealId: string) =>
  useQuery({
    queryKey: dealKeys.scoped(dealId, 'dashboard'),
    queryFn: ({ signal }) => fetchDashboardStats(dealId, signal),
    refetchInterval: (query) =>
      (query.state.data?.files_processing ?? 0) + (query.state.data?.files_queued ?? 0) > 0 ? AI_POLL_MS : false,
  });

/** The signed-in person's pending invitations (the banner gives up at once; the invitation page retries). */
export const useMyInvitations = (options: { retry?: boolean } = {}) =>
  useQuery({ queryKey: MY_INVITATIONS_KEY, queryFn: ({ signal }) => fetchMyInvitations(signal), retry: options.retry });

/** Deals the person may open only after verifying with a second factor. */
export const useDealsRequiringVerification = () =>
  useQuery({
    queryKey: ['deals', 'requiring-verification'],
    queryFn: ({ signal }) => fetchDealsRequiringVerification(signal),
    staleTime: 30_000,
  });

/** The active checklist presets a new deal can start from. */
export const useChecklistPresets = (enabled: boolean) =>
  useQuery({
    queryKey: ['checklist-presets', 'active'],
    queryFn: ({ signal }) => fetchPresets(signal),
    enabled,
    staleTime: 60_000,
  });
