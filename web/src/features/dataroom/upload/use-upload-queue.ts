import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { notify } from '../../../lib/toast';
import { useUploadBatchDone } from '../api/upload-file';
import { isBusy } from './machine';
import { UploadQueue } from './queue';
import { dataRoomUploader } from './uploader';

/** One upload queue per data-room page; the listing refreshes when a batch ends (useUploadBatchDone). */
export function useUploadQueue(dealId: string) {
  const { mutate: batchDone } = useUploadBatchDone(dealId);
  const [queue] = useState(() => new UploadQueue(dataRoomUploader(dealId)));
  const state = useSyncExternalStore(queue.subscribe, queue.getState, queue.getState);
  const previous = useRef(state.phase);

  useEffect(() => {
    const before = previous.current;
    previous.current = state.phase;
    if (before === state.phase) return;
    if (isBusy(before) && !isBusy(state.phase)) {
      batchDone();
      if (state.phase === 'failed') {
        const failed = state.items.filter((item) => item.status === 'failed').length;
        notify.error(
          'Failed to upload files',
          `${failed} of ${state.items.length} file${state.items.length === 1 ? '' : 's'} could not be uploaded.`,
        );
      }
    }
  }, [state.phase, state.items, batchDone]);

  // Leaving the page would drop the files still being sent.
  const busy = isBusy(state.phase);
  useEffect(() => {
    if (!busy) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  return { queue, state };
}
