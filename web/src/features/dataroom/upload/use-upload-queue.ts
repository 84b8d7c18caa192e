import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { dealKeys } from '../../../lib/api/deal';
import { notify } from '../../../lib/toast';
import { dataRoomKeys } from '../api';
import { isBusy } from './machine';
import { UploadQueue } from './queue';
import { dataRoomUploader } from './uploader';

/** One upload queue per data-room page; the listing refreshes when a batch ends. */
export function useUploadQueue(dealId: string) {
  const queryClient = useQueryClient();
  const [queue] = useState(() => new UploadQueue(dataRoomUploader(dealId)));
  const state = useSyncExternalStore(queue.subscribe, queue.getState, queue.getState);
  const previous = useRef(state.phase);

  useEffect(() => {
    const before = previous.current;
    previous.current = state.phase;
    if (before === state.phase) return;
    if (isBusy(before) && !isBusy(state.phase)) {
      void queryClient.invalidateQueries({ queryKey: dataRoomKeys.all(dealId) });
      void queryClient.invalidateQueries({ queryKey: dealKeys.scoped(dealId, 'dashboard') });
      if (state.phase === 'failed') {
        const failed = state.items.filter((item) => item.status === 'failed').length;
        notify.error(
          'Failed to upload files',
          `${failed} of ${state.items.length} file${state.items.length === 1 ? '' : 's'} could not be uploaded.`,
        );
      }
    }
  }, [state.phase, state.items, dealId, queryClient]);

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
