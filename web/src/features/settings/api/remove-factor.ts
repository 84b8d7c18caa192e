import { api } from '../../../lib/api/client';
import { mfaKeys } from '../../../lib/api/mfa-status';
import { useApiMutation } from '../../../lib/mutation';
import { useSession } from '../../../lib/session';

export const removeFactor = (factorId: string) => api.delete<{ message: string }>(`/auth/mfa/factors/${factorId}`);

/** Removes an authenticator; removing the last turns two-step verification off. */
export function useRemoveFactor() {
  const { updateUser, user } = useSession();
  return useApiMutation({
    mutationFn: ({ factorId }: { factorId: string; last: boolean }) => removeFactor(factorId),
    invalidates: [mfaKeys.factors],
    successMessage: (_answer, { last }) => (last ? 'Two-step verification is off' : 'Authenticator removed'),
    errorMessage: 'Failed to remove the authenticator',
    onSuccess: (_answer, { last }) => {
      if (last && user) updateUser({ ...user, mfa_enabled: false });
    },
  });
}
