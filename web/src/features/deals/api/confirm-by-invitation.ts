import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { useSession, type User } from '../../../lib/session';
import type { InvitationLink } from '../../../lib/invitation-link';
import { dealsKeys } from './keys';

/**
 * Confirms the signed-in person's address with the invitation link they opened (docs/decisions.md
 * decision 33): the link reached only that mailbox. The profile and the pending invitations refresh.
 */
export function useConfirmByInvitation() {
  const { updateUser } = useSession();
  return useApiMutation({
    mutationFn: (invitation: InvitationLink) => api.post<{ user: User }>('/auth/invitation/confirm', { invitation }),
    invalidates: [dealsKeys.myInvitations],
    errorMessage: 'Failed to confirm your address',
    onSuccess: (answer) => updateUser(answer.user),
  });
}
