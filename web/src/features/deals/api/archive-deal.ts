import { api } from '../../../lib/api/client';
import { type Deal, dealKeys } from '../../../lib/api/deal';
import { useApiMutation } from '../../../lib/mutation';
import { rememberArchivedDeal } from '../archived-marker';
import { dealPath } from '../../../lib/api/deal-path';

export const archiveDeal = (dealId: string) => api.put<Deal>(`${dealPath(dealId)}/archive`);

/** Archive Deal (docs/product.md §8 toasts): the deal lists go stale; `onDone` is the screen's follow-up. */
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
