import { Hono } from 'hono';
import type { ApiDeps, ApiEnv } from '../context.ts';
import { asUser } from '../db.ts';
import { HttpError } from '../errors.ts';
import { readJson } from '../validate.ts';
import { passwordChange, profileUpdate } from '../contracts/auth.ts';
import { authThrottle, DEFAULT_AUTH_LIMITS } from '../throttle.ts';
import { clientInfo, profileColumns, sessionAnswer } from '../accounts.ts';

export function profileRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  app.get('/profile', async (c) => {
    const claims = c.get('claims');
    const [profile] = await asUser(deps.sql, claims, (tx) => profileColumns(tx, claims.sub));
    if (!profile) throw new HttpError(401, 'Account not found');
    return c.json({ ...profile, session_aal: claims.aal ?? 'aal1' });
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
    return c.json({ ...profile, session_aal: claims.aal ?? 'aal1' });
  });

  // A person's own password change: the current password proves it is them (and is throttled as a
  // sign-in), every other session ends, and the caller gets a fresh token for this one.
  app.put('/password', async (c) => {
    const claims = c.get('claims');
    const body = await readJson(c, passwordChange);
    const [account] = await deps.sql<{ email: string; has_password: boolean }[]>`
      select email, private.password_is_set(id) as has_password from auth.users where id = ${claims.sub}`;
    if (!account?.email) throw new HttpError(400, 'This account has no password to change');
    if (account.has_password && !body.current_password) throw new HttpError(400, 'Please enter your current password');
    if (body.new_password === body.current_password)
      throw new HttpError(400, 'The new password must differ from the current one');
    if (new TextEncoder().encode(body.new_password).length > 72) {
      throw new HttpError(400, 'Password must be at most 72 bytes (letters with accents count as two or more)');
    }
    const client = c.get('clientAddress');
    const throttle = authThrottle(deps.sql, { ...DEFAULT_AUTH_LIMITS, ...deps.config.authLimits });
    if (account.has_password) {
      await throttle.beforeLogin(client, account.email);
      if (!(await deps.auth.checkPassword(account.email, body.current_password ?? ''))) {
        await throttle.loginFailed(client, account.email);
        throw new HttpError(400, 'Your current password is not correct');
      }
    }
    await deps.auth.setPassword(claims.sub, body.new_password);
    await deps.sql`delete from private.cleared_passwords where user_id = ${claims.sub}`;
    await asUser(deps.sql, claims, (tx) => tx`select public.end_my_sessions('password_changed')`);
    const fresh = await deps.auth.reopen(
      { claims, token: c.get('accessToken') },
      account.email,
      body.new_password,
      clientInfo(c),
    );
    if (!fresh) throw new HttpError(503, 'Your password was changed; please sign in again with it.');
    return c.json({
      ...(await sessionAnswer(deps.sql, fresh)),
      message: 'Password changed. Every other session was signed out.',
    });
  });

  return app;
}
