import { api, setToken } from '../../../lib/api/client';
import { mfaKeys } from '../../../lib/api/mfa-status';
import { useApiMutation } from '../../../lib/mutation';
import { useSession, type User } from '../../../lib/session';

/** The answer to a first code: the session is now verified. */
export interface VerifiedSession {
  access_token: string;
  refresh_token: string;
  user: User;
  /** Only when the first authenticator was just enrolled: shown once, never again. */
  recovery_codes?: string[];
}

export const verifyCode = (factorId: string, code: string) =>
  api.post<VerifiedSession>('/auth/mfa/verify', { factor_id: factorId, code });

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
