import type { ConfirmationSent } from '@contracts/auth';
import { api } from '../../../lib/api/client';
import type { InvitationLink } from '../../../lib/invitation-link';
import { useApiMutation } from '../../../lib/mutation';
import { requireSession, type AuthResponse } from './auth-response';
import { useCompleteSignIn } from './complete-sign-in';

/** POST /auth/register: a session, or (202) a confirmation mailed before anyone is signed in. */
export type RegisterResponse = AuthResponse & Partial<ConfirmationSent>;

export interface RegisterInput {
  email: string;
  password: string;
  /** Opened from an invitation link, which confirms the address at once (no mail to open). */
  invitation?: InvitationLink;
}

export const register = (email: string, password: string, invitation?: InvitationLink) =>
  api.post<RegisterResponse>('/auth/register', { email: email.trim(), password, ...(invitation ? { invitation } : {}) });

/**
 * Registers and signs in; resolves `{ confirmation }` instead when the address must first be confirmed
 * (no session until the mailed link is opened: the link signs the person in, /login/magic). The form
 * shows a failure inline (`onError`).
 */
export function useRegister(onDone: (answer: { confirmation?: string }) => void, onError: (error: unknown) => void) {
  const completeSignIn = useCompleteSignIn();
  return useApiMutation({
    mutationFn: async ({ email, password, invitation }: RegisterInput): Promise<{ confirmation?: string }> => {
      const answer = await register(email, password, invitation);
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
