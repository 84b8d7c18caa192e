import { useApiMutation } from '../../../lib/mutation';
import { dataRoomChangeKeys } from './keys';

/**
 * The end of an upload batch as a change: the queue sends the bytes itself (upload/queue.ts), and this
 * declares what its end makes stale, the one way the cache is refreshed (lib/mutation.ts).
 */
export const useUploadBatchDone = (dealId: string) =>
  useApiMutation({
    mutationFn: async () => undefined,
    invalidates: dataRoomChangeKeys(dealId),
    errorMessage: 'Failed to upload files',
  });
