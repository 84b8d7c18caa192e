import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { notify } from '../../../lib/toast';
import { bulkFailureTitle, bulkOperation, bulkResultToast, type BulkAction, type BulkOperation } from '../bulk';
import type { BulkResult } from '../types';
import { peopleChanged } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

export const bulkUpdateMembers = (dealId: string, userIds: string[], operation: BulkOperation) =>
  api.post<BulkResult>(`${dealPath(dealId)}/users/bulk-update`, { user_ids: userIds, ...operation });

/**
 * One change to many members (docs/product.md §7). The request succeeds even when some members were refused,
 * so the toast comes from the answer (success, or the count that failed): not useApiMutation's error toast.
 */
export function useBulkUpdateMembers(dealId: string, userIds: string[], onDone: () => void) {
  return useApiMutation({
    mutationFn: (action: BulkAction) => bulkUpdateMembers(dealId, userIds, bulkOperation(action)),
    invalidates: peopleChanged(dealId),
    errorMessage: (action) => bulkFailureTitle(action),
    onSuccess: (result, action) => {
      const toast = bulkResultToast(action, result);
      if (toast.type === 'success') notify.success(toast.title, toast.description);
      else notify.error(toast.title, toast.description);
      onDone();
    },
  });
}
