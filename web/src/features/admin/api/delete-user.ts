import { useDeleteMutation } from '../../../lib/mutation';
import type { AdminUser } from '@contracts/admin';
import { adminKeys, adminUserPath } from './keys';

export function useDeleteUser(onDone: () => void) {
  return useDeleteMutation({
    path: (user: AdminUser) => adminUserPath(user.id),
    invalidates: [adminKeys.all],
    successMessage: 'User deleted successfully',
    errorMessage: 'Failed to delete user',
    onDone,
  });
}
