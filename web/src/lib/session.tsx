import { atom, useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { api, ApiError, clearToken, getToken, isAbortError, setToken } from './api/client';
import { preloadRoute } from './lazy-page';
import { useClearServerState } from './query';

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
  /** False when the account has no password its owner can use (set one without the current one). */
  has_password?: boolean;
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

interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Where a sign-in leads: the page that sent the person to sign in (kept in the location's state), else `/`. */
export function pathAfterSignIn(locationState: unknown): string {
  const from = (locationState as FromState | null)?.from;
  return from && !from.pathname.startsWith('/login') ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : '/';
}

export const PROFILE_PATH = '/user/profile';

/** Waits between tries of the profile at start while the server cannot be reached (then the page says so). */
export const PROFILE_RETRY_DELAYS_MS = [500, 1000, 2000, 4000];

/** A failure that says nothing about the session: offline, timed out, aborted, or the server failing. */
/**
 * Only the server's refusal of the token (a 4xx other than 429) signs out. Anything else keeps it: a
 * server down, a dropped connection, and an answer cut off as the page unloads (reading its body then
 * fails with a plain TypeError; a reload at that moment signed the person out).
 */
const isRefusal = (error: unknown) =>
  !isAbortError(error) && error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;

/**
 * Resolves the session once at start: with a stored token the profile is fetched. A refusal (401, or any
 * other 4xx) signs out. A server that cannot be reached does not: the token is kept and the profile
 * asked again a few times, then `unreachable` is true (the page says so, with Try Again calling `retry`),
 * so a restart of the server or a dropped connection never signs everyone out.
 */
export function useSessionBootstrap(): { unreachable: boolean; retry: () => void } {
  const setSession = useSetAtom(sessionAtom);
  const [unreachable, setUnreachable] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The session is settled once the opening page's code has arrived too, so the page renders without
    // suspending (a suspended page is held back 300 ms by React, decision 71). It is asked for after the
    // profile, which so waits behind none of it.
    const opening = window.location.pathname;
    if (!getToken()) {
      void preloadRoute(opening.startsWith('/login') ? opening : '/login').then(() => {
        if (!cancelled) setSession({ status: 'anonymous', user: null });
      });
      return () => {
        cancelled = true;
      };
    }
    const attempt = (tries: number) => {
      const profile = api.get<User>(PROFILE_PATH);
      const pages = preloadRoute(opening);
      profile
        .then(async (user) => {
          await pages;
          if (cancelled) return;
          setUnreachable(false);
          setSession({ status: needsSecondFactor(user) ? 'mfa' : 'authenticated', user });
        })
        .catch((error: unknown) => {
          if (cancelled) return;
          if (!isRefusal(error)) {
            if (tries < PROFILE_RETRY_DELAYS_MS.length)
              timer = setTimeout(() => attempt(tries + 1), PROFILE_RETRY_DELAYS_MS[tries]);
            else setUnreachable(true);
            return;
          }
          clearToken();
          setSession({ status: 'anonymous', user: null });
        });
    };
    attempt(0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [setSession, round]);
  const retry = useCallback(() => {
    setUnreachable(false);
    setRound((n) => n + 1);
  }, []);
  return { unreachable, retry };
}

export function useCurrentUser(): User | null {
  return useAtomValue(sessionAtom).user;
}

export function useSession() {
  const [session, setSession] = useAtom(sessionAtom);
  const clearServerState = useClearServerState();

  const signIn = useCallback(
    (token: string, user: User, refreshToken?: string) => {
      setToken(token, refreshToken);
      clearServerState();
      setSession({ status: needsSecondFactor(user) ? 'mfa' : 'authenticated', user });
    },
    [clearServerState, setSession],
  );

  const updateUser = useCallback((user: User) => setSession((current) => ({ ...current, user })), [setSession]);

  const signOut = useCallback(() => {
    clearToken();
    clearServerState();
    setSession({ status: 'anonymous', user: null });
  }, [clearServerState, setSession]);

  return { ...session, signIn, updateUser, signOut };
}
