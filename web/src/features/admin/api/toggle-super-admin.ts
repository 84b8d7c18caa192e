import type { AdminUser } from '@contracts/admin';
import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { adminKeys } from './keys';

export function useToggleSuperAdmin(onDone: () => void) {
  return useApiMutation<{ message: string }, { user: AdminUser; promote: boolean }>({
    mutationFn: ({ user, promote }) => api.post('/admin/super-admins/toggle', { user_id: user.id, is_super_admin: promote }),
    invalidates: [adminKeys.all],
    successMessage: (result) => result.message,
    errorMessage: ({ promote }) => (promote ? 'Failed to promote user' : 'Failed to revoke super admin'),
    onSuccess: onDone,
  });
}
