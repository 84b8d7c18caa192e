import { useApiMutation } from '../../../lib/mutation';
import { checklistChangeKeys } from './keys';

/**
 * A file uploaded into an item (upload.ts, outside useApiMutation: its conflicts and failures are shown
 * per file) is a checklist change: its completion is this mutation, which declares what it makes stale.
 */
export function useItemUploaded(dealId: string) {
  return useApiMutation<void, void>({
    mutationFn: async () => undefined,
    invalidates: checklistChangeKeys(dealId),
    errorMessage: 'Failed to upload files',
  });
}
