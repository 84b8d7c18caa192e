import { useCallback } from 'react';
import { api, setToken } from '../../lib/api';
import { PROFILE_PATH, useSession, type User } from '../../lib/session';

/** Stores the token and the user; fetches the profile when the answer carried no user. */
export function useCompleteSignIn() {
  const { signIn } = useSession();
  return useCallback(
    async (token: string, user: User | undefined) => {
      let profile = user;
      if (!profile) {
        setToken(token);
        profile = await api.get<User>(PROFILE_PATH);
      }
      signIn(token, profile);
    },
    [signIn],
  );
}
