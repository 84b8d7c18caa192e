import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import type { PermissionSet } from '../types';
import { peopleChanged, setPath } from './keys';

export const deletePermissionSet = (dealId: string, setId: string) => api.delete<unknown>(setPath(dealId, setId));

export function useDeletePermissionSet(dealId: string, onDone: () => void) {
  return useApiMutation({
    mutationFn: (set: PermissionSet) => deletePermissionSet(dealId, set.id),
    invalidates: peopleChanged(dealId),
    successMessage: 'Permission set deleted',
    errorMessage: 'Failed to delete',
    onSuccess: () => onDone(),
  });
}
