import { useQuery } from '@tanstack/react-query';
import type { QuestionDetail } from '@contracts/qna';
import { api } from '../../../lib/api/client';
import { qnaBase, qnaKeys, QNA_POLL_MS } from './keys';

export const fetchQuestion = (dealId: string, id: string, signal?: AbortSignal) =>
  api.get<QuestionDetail>(`${qnaBase(dealId)}/${encodeURIComponent(id)}`, { signal });

/** One question with its thread and attachments (a 404 is shown as a state). */
export const useQuestion = (dealId: string, id: string) =>
  useQuery({
    queryKey: qnaKeys.detail(dealId, id),
    queryFn: ({ signal }) => fetchQuestion(dealId, id, signal),
    refetchInterval: QNA_POLL_MS,
    meta: { errorTitle: 'Failed to load question', quietStatuses: [404] },
  });
