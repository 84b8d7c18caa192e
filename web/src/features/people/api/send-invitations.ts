import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { notify } from '../../../lib/toast';
import type { BulkInviteResult, InvitationInput } from '../types';
import { peopleChanged } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

export const sendInvitation = (dealId: string, body: InvitationInput & { email: string }) =>
  api.post<{ id: string; email: string }>(`${dealPath(dealId)}/invitations`, body);
export const sendBulkInvitations = (dealId: string, body: InvitationInput & { emails: string[] }) =>
  api.post<BulkInviteResult>(`${dealPath(dealId)}/invitations/bulk`, body);

/** Add Users: one invitation, or many at once with a count of those sent and skipped. */
export function useSendInvitations(dealId: string, onDone: () => void) {
  return useApiMutation({
    mutationFn: async ({ emails, ...base }: InvitationInput & { emails: string[] }) => {
      if (emails.length === 1) {
        await sendInvitation(dealId, { ...base, email: emails[0] });
        return { single: true as const };
      }
      return { single: false as const, result: await sendBulkInvitations(dealId, { ...base, emails }) };
    },
    invalidates: peopleChanged(dealId),
    errorMessage: 'Failed to send invitations',
    onSuccess: (outcome) => {
      if (outcome.single) {
        notify.success('Invitation sent');
      } else {
        const skipped = outcome.result.skipped ?? [];
        const details = skipped
          .slice(0, 5)
          .map((entry) => `${entry.email}: ${entry.reason}`)
          .join('; ');
        const message = `Sent ${outcome.result.created_count} invitations. ${skipped.length} skipped.`;
        if (skipped.length > 0) notify.info(message, details + (skipped.length > 5 ? '; …' : ''));
        else notify.success(message);
      }
      onDone();
    },
  });
}
