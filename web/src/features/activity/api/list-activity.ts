import { useInfiniteQuery } from '@tanstack/react-query';
import { ACTIVITY_PAGE_DEFAULT, type ActivityEntry } from '@contracts/activity';
import { api } from '../../../lib/api/client';
import { dealKeys } from '../../../lib/api/deal';
import { dealPath } from '../../../lib/api/deal-path';

/** The feed's failed read: the toast and the empty state's title (docs/product.md §8). */
export const ACTIVITY_LOAD_FAILED = 'Failed to load activity feed';

export const activityKeys = {
  feed: (dealId: string) => dealKeys.scoped(dealId, 'activity'),
};

/** One page of the feed: `limit` entries older than the entry whose cursor is `before` (docs/product.md §7). */
export const fetchActivityPage = (dealId: string, before: string | undefined, signal?: AbortSignal) => {
  return api.get<ActivityEntry[]>(`${dealPath(dealId)}/activity`, {
    query: { limit: ACTIVITY_PAGE_DEFAULT, before },
    signal,
  });
};

/** The deal's feed, newest first, a page at a time: `fetchNextPage` reads the entries older than those loaded. */
export function useActivityFeed(dealId: string) {
  return useInfiniteQuery({
    queryKey: activityKeys.feed(dealId),
    queryFn: ({ pageParam, signal }) => fetchActivityPage(dealId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.length < ACTIVITY_PAGE_DEFAULT ? undefined : last[last.length - 1].cursor),
    meta: { errorTitle: ACTIVITY_LOAD_FAILED },
  });
}
