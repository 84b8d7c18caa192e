import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../components/spinners';
import { AccessDeniedPage } from '../features/errors';
import { useAtomValue } from 'jotai';
import { pathAfterSignIn, sessionAtom } from '../lib/session';

interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Protected routes: unauthenticated users go to /login (remembering where they were going). */
export function RequireAuth() {
  const { status } = useAtomValue(sessionAtom);
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'anonymous') return <Navigate to="/login" replace state={{ from: location } satisfies FromState} />;
  // A second factor is enrolled but not yet proved in this session: the code step first.
  if (status === 'mfa') return <Navigate to="/login/verify" replace state={{ from: location } satisfies FromState} />;
  return <Outlet />;
}

/** /login: a signed-in user is sent on to / (or to the page that sent them to sign in). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { status } = useAtomValue(sessionAtom);
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'mfa') return <Navigate to="/login/verify" replace state={location.state} />;
  if (status === 'authenticated') {
    return <Navigate to={pathAfterSignIn(location.state)} replace />;
  }
  return <>{children}</>;
}

/** Admin routes: a signed-in user who is not a super admin sees Access Denied. */
export function RequireSuperAdmin() {
  const { user } = useAtomValue(sessionAtom);
  if (!user?.is_super_admin) return <AccessDeniedPage />;
  return <Outlet />;
}
