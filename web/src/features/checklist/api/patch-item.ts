import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import type { ChecklistItem } from '../types';
import { checklistChangeKeys, itemPath } from './keys';

export interface ItemPatch {
  name?: string;
  description?: string;
  required?: boolean;
  anticipated_file_count?: number;
}

export const patchItem = (dealId: string, itemId: string, body: ItemPatch) =>
  api.patch<ChecklistItem>(itemPath(dealId, itemId), body);

/** The item page's details: name, description, required, expected files. */
export function usePatchItem(dealId: string, itemId: string) {
  return useApiMutation({
    mutationFn: (body: ItemPatch) => patchItem(dealId, itemId, body),
    invalidates: checklistChangeKeys(dealId),
    successMessage: 'Checklist item updated',
    errorMessage: 'Failed to update checklist item',
  });
}
