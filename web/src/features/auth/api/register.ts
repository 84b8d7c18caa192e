import type { ConfirmationSent } from '@contracts/auth';
import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { credentialsBody, requireSession, type AuthResponse, type Credentials } from './auth-response';
import { useCompleteSignIn } from './complete-sign-in';

/** POST /auth/register: a session, or (202) a confirmation mailed before anyone is signed in. */
export type RegisterResponse = AuthResponse & Partial<ConfirmationSent>;

export const register = (credentials: Credentials) => api.post<RegisterResponse>('/auth/register', credentialsBody(credentials));

/**
 * Registers and signs in; resolves `{ confirmation }` instead when the address must first be confirmed
 * (no session until the mailed link is opened: the link signs the person in, /login/magic). The form
 * shows a failure inline (`onError`).
 */
export function useRegister(onDone: (answer: { confirmation?: string }) => void, onError: (error: unknown) => void) {
  const completeSignIn = useCompleteSignIn();
  return useApiMutation({
    mutationFn: async (credentials: Credentials): Promise<{ confirmation?: string }> => {
      const answer = await register(credentials);
      if (answer?.confirmation_sent) return { confirmation: answer.message ?? 'Check your email to confirm your address.' };
      await completeSignIn(requireSession(answer, 'register'));
      return {};
    },
    successMessage: (answer) => (answer.confirmation ? undefined : 'Registration successful!'),
    errorMessage: null,
    onSuccess: onDone,
    onError,
  });
}
