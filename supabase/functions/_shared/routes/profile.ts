import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiDeps, ApiEnv } from '../context.ts';
import { asUser, type Db, type Tx } from '../db.ts';
import { HttpError } from '../errors.ts';
import { readJson } from '../validate.ts';
import { authThrottle, DEFAULT_AUTH_LIMITS } from '../throttle.ts';

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
  created_at: string;
}

const profileColumns = (sql: Db | Tx, userId: string) => sql<Profile[]>`
  select p.id, p.email, p.first_name, p.last_name, p.title, p.preferred_color, p.created_at,
         exists (select 1 from public.platform_admins a where a.user_id = p.id) as is_super_admin,
         coalesce(private.email_confirmed(p.id), false) as email_confirmed
  from public.profiles p where p.id = ${userId}`;

/** The signed-in user's profile, read with the privileged connection right after sign-in. */
export async function loadProfile(sql: Db, userId: string): Promise<Profile> {
  const [profile] = await profileColumns(sql, userId);
  if (!profile) throw new HttpError(401, 'Account not found');
  return profile;
}

const profileUpdate = z.object({
  first_name: z.string().trim().max(100, 'First name is too long').optional(),
  last_name: z.string().trim().max(100, 'Last name is too long').optional(),
  title: z.string().trim().max(100, 'Title is too long').optional(),
  preferred_color: z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'Preferred colour must be a colour like #3B82F6').optional(),
}).strict();

const passwordChange = z.object({
  current_password: z.string({ required_error: 'Please enter your current password' }).min(1, 'Please enter your current password'),
  new_password: z.string({ required_error: 'Please enter a new password' }).min(6, 'Password must be at least 6 characters'),
});

export function profileRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  app.get('/profile', async (c) => {
    const claims = c.get('claims');
    const [profile] = await asUser(deps.sql, claims, (tx) => profileColumns(tx, claims.sub));
    if (!profile) throw new HttpError(401, 'Account not found');
    return c.json(profile);
  });

  app.put('/profile', async (c) => {
    const claims = c.get('claims');
    const body = await readJson(c, profileUpdate);
    const profile = await asUser(deps.sql, claims, async (tx) => {
      await tx`
        update public.profiles set
          first_name = coalesce(${body.first_name ?? null}, first_name),
          last_name = coalesce(${body.last_name ?? null}, last_name),
          title = coalesce(${body.title ?? null}, title),
          preferred_color = coalesce(${body.preferred_color?.toUpperCase() ?? null}, preferred_color)
        where id = ${claims.sub}`;
      const [row] = await profileColumns(tx, claims.sub);
      return row;
    });
    if (!profile) throw new HttpError(401, 'Account not found');
    return c.json(profile);
  });

  // A person's own password change: the current password proves it is them (and is throttled as a
  // sign-in), every other session ends, and the caller gets a fresh token for this one.
  app.put('/password', async (c) => {
    const claims = c.get('claims');
    const body = await readJson(c, passwordChange);
    if (body.new_password === body.current_password) throw new HttpError(400, 'The new password must differ from the current one');
    if (new TextEncoder().encode(body.new_password).length > 72) {
      throw new HttpError(400, 'Password must be at most 72 bytes (letters with accents count as two or more)');
    }
    const [account] = await deps.sql<{ email: string }[]>`select email from auth.users where id = ${claims.sub}`;
    if (!account?.email) throw new HttpError(400, 'This account has no password to change');
    const client = c.get('clientAddress');
    const throttle = authThrottle(deps.sql, { ...DEFAULT_AUTH_LIMITS, ...deps.config.authLimits });
    await throttle.beforeLogin(client, account.email);
    if (!(await deps.auth.signInWithPassword(account.email, body.current_password))) {
      await throttle.loginFailed(client, account.email);
      throw new HttpError(400, 'Your current password is not correct');
    }
    await deps.auth.setPassword(claims.sub, body.new_password);
    await asUser(deps.sql, claims, (tx) => tx`select public.end_my_sessions('password_changed')`);
    const fresh = await deps.auth.signInWithPassword(account.email, body.new_password);
    if (!fresh) throw new HttpError(503, 'Your password was changed; please sign in again with it.');
    return c.json({ access_token: fresh.access_token, message: 'Password changed. Every other session was signed out.' });
  });

  return app;
}
