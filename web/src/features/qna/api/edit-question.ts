import type { EditQuestionBody, QuestionDetail } from '@contracts/qna';
import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { qnaBase, qnaKeys } from './keys';

/** Edit a question: the asker its words while open and unanswered, the answering side how it is handled (decision 52). */
export function useEditQuestion(dealId: string, id: string, onDone?: (question: QuestionDetail) => void) {
  return useApiMutation<QuestionDetail, EditQuestionBody>({
    mutationFn: (body) => api.patch<QuestionDetail>(`${qnaBase(dealId)}/${encodeURIComponent(id)}`, body),
    invalidates: [qnaKeys.all(dealId)],
    successMessage: 'Question saved',
    errorMessage: 'Failed to save the question',
    onSuccess: onDone,
  });
}
