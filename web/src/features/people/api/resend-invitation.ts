import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import type { Invitation } from '../types';
import { invitationPath, peopleChanged } from './keys';

export const resendInvitation = (dealId: string, invitationId: string) =>
  api.post<unknown>(`${invitationPath(dealId, invitationId)}/resend`);

export function useResendInvitation(dealId: string) {
  return useApiMutation({
    mutationFn: (invitation: Invitation) => resendInvitation(dealId, invitation.id),
    invalidates: peopleChanged(dealId),
    successMessage: 'Invitation resent',
    errorMessage: 'Failed to resend invitation',
  });
}
