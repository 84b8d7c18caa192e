import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import type { Invitation } from '../types';
import { invitationPath, peopleChanged } from './keys';

export const revokeInvitation = (dealId: string, invitationId: string) =>
  api.delete<unknown>(invitationPath(dealId, invitationId));

export function useRevokeInvitation(dealId: string, onDone: () => void) {
  return useApiMutation({
    mutationFn: (invitation: Invitation) => revokeInvitation(dealId, invitation.id),
    invalidates: peopleChanged(dealId),
    successMessage: 'Invitation revoked',
    errorMessage: 'Failed to revoke invitation',
    onSuccess: () => onDone(),
  });
}
