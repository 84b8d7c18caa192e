import { useQuery } from '@tanstack/react-query';
import type { PendingReview } from '@contracts/ai';
import { api } from '../../../lib/api/client';
import { AI_POLL_MS } from '../../../lib/ai-poll';
import { aiKeys } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

export const fetchPendingReview = (dealId: string, signal?: AbortSignal) =>
  api.get<PendingReview>(`${dealPath(dealId)}/files/pending-review`, { signal });

/** The dashboard's Files Pending Review (docs/product.md §2): files whose AI suggestion awaits a decision. */
export function usePendingReview(dealId: string, poll = false) {
  return useQuery({
    queryKey: aiKeys.pending(dealId),
    queryFn: ({ signal }) => fetchPendingReview(dealId, signal),
    // While files are still being analysed (and live events may be off), look again every 3 s.
    refetchInterval: poll ? AI_POLL_MS : false,
  });
}
