import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { adminUserPath } from './keys';

export function useResetPassword(onDone: () => void) {
  return useApiMutation<unknown, { id: string; password: string }>({
    mutationFn: ({ id, password }) => api.post(`${adminUserPath(id)}/reset-password`, { user_id: id, new_password: password }),
    successMessage: 'Password reset successfully',
    errorMessage: 'Failed to reset password',
    onSuccess: onDone,
  });
}
