import { useDeleteMutation } from '../../../lib/mutation';
import { adminKeys, systemSetPath } from './keys';

export function useDeleteSystemSet(onDone: () => void) {
  return useDeleteMutation({
    path: (id: string) => systemSetPath(id),
    invalidates: [adminKeys.all],
    successMessage: 'Permission set deleted',
    errorMessage: 'Failed to delete',
    onDone,
  });
}
