/**
 * The checklist item page's changes, one hook per operation (web/src/lib/mutation.ts): each owns its
 * toasts and refreshes what shows checklist progress. A change's fresh item is kept with the rights
 * and history already loaded.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApiMutation } from '../../../lib/mutation';
import { useChecklistRefresh } from '../hooks';
import type { ChecklistItem, ChecklistItemDetail } from '../types';
import { approveItem, checklistKeys, patchItem, requestChanges, setFileApproval } from '.';

/** Keeps a fresh item (from a change or an upload) with what the page has loaded, then refreshes progress. */
export function useApplyFreshItem(dealId: string, itemId: string) {
  const queryClient = useQueryClient();
  const refreshChecklist = useChecklistRefresh(dealId);
  return useCallback(
    (fresh?: ChecklistItem) => {
      if (fresh) {
        queryClient.setQueryData<ChecklistItemDetail>(checklistKeys.item(dealId, itemId), (old) =>
          old ? { ...old, ...fresh } : old,
        );
      }
      refreshChecklist();
    },
    [queryClient, dealId, itemId, refreshChecklist],
  );
}

export function useSaveItem(dealId: string, itemId: string) {
  const applyFresh = useApplyFreshItem(dealId, itemId);
  return useApiMutation({
    mutationFn: (body: Parameters<typeof patchItem>[2]) => patchItem(dealId, itemId, body),
    successMessage: 'Checklist item updated',
    errorMessage: 'Failed to update checklist item',
    onSuccess: (fresh) => applyFresh(fresh),
  });
}

export function useApproveItem(dealId: string, itemId: string) {
  const applyFresh = useApplyFreshItem(dealId, itemId);
  return useApiMutation({
    mutationFn: () => approveItem(dealId, itemId),
    successMessage: 'Item approved',
    errorMessage: 'Failed to approve item',
    onSuccess: (fresh) => applyFresh(fresh),
  });
}

/** Sends the item back with an optional note; `onDone` closes the note's dialog. */
export function useRequestItemChanges(dealId: string, itemId: string, onDone: () => void) {
  const applyFresh = useApplyFreshItem(dealId, itemId);
  return useApiMutation({
    mutationFn: (note: string) => requestChanges(dealId, itemId, note.trim() || undefined),
    successMessage: 'Changes requested',
    errorMessage: 'Failed to request changes',
    onSuccess: (fresh) => {
      onDone();
      applyFresh(fresh);
    },
  });
}

/** The approval of one connected file, from the item page. */
export function useSetConnectedFileApproval(dealId: string, itemId: string) {
  const applyFresh = useApplyFreshItem(dealId, itemId);
  return useApiMutation({
    mutationFn: ({ fileId, status }: { fileId: string; status: string }) => setFileApproval(dealId, fileId, status),
    successMessage: 'Approval status updated',
    errorMessage: 'Failed to update approval status',
    onSuccess: () => applyFresh(),
  });
}
