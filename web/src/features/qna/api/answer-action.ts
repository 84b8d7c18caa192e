import type { QuestionDetail } from '@contracts/qna';
import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { qnaBase, qnaKeys } from './keys';

export type AnswerAction =
  | { kind: 'draft'; body: string; attachment_file_ids?: string[] }
  | { kind: 'edit'; answerId: string; body: string }
  | { kind: 'release' | 'delete'; answerId: string };

const DONE: Record<AnswerAction['kind'], string> = {
  draft: 'Draft answer saved',
  edit: 'Draft answer updated',
  release: 'Answer released',
  delete: 'Draft answer deleted',
};

function run(dealId: string, id: string, action: AnswerAction) {
  const base = `${qnaBase(dealId)}/${encodeURIComponent(id)}/answers`;
  switch (action.kind) {
    case 'draft':
      return api.post<QuestionDetail>(base, { body: action.body, attachment_file_ids: action.attachment_file_ids ?? [] });
    case 'edit':
      return api.patch<QuestionDetail>(`${base}/${action.answerId}`, { body: action.body });
    case 'release':
      return api.post<QuestionDetail>(`${base}/${action.answerId}/release`);
    default:
      return api.delete<QuestionDetail>(`${base}/${action.answerId}`);
  }
}

/** Draft, edit, release (approvers) or delete an answer of one question. */
export function useAnswerAction(dealId: string, id: string, onDone?: (action: AnswerAction) => void) {
  return useApiMutation<QuestionDetail, AnswerAction>({
    mutationFn: (action) => run(dealId, id, action),
    invalidates: [qnaKeys.all(dealId)],
    successMessage: (_data, action) => DONE[action.kind],
    errorMessage: 'Failed to save the answer',
    onSuccess: (_data, action) => onDone?.(action),
  });
}
