import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { type Deal, dealKeys } from '../../../lib/api/deal';
import { useApiMutation } from '../../../lib/mutation';
import { dealPath } from '../../../lib/api/deal-path';

export interface DealInput {
  name: string;
  description: string;
  /** Edit Deal only: require two-step verification of everyone in the deal. */
  require_mfa?: boolean;
  /** Edit Deal only: downloaded PDFs and images carry the downloader's stamp. */
  watermark_downloads?: boolean;
  /** Edit Deal only: the language the deal's documents are searched in. */
  search_language?: 'english' | 'german';
}

export const createDeal = (input: DealInput & { checklist_preset: string }) => api.post<Deal>('/deals', input);

export const updateDeal = (dealId: string, input: DealInput) => api.put<Deal>(dealPath(dealId), input);

export type DealSave =
  | { kind: 'create'; body: Parameters<typeof createDeal>[0] }
  | { kind: 'update'; dealId: string; body: Parameters<typeof updateDeal>[1] };

/**
 * Create Deal or Edit Deal (docs/product.md §8 toasts); the deal lists go stale, and the saved deal is
 * cached at once, so the page it leads to shows it. `onDone` is the screen's follow-up.
 */
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
