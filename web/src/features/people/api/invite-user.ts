import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { peopleChanged } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

export const inviteToDeal = (dealId: string, body: { email: string; permission_set: string; company?: string }) =>
  api.post<{ id: string; email: string }>(`${dealPath(dealId)}/invite`, body);

/** Invite User (the older dialog): one address, a permission set, a company. */
export function useInviteUser(dealId: string, onDone: () => void) {
  return useApiMutation({
    mutationFn: (body: Parameters<typeof inviteToDeal>[1]) => inviteToDeal(dealId, body),
    invalidates: peopleChanged(dealId),
    successMessage: 'User invited successfully',
    errorMessage: 'Failed to invite user',
    onSuccess: () => onDone(),
  });
}
