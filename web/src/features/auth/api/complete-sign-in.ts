import { useCallback } from 'react';
import { api, setToken } from '../../../lib/api/client';
import { needsSecondFactor, PROFILE_PATH, useSession, type User } from '../../../lib/session';
import type { SignInSession } from './auth-response';

/**
 * Stores the tokens and the user (fetching the profile when the answer carried none); true when the
 * account's second factor must still be proved (the app then shows the code step).
 */
export function useCompleteSignIn() {
  const { signIn } = useSession();
  return useCallback(
    async (session: SignInSession): Promise<boolean> => {
      let profile: User | undefined = session.user;
      if (!profile) {
        setToken(session.token, session.refreshToken);
        profile = await api.get<User>(PROFILE_PATH);
      }
      signIn(session.token, profile, session.refreshToken);
      return needsSecondFactor(profile);
    },
    [signIn],
  );
}
