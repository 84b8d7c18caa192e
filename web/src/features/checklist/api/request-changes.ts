import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import type { ChecklistItem } from '../types';
import { checklistChangeKeys, itemPath } from './keys';

export const requestChanges = (dealId: string, itemId: string, note?: string) =>
  api.post<ChecklistItem>(`${itemPath(dealId, itemId)}/request-changes`, note ? { note } : undefined);

/** Sends the item back with an optional note; `onDone` closes the note's dialog. */
export function useRequestItemChanges(dealId: string, itemId: string, onDone: () => void) {
  return useApiMutation({
    mutationFn: (note: string) => requestChanges(dealId, itemId, note.trim() || undefined),
    invalidates: checklistChangeKeys(dealId),
    successMessage: 'Changes requested',
    errorMessage: 'Failed to request changes',
    onSuccess: () => onDone(),
  });
}
