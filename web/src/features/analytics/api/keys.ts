import { dealKeys } from '../../../lib/api/deal';

/** Query keys of who read what; all under the deal, so a deal-wide refresh reaches them. */
export const analyticsKeys = {
  all: (dealId: string) => dealKeys.scoped(dealId, 'analytics'),
  fileViews: (dealId: string, fileId: string) => dealKeys.scoped(dealId, 'analytics', 'file', fileId),
  deal: (dealId: string, from: string, to: string) => dealKeys.scoped(dealId, 'analytics', 'deal', from, to),
};
