import { useDeleteMutation } from '../../../lib/mutation';
import { adminKeys, adminUserPath } from './keys';

export function useDeleteUser(onDone: () => void) {
  return useDeleteMutation({
    path: (id: string) => adminUserPath(id),
    invalidates: [adminKeys.all],
    successMessage: 'User deleted successfully',
    errorMessage: 'Failed to delete user',
    onDone,
  });
}
