import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { dealKeys } from '../../../lib/api/deal';
import { liveEvents, type LiveEvents } from './live-events';

export type { DealEvent } from './live-events';
export { parseEventStream } from './sse-events';

const REFRESH_AFTER_MS = 400;

/**
 * Live AI status (docs/architecture.md "Live status"): refreshes the deal's queries when one of its
 * events arrives, through whichever live events this build uses (`live-events.ts`), so badges,
 * dashboard counts and the review list move without a reload. Events close together cause one refresh.
 */
export function useDealEvents(dealId: string | undefined, source: LiveEvents = liveEvents) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!dealId) return;
    let refresh: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = source.subscribe(dealId, () => {
      if (refresh) return;
      refresh = setTimeout(() => {
        refresh = undefined;
        void queryClient.invalidateQueries({ queryKey: dealKeys.scoped(dealId), refetchType: 'active' });
      }, REFRESH_AFTER_MS);
    });
    return () => {
      unsubscribe();
      if (refresh) clearTimeout(refresh);
    };
  }, [dealId, queryClient, source]);
}
