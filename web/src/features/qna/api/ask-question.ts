import type { CreateQuestionBody, QuestionDetail } from '@contracts/qna';
import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { qnaBase, qnaKeys } from './keys';

/** Ask a question about the deal, a file or a checklist item. */
export function useAskQuestion(dealId: string, onDone?: (question: QuestionDetail) => void) {
  return useApiMutation<QuestionDetail, CreateQuestionBody>({
    mutationFn: (body) => api.post<QuestionDetail>(qnaBase(dealId), body),
    invalidates: [qnaKeys.all(dealId)],
    successMessage: 'Question sent',
    errorMessage: 'Failed to ask the question',
    onSuccess: onDone,
  });
}
