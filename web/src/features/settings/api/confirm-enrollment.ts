import { setToken } from '../../../lib/api/client';
import { mfaKeys, verifyCode } from '../../../lib/api/mfa-status';
import { useApiMutation } from '../../../lib/mutation';
import { useSession } from '../../../lib/session';

/** The first code from the new authenticator: the session is now verified, so its new tokens replace the old. */
export function useConfirmEnrollment() {
  const { updateUser } = useSession();
  return useApiMutation({
    // The new tokens are stored before anything refetches: the old ones no longer open anything
    // (an enrolled account's unverified session reaches only the code step).
    mutationFn: async ({ factorId, code }: { factorId: string; code: string }) => {
      const answer = await verifyCode(factorId, code);
      setToken(answer.access_token, answer.refresh_token);
      return answer;
    },
    invalidates: [mfaKeys.factors, mfaKeys.sessions],
    successMessage: 'Two-step verification is on',
    errorMessage: 'The code was not accepted',
    onSuccess: (answer) => updateUser(answer.user),
  });
}
