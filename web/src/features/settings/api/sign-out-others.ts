import { api } from '../../../lib/api/client';
import { mfaKeys } from '../../../lib/api/mfa-status';
import { useApiMutation } from '../../../lib/mutation';

export const signOutOthers = () => api.post<{ message: string }>('/auth/logout', { scope: 'others' });

export const useSignOutOthers = () =>
  useApiMutation({
    mutationFn: () => signOutOthers(),
    invalidates: [mfaKeys.sessions],
    successMessage: 'Every other session was signed out',
    errorMessage: 'Failed to sign out the other sessions',
  });
