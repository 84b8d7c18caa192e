import type { AiAction, AiActionResult } from '@contracts/ai';
import { api } from '../../../lib/api/client';
import { dealKeys } from '../../../lib/api/deal';
import { useApiMutation } from '../../../lib/mutation';
import { filePath } from '../../../lib/api/deal-path';

export interface AiActionInput {
  fileId: string;
  action: AiAction;
  /** The chosen checklist item; override only. */
  itemId?: string | null;
}

/** The action as the toasts say it (docs/product.md §8 'AI suggestion {action}ed successfully'). */
const PAST: Record<AiAction, string> = {
  accept: 'accepted',
  dismiss: 'dismissed',
  override: 'overridden',
  try_again: 'sent back for analysis',
};
const VERB: Record<AiAction, string> = { accept: 'accept', dismiss: 'dismiss', override: 'override', try_again: 'retry' };

export const aiActionSuccess = (action: AiAction) => `AI suggestion ${PAST[action]} successfully`;
export const aiActionFailure = (action: AiAction) => `Failed to ${VERB[action]} AI suggestion`;

export const actOnSuggestion = (dealId: string, { fileId, action, itemId }: AiActionInput) =>
  api.post<AiActionResult>(`${filePath(dealId, fileId)}/ai-analysis/action`, {
    action,
    ...(action === 'override' ? { override_item_id: itemId } : {}),
  });

/**
 * Accept, override, dismiss or try again on a file's suggestion. A decision links files to items, so
 * the whole deal's cache refreshes: the dashboard, the data room, the checklist and the file page.
 */
export function useAiAction(dealId: string, onDone?: (result: AiActionResult, input: AiActionInput) => void) {
  return useApiMutation<AiActionResult, AiActionInput>({
    mutationFn: (input) => actOnSuggestion(dealId, input),
    invalidates: [dealKeys.detail(dealId)],
    successMessage: (_, input) => aiActionSuccess(input.action),
    errorMessage: (input) => aiActionFailure(input.action),
    onSuccess: onDone,
  });
}
