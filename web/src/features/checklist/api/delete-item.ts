import { useDeleteMutation } from '../../../lib/mutation';
import type { ChecklistItem } from '../types';
import { checklistChangeKeys, itemPath } from './keys';

/** Deletes an item (its files stay in the data room); `onDone` closes the confirmation. */
export function useDeleteChecklistItem(dealId: string, onDone: () => void) {
  return useDeleteMutation({
    path: (item: ChecklistItem) => itemPath(dealId, item.id),
    invalidates: checklistChangeKeys(dealId),
    successMessage: 'Checklist item deleted',
    errorMessage: 'Failed to delete checklist item',
    onDone,
  });
}
