import { useApiMutation } from '../../../lib/mutation';
import { useSession } from '../../../lib/session';
import { recoverWithCode } from './recover-with-code';
import { verifyCode } from '../../../lib/api/mfa-status';

/** A code from the authenticator (with its factor), or a recovery code (no factor). */
export interface SecondFactorProof {
  factorId?: string;
  code: string;
}

/**
 * The code step of signing in (docs/decisions.md decision 22). `onDone(true)`: a recovery code removed
 * the factors (the app reloads into Settings); `onDone(false)`: signed in. The page shows a failure inline.
 */
export function useVerifySecondFactor(onDone: (factorsRemoved: boolean) => void, onError: (error: unknown) => void) {
  const { signIn } = useSession();
  return useApiMutation({
    mutationFn: ({ factorId, code }: SecondFactorProof) => (factorId ? verifyCode(factorId, code) : recoverWithCode(code)),
    successMessage: (answer) => ('factors_removed' in answer ? answer.message : 'Login successful!'),
    errorMessage: null,
    onSuccess: (answer) => {
      if ('factors_removed' in answer) return onDone(true);
      signIn(answer.access_token, answer.user, answer.refresh_token);
      onDone(false);
    },
    onError,
  });
}
