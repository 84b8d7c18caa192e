import { useDeleteMutation } from '../../../lib/mutation';
import type { SystemPermissionSet } from '@contracts/admin';
import { adminKeys, systemSetPath } from './keys';

export function useDeleteSystemSet(onDone: () => void) {
  return useDeleteMutation({
    path: (set: SystemPermissionSet) => systemSetPath(set.id),
    invalidates: [adminKeys.all],
    successMessage: 'Permission set deleted',
    errorMessage: 'Failed to delete',
    onDone,
  });
}
