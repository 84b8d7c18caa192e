import type { QnaBulkResult } from '@contracts/qna';
import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { notify } from '../../../lib/toast';
import { qnaBase, qnaKeys } from './keys';

export type BulkAction = { kind: 'assign'; ids: string[]; assignee_id: string | null } | { kind: 'close'; ids: string[] };

/** Assign or close the selected questions; each that fails is counted, the rest go through. */
export function useBulkAction(dealId: string, onDone?: () => void) {
  return useApiMutation<QnaBulkResult, BulkAction>({
    mutationFn: (action) =>
      action.kind === 'assign'
        ? api.post<QnaBulkResult>(`${qnaBase(dealId)}/bulk-assign`, { question_ids: action.ids, assignee_id: action.assignee_id })
        : api.post<QnaBulkResult>(`${qnaBase(dealId)}/bulk-close`, { question_ids: action.ids }),
    invalidates: [qnaKeys.all(dealId)],
    successMessage: (result, action) => {
      if (result.failed_count > 0)
        notify.error(`${result.failed_count} question${result.failed_count === 1 ? '' : 's'} could not be changed`);
      if (result.success_count === 0) return undefined;
      const n = `${result.success_count} question${result.success_count === 1 ? '' : 's'}`;
      return action.kind === 'assign' ? `${n} assigned` : `${n} closed`;
    },
    errorMessage: 'Failed to update the questions',
    onSuccess: onDone,
  });
}
