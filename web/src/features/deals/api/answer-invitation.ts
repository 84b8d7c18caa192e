import { api } from '../../../lib/api/client';
import { dealKeys } from '../../../lib/api/deal';
import { useApiMutation } from '../../../lib/mutation';
import { dealsKeys } from './keys';

export interface AnswerInvitationInput {
  invitationId: string;
  accept: boolean;
  /** The token of the mailed link, when answering through it. */
  token?: string | null;
}

export interface InvitationAnswer {
  invitation_id: string;
  deal_id: string;
  status: 'accepted' | 'declined';
}

export const answerInvitation = ({ invitationId, accept, token }: AnswerInvitationInput) =>
  api.post<InvitationAnswer>(
    `/invitations/${encodeURIComponent(invitationId)}/${accept ? 'accept' : 'decline'}`,
    token ? { token } : undefined,
  );

/** Accept or decline an invitation (docs/product.md §2); the deal list and the pending invitations refresh. */
export function useAnswerInvitation(onAnswered: (answer: InvitationAnswer, input: AnswerInvitationInput) => void) {
  return useApiMutation({
    mutationFn: answerInvitation,
    invalidates: [dealsKeys.myInvitations, dealKeys.all],
    successMessage: (_, input) => (input.accept ? 'Invitation accepted! Loading deal...' : 'Invitation declined'),
    errorMessage: (input) => (input.accept ? 'Failed to accept invitation' : 'Failed to decline invitation'),
    onSuccess: onAnswered,
  });
}
