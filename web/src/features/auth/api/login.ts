import { ApiError, api } from '../../../lib/api/client';
import type { InvitationLink } from '../../../lib/invitation-link';
import { useApiMutation } from '../../../lib/mutation';
import { requireSession, type AuthResponse } from './auth-response';
import { useCompleteSignIn } from './complete-sign-in';

export interface LoginInput {
  email: string;
  password: string;
  /** Opened from an invitation link, which also confirms an address not confirmed yet. */
  invitation?: InvitationLink;
}

export const login = (email: string, password: string, invitation?: InvitationLink) =>
  api.post<AuthResponse>('/auth/login', { email: email.trim(), password, ...(invitation ? { invitation } : {}) });

/**
 * Through the invitation when there is one. A stale link (a newer invitation mail replaced it, or it was
 * answered) cannot confirm an address (decision 33), but must not keep a person out either: they sign in
 * without it, and the invitation page then shows where the invitation stands.
 */
async function loginThroughInvitation({ email, password, invitation }: LoginInput) {
  try {
    return await login(email, password, invitation);
  } catch (caught) {
    const stale = (caught instanceof ApiError ? (caught.body as { code?: string } | undefined) : undefined)?.code;
    if (invitation && stale === 'invitation_link_invalid') return login(email, password);
    throw caught;
  }
}

/** Signs in with a password; the form shows a failure inline (`onError`). Resolves true when a code step follows. */
export function useLogin(onError: (error: unknown) => void) {
  const completeSignIn = useCompleteSignIn();
  return useApiMutation({
    mutationFn: async (input: LoginInput) => completeSignIn(requireSession(await loginThroughInvitation(input), 'login')),
    // With a second factor the code step comes next; success is said once it is proved.
    successMessage: (needsCode) => (needsCode ? undefined : 'Login successful!'),
    errorMessage: null,
    onError,
  });
}
