import { api } from '../../../lib/api/client';
import { mfaKeys } from '../../../lib/api/mfa-status';
import { useApiMutation } from '../../../lib/mutation';

export const newRecoveryCodes = () => api.post<{ recovery_codes: string[] }>('/auth/mfa/recovery-codes', {});

export const useNewRecoveryCodes = () =>
  useApiMutation({
    mutationFn: () => newRecoveryCodes(),
    invalidates: [mfaKeys.factors],
    errorMessage: 'Failed to make new recovery codes',
  });
