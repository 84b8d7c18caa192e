import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import type { AuthResponse } from './auth-response';

/** `password`: the registration's, when the link confirms a registration opened outside its browser. */
export const verifyMagicLink = (token: string, password?: string) =>
  api.post<AuthResponse>('/auth/magic-link/verify', password ? { token, password } : { token });

/**
 * The registrant's password for a confirmation link opened outside the registering browser; `finish`
 * signs in with the answer. The page shows a failure itself (`onError`).
 */
export function useConfirmRegistration(
  token: string,
  finish: (answer: AuthResponse) => Promise<void>,
  onError: (error: unknown) => void,
) {
  return useApiMutation({
    mutationFn: async (password: string) => finish(await verifyMagicLink(token, password)),
    errorMessage: null,
    onError,
  });
}
