import type { ReviewBulkResult } from '@contracts/review';
import { api } from '../../../lib/api/client';
import { dealKeys } from '../../../lib/api/deal';
import { useApiMutation } from '../../../lib/mutation';
import { notify } from '../../../lib/toast';
import { dealPath } from '../../../lib/api/deal-path';

export type Decision = 'approve' | 'request-changes';
export interface DecisionInput {
  ids: string[];
  decision: Decision;
}

const NOTES: Record<Decision, { one: string; many: string }> = {
  approve: { one: 'Approved from the review queue', many: 'Approved in bulk from the review queue' },
  'request-changes': { one: 'Changes requested from the review queue', many: 'Changes requested in bulk from the review queue' },
};

export const decide = (dealId: string, { ids, decision }: DecisionInput) =>
  api.post<ReviewBulkResult>(`${dealPath(dealId)}/review-queue/bulk-${decision}`, {
    item_ids: ids,
    note: ids.length === 1 ? NOTES[decision].one : NOTES[decision].many,
  });

/**
 * Approve or request changes on one row or a selection (docs/product.md §8 toasts): the queue, the
 * checklist, the data room and the dashboard refresh; a partial failure says how many failed.
 */
export function useReviewDecision(dealId: string, onDone?: (result: ReviewBulkResult, input: DecisionInput) => void) {
  return useApiMutation<ReviewBulkResult, DecisionInput>({
    mutationFn: (input) => decide(dealId, input),
    // The deal list too: its cards count the files pending review.
    invalidates: [dealKeys.detail(dealId), [...dealKeys.all, 'list']],
    successMessage: (result, input) => {
      if (result.failed_count > 0) {
        notify.error(
          `${result.failed_count} item${result.failed_count === 1 ? '' : 's'} failed to ${input.decision === 'approve' ? 'approve' : 'update'}`,
        );
      }
      if (result.success_count === 0) return undefined;
      const n = `${result.success_count} item${result.success_count === 1 ? '' : 's'}`;
      return input.decision === 'approve' ? `${n} approved successfully` : `Changes requested on ${n}`;
    },
    errorMessage: decisionErrorTitle,
    onSuccess: onDone,
  });
}

/** The failure title per action and size (docs/product.md §8). */
export function decisionErrorTitle({ ids, decision }: DecisionInput): string {
  if (decision === 'request-changes') return 'Failed to request changes';
  return ids.length === 1 ? 'Failed to approve item' : 'Failed to approve items';
}
