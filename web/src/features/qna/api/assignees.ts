import { useQuery } from '@tanstack/react-query';
import type { QnaAssignee } from '@contracts/qna';
import { api } from '../../../lib/api/client';
import { qnaBase, qnaKeys } from './keys';

/** Members who answer questions: whom a question can be assigned to (answering side only). */
export const useAssignees = (dealId: string, enabled: boolean) =>
  useQuery({
    queryKey: qnaKeys.assignees(dealId),
    queryFn: ({ signal }) => api.get<QnaAssignee[]>(`${qnaBase(dealId)}/assignees`, { signal }),
    enabled,
    staleTime: 60_000,
    meta: { errorTitle: 'Failed to load assignees' },
  });
