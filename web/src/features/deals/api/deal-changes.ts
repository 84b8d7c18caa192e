/**
 * Creating, editing and archiving a deal, one hook per operation (web/src/lib/mutation.ts): each owns
 * its toasts (docs/product.md §8) and makes the deal lists stale; `onDone` is the screen's follow-up.
 */
import { useQueryClient } from '@tanstack/react-query';
import { type Deal, dealKeys } from '../../../lib/api/deal';
import { useApiMutation } from '../../../lib/mutation';
import { rememberArchivedDeal } from '../archived-marker';
import { archiveDeal, createDeal, updateDeal } from '.';

export type DealSave =
  | { kind: 'create'; body: Parameters<typeof createDeal>[0] }
  | { kind: 'update'; dealId: string; body: Parameters<typeof updateDeal>[1] };

/** Create Deal or Edit Deal; the saved deal is cached at once, so the page it leads to shows it. */
export function useSaveDeal(editing: boolean, onDone: (saved: Deal) => void) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (save: DealSave) => (save.kind === 'update' ? updateDeal(save.dealId, save.body) : createDeal(save.body)),
    invalidates: [dealKeys.all],
    successMessage: editing ? 'Deal updated successfully' : 'Deal created successfully',
    errorMessage: editing ? 'Failed to update deal' : 'Failed to create deal',
    onSuccess: (saved) => {
      if (saved?.id) queryClient.setQueryData(dealKeys.detail(saved.id), saved);
      onDone(saved);
    },
  });
}

export function useArchiveDeal(dealId: string, onDone: () => void) {
  return useApiMutation({
    mutationFn: () => archiveDeal(dealId),
    invalidates: [dealKeys.all],
    successMessage: 'Deal archived successfully',
    errorMessage: 'Failed to archive deal',
    onSuccess: () => {
      rememberArchivedDeal(dealId);
      onDone();
    },
  });
}
