/**
 * What every account answer shares: the signed-in person's profile, the token pair a sign-in hands out,
 * and where a sign-in comes from (docs/decisions.md decision 21).
 */
import type { Context } from 'hono';
import type { ApiEnv } from './context.ts';
import type { Db, Tx } from './db.ts';
import { HttpError } from './errors.ts';
import type { ClientInfo, SessionResult } from './ports.ts';
import { UNKNOWN_CLIENT } from './throttle.ts';

export interface Profile {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  title: string;
  preferred_color: string;
  is_super_admin: boolean;
  /** The address is proved (a link mailed to it was opened): invitations to it show only then. */
  email_confirmed: boolean;
  /** A second factor is enrolled: sign-ins must prove it before reaching anything else. */
  mfa_enabled: boolean;
  /** The account has a password its owner can use; false: set one without the current (decision 30). */
  has_password: boolean;
  created_at: string;
}

export const profileColumns = (sql: Db | Tx, userId: string) => sql<Profile[]>`
  select p.id, p.email, p.first_name, p.last_name, p.title, p.preferred_color, p.created_at,
         exists (select 1 from public.platform_admins a where a.user_id = p.id) as is_super_admin,
         coalesce(private.email_confirmed(p.id), false) as email_confirmed,
         private.has_verified_factor(p.id) as mfa_enabled,
         coalesce(private.password_is_set(p.id), false) as has_password
  from public.profiles p where p.id = ${userId}`;

/** The signed-in user's profile, read with the privileged connection right after sign-in. */
export async function loadProfile(sql: Db, userId: string): Promise<Profile> {
  const [profile] = await profileColumns(sql, userId);
  if (!profile) throw new HttpError(401, 'Account not found');
  return profile;
}

/** Where a sign-in comes from, for the sessions list. */
export function clientInfo(c: Context<ApiEnv>): ClientInfo {
  const ip = c.get('clientAddress');
  return { userAgent: c.req.header('user-agent') ?? undefined, ip: ip && ip !== UNKNOWN_CLIENT ? ip : undefined };
}

/** What every sign-in answers: the token pair and the profile, with whether a second factor is still due. */
export async function sessionAnswer(sql: Db, session: SessionResult) {
  const aal = session.access_token ? aalOf(session.access_token) : 'aal1';
  const user = await loadProfile(sql, session.user.id);
  return {
    access_token: session.access_token,
    refresh_token: session.refresh_token,
    expires_in: session.expires_in,
    token_type: 'bearer',
    user: { ...user, session_aal: aal },
    mfa_required: user.mfa_enabled && aal !== 'aal2',
  };
}

/** The assurance level a token we just received claims (it came from the platform, not the client). */
function aalOf(token: string): 'aal1' | 'aal2' {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { aal?: string };
    return payload.aal === 'aal2' ? 'aal2' : 'aal1';
  } catch {
    return 'aal1';
  }
}
