import { useInfiniteQuery } from '@tanstack/react-query';
import type { QuestionList } from '@contracts/qna';
import { QNA_PAGE_DEFAULT } from '@contracts/values';
import { api } from '../../../lib/api/client';
import { qnaBase, qnaKeys, QNA_POLL_MS, type QnaFilters } from './keys';

export const fetchQuestions = (dealId: string, filters: QnaFilters, after: string | undefined, signal?: AbortSignal) =>
  api.get<QuestionList>(qnaBase(dealId), {
    query: {
      status: filters.status,
      scope: filters.scope,
      assignee: filters.assignee,
      file_id: filters.file_id,
      item_id: filters.item_id,
      search: filters.search.trim() || undefined,
      after,
      limit: QNA_PAGE_DEFAULT,
    },
    signal,
  });

/** The questions the caller sees under the filters, newest first; `fetchNextPage` is Load More. */
export function useQuestions(dealId: string, filters: QnaFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: qnaKeys.list(dealId, filters),
    queryFn: ({ pageParam, signal }) => fetchQuestions(dealId, filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    refetchInterval: QNA_POLL_MS,
    enabled,
    meta: { errorTitle: 'Failed to load questions' },
  });
}
