import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import type { EnhancedUser, MemberUpdate } from '../types';
import { memberPath, peopleChanged } from './keys';

export const updateMember = (dealId: string, userId: string, body: MemberUpdate) =>
  api.put<EnhancedUser>(`${memberPath(dealId, userId)}/enhanced`, body);

/** The Edit User drawer's save. */
export function useUpdateMember(dealId: string, onDone: () => void) {
  return useApiMutation({
    mutationFn: ({ userId, update }: { userId: string; update: MemberUpdate }) => updateMember(dealId, userId, update),
    invalidates: peopleChanged(dealId),
    successMessage: 'User updated successfully',
    errorMessage: 'Failed to update users',
    onSuccess: () => onDone(),
  });
}
