import { dealKeys } from '../../../lib/api/deal';

/** Query keys of the AI assistant; all under the deal, so a deal-wide refresh reaches them. */
export const aiKeys = {
  all: (dealId: string) => dealKeys.scoped(dealId, 'ai'),
  analysis: (dealId: string, fileId: string) => dealKeys.scoped(dealId, 'ai', 'analysis', fileId),
  pending: (dealId: string) => dealKeys.scoped(dealId, 'ai', 'pending-review'),
  suggestions: (dealId: string) => dealKeys.scoped(dealId, 'ai', 'checklist-suggestions'),
  choices: (dealId: string) => dealKeys.scoped(dealId, 'checklist', 'ai-choices'),
};
