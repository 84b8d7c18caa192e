import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import type { ChecklistItem, ItemStatus } from '../types';
import { checklistBase, checklistChangeKeys } from './keys';

/** PUT checklist/{id} {status, files}: the item's status and exactly which files answer it. */
export const updateItemStatusAndFiles = (dealId: string, itemId: string, body: { status?: ItemStatus; files?: string[] }) =>
  api.put<ChecklistItem>(`${checklistBase(dealId)}/${encodeURIComponent(itemId)}`, body);

/** Update Item: its status and the files connected to it; `onDone` closes the dialog. */
export function useUpdateItemStatusAndFiles(dealId: string, itemId: string | undefined, onDone: () => void) {
  return useApiMutation({
    mutationFn: (body: { status: ItemStatus; files?: string[] }) => updateItemStatusAndFiles(dealId, itemId!, body),
    invalidates: checklistChangeKeys(dealId),
    successMessage: 'Checklist item updated',
    errorMessage: 'Failed to update checklist item',
    onSuccess: () => onDone(),
  });
}
