import { useDeleteMutation } from '../../../lib/mutation';
import type { Invitation } from '../types';
import { invitationPath, peopleChanged } from './keys';

export function useRevokeInvitation(dealId: string, onDone: () => void) {
  return useDeleteMutation({
    path: (invitation: Invitation) => invitationPath(dealId, invitation.id),
    invalidates: peopleChanged(dealId),
    successMessage: 'Invitation revoked',
    errorMessage: 'Failed to revoke invitation',
    onDone,
  });
}
