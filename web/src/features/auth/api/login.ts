import { ApiError, api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { credentialsBody, requireSession, type AuthResponse, type Credentials } from './auth-response';
import { useCompleteSignIn } from './complete-sign-in';

export const login = (credentials: Credentials) => api.post<AuthResponse>('/auth/login', credentialsBody(credentials));

/**
 * Through the invitation when there is one. A stale link (a newer invitation mail replaced it, or it was
 * answered) cannot confirm an address (decision 33), but must not keep a person out either: they sign in
 * without it, and the invitation page then shows where the invitation stands.
 */
async function loginThroughInvitation(credentials: Credentials) {
  try {
    return await login(credentials);
  } catch (caught) {
    const stale = (caught instanceof ApiError ? (caught.body as { code?: string } | undefined) : undefined)?.code;
    if (credentials.invitation && stale === 'invitation_link_invalid') return login({ ...credentials, invitation: undefined });
    throw caught;
  }
}

/** Signs in with a password; the form shows a failure inline (`onError`). Resolves true when a code step follows. */
export function useLogin(onError: (error: unknown) => void) {
  const completeSignIn = useCompleteSignIn();
  return useApiMutation({
    mutationFn: async (input: Credentials) => completeSignIn(requireSession(await loginThroughInvitation(input), 'login')),
    // With a second factor the code step comes next; success is said once it is proved.
    successMessage: (needsCode) => (needsCode ? undefined : 'Login successful!'),
    errorMessage: null,
    onError,
  });
}
