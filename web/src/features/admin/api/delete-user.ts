import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { adminKeys, adminUserPath } from './keys';

export function useDeleteUser(onDone: () => void) {
  return useApiMutation<unknown, string>({
    mutationFn: (id) => api.delete(adminUserPath(id)),
    invalidates: [adminKeys.all],
    successMessage: 'User deleted successfully',
    errorMessage: 'Failed to delete user',
    onSuccess: onDone,
  });
}
