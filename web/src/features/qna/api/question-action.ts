import type { QuestionDetail } from '@contracts/qna';
import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { qnaBase, qnaKeys } from './keys';

export type QuestionAction =
  | { kind: 'assign'; assignee_id: string | null }
  | { kind: 'close' | 'reopen' | 'release' }
  | { kind: 'attach'; file_id: string; answer_id?: string | null };

const DONE: Record<QuestionAction['kind'], string> = {
  assign: 'Question assigned',
  close: 'Question closed',
  reopen: 'Question reopened',
  release: 'Question released to all bidders',
  attach: 'File attached',
};

export function runQuestionAction(dealId: string, id: string, action: QuestionAction) {
  const base = `${qnaBase(dealId)}/${encodeURIComponent(id)}`;
  if (action.kind === 'assign') return api.post<QuestionDetail>(`${base}/assign`, { assignee_id: action.assignee_id });
  if (action.kind === 'attach')
    return api.post<QuestionDetail>(`${base}/attachments`, { file_id: action.file_id, answer_id: action.answer_id ?? null });
  return api.post<QuestionDetail>(`${base}/${action.kind}`);
}

/** Assign, close, reopen, release to all bidders or attach a file: one question's workflow. */
export function useQuestionAction(dealId: string, id: string) {
  return useApiMutation<QuestionDetail, QuestionAction>({
    mutationFn: (action) => runQuestionAction(dealId, id, action),
    invalidates: [qnaKeys.all(dealId)],
    successMessage: (_data, action) => DONE[action.kind],
    errorMessage: 'Failed to update the question',
  });
}
