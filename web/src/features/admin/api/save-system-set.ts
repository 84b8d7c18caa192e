import type { SystemPermissionSet } from '@contracts/admin';
import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { adminKeys, systemSetPath } from './keys';

export interface SystemSetInput {
  id?: string;
  name: string;
  description: string;
  capabilities: Record<string, boolean>;
}

export function useSaveSystemSet(onDone: () => void) {
  return useApiMutation<SystemPermissionSet, SystemSetInput>({
    mutationFn: ({ id, ...body }) =>
      id ? api.put<SystemPermissionSet>(systemSetPath(id), body) : api.post<SystemPermissionSet>('/admin/permission-sets', body),
    invalidates: [adminKeys.all],
    successMessage: (_, input) => (input.id ? 'System permission set updated' : 'System permission set created'),
    errorMessage: 'Failed to save',
    onSuccess: onDone,
  });
}
