import type { ReviewQueueQuery } from '@contracts/review';
import { dealKeys } from '../../../lib/api/deal';

export type ReviewFilters = Pick<ReviewQueueQuery, 'kind' | 'status' | 'sort'> & {
  category_id?: string;
  search: string;
  /** Checklist items with no file yet: hidden unless asked for. */
  empty?: 'hide' | 'show';
};

export const reviewKeys = {
  all: (dealId: string) => dealKeys.scoped(dealId, 'review'),
  queue: (dealId: string, filters: ReviewFilters) => [...dealKeys.scoped(dealId, 'review'), filters] as const,
};
