import { api } from '../../../lib/api/client';
import { mfaKeys } from '../../../lib/api/mfa-status';
import { useApiMutation } from '../../../lib/mutation';

export const endSession = (sessionId: string) => api.delete<{ message: string }>(`/auth/sessions/${sessionId}`);

export const useEndSession = () =>
  useApiMutation({
    mutationFn: (sessionId: string) => endSession(sessionId),
    invalidates: [mfaKeys.sessions],
    successMessage: 'Session signed out',
    errorMessage: 'Failed to sign out that session',
  });
