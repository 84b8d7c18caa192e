import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { adminKeys, systemSetPath } from './keys';

export function useDeleteSystemSet(onDone: () => void) {
  return useApiMutation<unknown, string>({
    mutationFn: (id) => api.delete(systemSetPath(id)),
    invalidates: [adminKeys.all],
    successMessage: 'Permission set deleted',
    errorMessage: 'Failed to delete',
    onSuccess: onDone,
  });
}
