import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { api, setToken } from '../../../lib/api/client';
import { preloadRoute } from '../../../lib/lazy-page';
import { needsSecondFactor, pathAfterSignIn, PROFILE_PATH, useSession, type User } from '../../../lib/session';
import type { SignInSession } from './auth-response';

/**
 * Stores the tokens and the user (fetching the profile when the answer carried none); true when the
 * account's second factor must still be proved (the app then shows the code step). The next page's code
 * is awaited first, so it renders without suspending (decision 71); the sign-in page asks for it ahead.
 */
export function useCompleteSignIn() {
  const { signIn } = useSession();
  const { state } = useLocation();
  return useCallback(
    async (session: SignInSession): Promise<boolean> => {
      let profile: User | undefined = session.user;
      if (!profile) {
        setToken(session.token, session.refreshToken);
        profile = await api.get<User>(PROFILE_PATH);
      }
      const secondFactor = needsSecondFactor(profile);
      await preloadRoute(secondFactor ? '/login/verify' : pathAfterSignIn(state));
      signIn(session.token, profile, session.refreshToken);
      return secondFactor;
    },
    [signIn, state],
  );
}
