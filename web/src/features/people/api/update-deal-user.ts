import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { memberPath, peopleChanged } from './keys';

export type DealUserUpdate = { permission_set?: string; company?: string | null };

/** Part 1's member update: a permission set (or the admin role) and a company. */
export const updateDealUser = (dealId: string, userId: string, body: DealUserUpdate) =>
  api.put<unknown>(memberPath(dealId, userId), body);

/** The Manage Users dialog's save: a member's permission set (or the admin role) and company. */
export function useUpdateDealUser(dealId: string, onDone?: () => void) {
  return useApiMutation({
    mutationFn: ({ userId, body }: { userId: string; body: DealUserUpdate }) => updateDealUser(dealId, userId, body),
    invalidates: peopleChanged(dealId),
    successMessage: 'User permissions updated successfully',
    errorMessage: 'Failed to update user permissions',
    onSuccess: () => onDone?.(),
  });
}
