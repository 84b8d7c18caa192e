import { useQueryClient } from '@tanstack/react-query';
import { atom, useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, type ReactNode } from 'react';
import { api, clearToken, getToken, setToken } from './api';

/** The signed-in user (GET /user/profile). */
export interface User {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  title: string | null;
  preferred_color: string | null;
  is_super_admin: boolean;
  /** False until a link mailed to the address was opened: invitations to it show only then. */
  email_confirmed?: boolean;
  /** A second factor is enrolled: every sign-in proves it before reaching the app. */
  mfa_enabled?: boolean;
  /** Whether this session proved the second factor (aal2) or not yet (aal1). */
  session_aal?: 'aal1' | 'aal2';
  created_at: string;
}

/** `mfa`: signed in with a password or link, but the enrolled second factor is still to be proved. */
export type SessionStatus = 'loading' | 'authenticated' | 'anonymous' | 'mfa';

/** Whether a signed-in user must still enter a code from their authenticator app. */
export const needsSecondFactor = (user: User): boolean => Boolean(user.mfa_enabled) && user.session_aal !== 'aal2';

export interface SessionState {
  status: SessionStatus;
  user: User | null;
}

/** docs/product.md §4: loading at start, then a user present or absent (or present, awaiting their code). */
export const sessionAtom = atom<SessionState>({ status: 'loading', user: null });

export const PROFILE_PATH = '/user/profile';

/**
 * Resolves the session once at start: with a stored token the profile is fetched; on failure the token is
 * cleared and the user set to none.
 */
export function SessionBootstrap({ children }: { children: ReactNode }) {
  const setSession = useSetAtom(sessionAtom);
  useEffect(() => {
    let cancelled = false;
    if (!getToken()) {
      setSession({ status: 'anonymous', user: null });
      return;
    }
    api
      .get<User>(PROFILE_PATH)
      .then((user) => {
        if (!cancelled) setSession({ status: needsSecondFactor(user) ? 'mfa' : 'authenticated', user });
      })
      .catch(() => {
        if (cancelled) return;
        clearToken();
        setSession({ status: 'anonymous', user: null });
      });
    return () => {
      cancelled = true;
    };
  }, [setSession]);
  return <>{children}</>;
}

export function useCurrentUser(): User | null {
  return useAtomValue(sessionAtom).user;
}

export function useSession() {
  const [session, setSession] = useAtom(sessionAtom);
  const queryClient = useQueryClient();

  const signIn = useCallback(
    (token: string, user: User, refreshToken?: string) => {
      setToken(token, refreshToken);
      queryClient.clear();
      setSession({ status: needsSecondFactor(user) ? 'mfa' : 'authenticated', user });
    },
    [queryClient, setSession],
  );

  const updateUser = useCallback((user: User) => setSession((current) => ({ ...current, user })), [setSession]);

  const signOut = useCallback(() => {
    clearToken();
    queryClient.clear();
    setSession({ status: 'anonymous', user: null });
  }, [queryClient, setSession]);

  return { ...session, signIn, updateUser, signOut };
}
