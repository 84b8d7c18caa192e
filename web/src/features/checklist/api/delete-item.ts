import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import type { ChecklistItem } from '../types';
import { checklistChangeKeys, itemPath } from './keys';

export const deleteItem = (dealId: string, itemId: string) =>
  api.delete<{ id: string; deleted: boolean }>(itemPath(dealId, itemId));

/** Deletes an item (its files stay in the data room); `onDone` closes the confirmation. */
export function useDeleteChecklistItem(dealId: string, onDone: () => void) {
  return useApiMutation({
    mutationFn: (item: ChecklistItem) => deleteItem(dealId, item.id),
    invalidates: checklistChangeKeys(dealId),
    successMessage: 'Checklist item deleted',
    errorMessage: 'Failed to delete checklist item',
    onSuccess: () => onDone(),
  });
}
