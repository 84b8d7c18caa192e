import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { memberPath, peopleChanged } from './keys';

export const removeMember = (dealId: string, userId: string) =>
  api.delete<{ user_id: string; removed: boolean }>(memberPath(dealId, userId));

export function useRemoveMember(dealId: string, onDone: () => void) {
  return useApiMutation({
    mutationFn: (userId: string) => removeMember(dealId, userId),
    invalidates: peopleChanged(dealId),
    successMessage: 'User removed successfully',
    errorMessage: 'Failed to remove user',
    onSuccess: () => onDone(),
  });
}
