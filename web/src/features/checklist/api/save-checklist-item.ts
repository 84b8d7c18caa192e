import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import type { ChecklistItem, ItemStatus } from '../types';
import { checklistBase, checklistChangeKeys, itemPath } from './keys';

export interface ItemInput {
  name: string;
  description: string;
  category_id: string;
  status: ItemStatus;
  required: boolean;
  anticipated_file_count: number;
}

export const createItem = (dealId: string, body: ItemInput) => api.post<ChecklistItem>(`${checklistBase(dealId)}/items`, body);

export const updateItem = (dealId: string, itemId: string, body: Partial<ItemInput>) =>
  api.put<ChecklistItem>(itemPath(dealId, itemId), body);

/** Add Item (starts in progress) or Edit Item; `onDone` closes the dialog. */
export function useSaveChecklistItem(dealId: string, item: ChecklistItem | null | undefined, onDone: () => void) {
  const editing = !!item;
  return useApiMutation({
    mutationFn: (body: ItemInput) =>
      item ? updateItem(dealId, item.id, body) : createItem(dealId, { ...body, status: 'in_progress' }),
    invalidates: checklistChangeKeys(dealId),
    successMessage: editing ? 'Checklist item updated' : 'Checklist item added',
    errorMessage: editing ? 'Failed to update checklist item' : 'Failed to add checklist item',
    onSuccess: () => onDone(),
  });
}
