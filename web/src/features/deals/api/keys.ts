/** The deal screens' query keys besides the shared deal's (`dealKeys`, lib/api/deal.ts). */
import { dealKeys } from '../../../lib/api/deal';

export const dealsKeys = {
  /** The signed-in person's pending invitations (the deal list's banner and the invitation page). */
  myInvitations: ['invitations', 'mine'] as const,
  requiringVerification: ['deals', 'requiring-verification'] as const,
  activePresets: ['checklist-presets', 'active'] as const,
  dashboard: (dealId: string) => dealKeys.scoped(dealId, 'dashboard'),
};
