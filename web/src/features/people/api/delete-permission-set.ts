import { useDeleteMutation } from '../../../lib/mutation';
import type { PermissionSet } from '../types';
import { peopleChanged, setPath } from './keys';

export function useDeletePermissionSet(dealId: string, onDone: () => void) {
  return useDeleteMutation({
    path: (set: PermissionSet) => setPath(dealId, set.id),
    invalidates: peopleChanged(dealId),
    successMessage: 'Permission set deleted',
    errorMessage: 'Failed to delete',
    onDone,
  });
}
