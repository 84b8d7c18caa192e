import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { checklistChangeKeys } from './keys';
import { filePath } from '../../../lib/api/deal-path';

/** A file's approval as set from the checklist (docs/product.md §6). */
export const setFileApproval = (dealId: string, fileId: string, status: string) =>
  api.put<unknown>(`${filePath(dealId, fileId)}/approval`, { status });

/** The approval of one connected file, from the item page. */
export function useSetConnectedFileApproval(dealId: string) {
  return useApiMutation({
    mutationFn: ({ fileId, status }: { fileId: string; status: string }) => setFileApproval(dealId, fileId, status),
    invalidates: checklistChangeKeys(dealId),
    successMessage: 'Approval status updated',
    errorMessage: 'Failed to update approval status',
  });
}
