import { api, setToken } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { useSession, type User } from '../../../lib/session';

export interface PasswordChange {
  /** Left out by an account without a usable password (docs/decisions.md decision 30). */
  current_password?: string;
  new_password: string;
}

/** Changes the password; the answer carries a fresh token for this session (every other one ends). */
export const changePassword = (input: PasswordChange) =>
  api.put<{ access_token: string; refresh_token: string; message: string; user?: User }>('/user/password', input);

/** Change Password: the server ends every other session and answers with this session's new tokens. */
export function useChangePassword(onDone: () => void) {
  const { updateUser } = useSession();
  return useApiMutation({
    mutationFn: changePassword,
    successMessage: (answer) => answer.message,
    errorMessage: 'Failed to change password',
    onSuccess: (answer) => {
      // The answer's profile now says the account has a password (it may have had none).
      setToken(answer.access_token, answer.refresh_token);
      if (answer.user) updateUser(answer.user);
      onDone();
    },
  });
}
