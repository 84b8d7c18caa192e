import type { AdminUser } from '@contracts/admin';
import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { adminKeys, adminUserPath } from './keys';

export interface UserEdit {
  first_name: string;
  last_name: string;
  title: string;
}

export function useUpdateUser(onDone: () => void) {
  return useApiMutation<AdminUser, { id: string } & UserEdit>({
    mutationFn: ({ id, ...body }) => api.put<AdminUser>(adminUserPath(id), body),
    invalidates: [adminKeys.all],
    successMessage: 'User updated successfully',
    errorMessage: 'Failed to update user',
    onSuccess: onDone,
  });
}
