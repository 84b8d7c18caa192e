import { useInfiniteQuery } from '@tanstack/react-query';
import type { SearchResult } from '@contracts/search';
import { api } from '../../../lib/api/client';
import type { SearchFilters } from '../logic';
import { searchKeys } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

/** The search's failed read: the toast and the error state's title. */
export const SEARCH_FAILED = 'Search failed';

/** One page of hits: GET /deals/{dealId}/search (issue 35), after the page whose next_after is `after`. */
export const fetchSearchPage = (dealId: string, q: string, filters: SearchFilters, after?: string, signal?: AbortSignal) =>
  api.get<SearchResult>(`${dealPath(dealId)}/search`, { query: { q, ...filters, after }, signal });

/** Hits for `q` with the filters, 20 a page; `fetchNextPage` is Load More. Idle while `q` is empty. */
export function useSearchDocuments(dealId: string, q: string, filters: SearchFilters) {
  return useInfiniteQuery({
    queryKey: searchKeys.results(dealId, q, filters),
    queryFn: ({ pageParam, signal }) => fetchSearchPage(dealId, q, filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_after ?? undefined,
    enabled: q.length > 0,
    meta: { errorTitle: SEARCH_FAILED },
  });
}
