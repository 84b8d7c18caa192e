/**
 * Invitations to a deal, one hook per operation (web/src/lib/mutation.ts): each owns its toasts
 * (docs/product.md §8) and refreshes everything people-related; `onDone` is the screen's follow-up.
 */
import { useApiMutation } from '../../../lib/mutation';
import { notify } from '../../../lib/toast';
import { useRefreshPeople } from './people-reads';
import type { Invitation, InvitationInput } from '../types';
import { inviteToDeal, resendInvitation, revokeInvitation, sendBulkInvitations, sendInvitation } from '.';

export function useResendInvitation(dealId: string) {
  const refresh = useRefreshPeople(dealId);
  return useApiMutation({
    mutationFn: (invitation: Invitation) => resendInvitation(dealId, invitation.id),
    successMessage: 'Invitation resent',
    errorMessage: 'Failed to resend invitation',
    onSuccess: () => refresh(),
  });
}

export function useRevokeInvitation(dealId: string, onDone: () => void) {
  const refresh = useRefreshPeople(dealId);
  return useApiMutation({
    mutationFn: (invitation: Invitation) => revokeInvitation(dealId, invitation.id),
    successMessage: 'Invitation revoked',
    errorMessage: 'Failed to revoke invitation',
    onSuccess: () => {
      onDone();
      refresh();
    },
  });
}

/** Invite User (the older dialog): one address, a permission set, a company. */
export function useInviteUser(dealId: string, onDone: () => void) {
  const refresh = useRefreshPeople(dealId);
  return useApiMutation({
    mutationFn: (body: Parameters<typeof inviteToDeal>[1]) => inviteToDeal(dealId, body),
    successMessage: 'User invited successfully',
    errorMessage: 'Failed to invite user',
    onSuccess: () => {
      refresh();
      onDone();
    },
  });
}

/** Add Users: one invitation, or many at once with a count of those sent and skipped. */
export function useSendInvitations(dealId: string, onDone: () => void) {
  const refresh = useRefreshPeople(dealId);
  return useApiMutation({
    mutationFn: async ({ emails, ...base }: InvitationInput & { emails: string[] }) => {
      if (emails.length === 1) {
        await sendInvitation(dealId, { ...base, email: emails[0] });
        return { single: true as const };
      }
      return { single: false as const, result: await sendBulkInvitations(dealId, { ...base, emails }) };
    },
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
      refresh();
      onDone();
    },
  });
}
