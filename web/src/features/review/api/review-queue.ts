import { useInfiniteQuery } from '@tanstack/react-query';
import type { Paged } from '@contracts/common';
import type { ReviewRow } from '@contracts/review';
import { REVIEW_PAGE_DEFAULT } from '@contracts/values';
import { api } from '../../../lib/api/client';
import { reviewKeys, type ReviewFilters } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

export const fetchReviewPage = (dealId: string, filters: ReviewFilters, page: number, signal?: AbortSignal) =>
  api.get<Paged<ReviewRow>>(`${dealPath(dealId)}/review-queue`, {
    query: {
      kind: filters.kind,
      status: filters.status,
      sort: filters.sort,
      category_id: filters.category_id,
      empty: filters.empty ?? 'hide',
      search: filters.search.trim() || undefined,
      page,
      page_size: REVIEW_PAGE_DEFAULT,
    },
    signal,
  });

/** The queue under the filters, 20 rows a page; `fetchNextPage` is Load More. */
export function useReviewQueue(dealId: string, filters: ReviewFilters) {
  return useInfiniteQuery({
    queryKey: reviewKeys.queue(dealId, filters),
    queryFn: ({ pageParam, signal }) => fetchReviewPage(dealId, filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    meta: { errorTitle: 'Failed to load review queue' },
  });
}
