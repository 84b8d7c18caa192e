import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import type { ChecklistItem } from '../types';
import { checklistChangeKeys, itemPath } from './keys';

export const approveItem = (dealId: string, itemId: string, note?: string) =>
  api.post<ChecklistItem>(`${itemPath(dealId, itemId)}/approve`, note ? { note } : undefined);

export function useApproveItem(dealId: string, itemId: string) {
  return useApiMutation({
    mutationFn: () => approveItem(dealId, itemId),
    invalidates: checklistChangeKeys(dealId),
    successMessage: 'Item approved',
    errorMessage: 'Failed to approve item',
  });
}
