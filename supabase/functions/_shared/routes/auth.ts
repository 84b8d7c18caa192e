import { Hono } from 'hono';
import type { ApiDeps, ApiEnv } from '../context.ts';
import { HttpError } from '../errors.ts';
import {
  CONFIRMATION_SENT,
  PASSWORD_CLEARED,
  PASSWORD_UNPROVED,
  REGISTRANT_PASSWORD_WRONG,
  REGISTRANT_PROOF_REQUIRED,
  credentials,
  invitationConfirmBody,
  logoutBody,
  magicLinkBody,
  magicLinkVerifyBody,
  refreshBody,
} from '../contracts/auth.ts';
import { parseOrThrow, readJson } from '../validate.ts';
import { requireUser } from '../middleware.ts';
import { asUser } from '../db.ts';
import { clientInfo, loadProfile, sessionAnswer } from '../accounts.ts';
import { authThrottle, DEFAULT_AUTH_LIMITS } from '../throttle.ts';
import {
  ADDRESS_TAKEN,
  confirmForRegistrant,
  confirmOnSignIn,
  registerFromInvitation,
  requireInvitationProof,
} from '../invitation-join.ts';
import type { RefreshFailure } from '../ports.ts';

const REFRESH_REFUSED: Record<RefreshFailure, string> = {
  invalid: 'Your session has ended. Please sign in again.',
  reused: 'This session was ended because its sign-in was used from two places. Please sign in again.',
  raced: 'Your session was just refreshed elsewhere in this browser. Try again.',
  idle: 'Your session ended after a long time without use. Please sign in again.',
};

export function authRoutes(deps: ApiDeps) {
  const { sql, auth } = deps;
  const app = new Hono<ApiEnv>();
  const throttle = authThrottle(sql, { ...DEFAULT_AUTH_LIMITS, ...deps.config.authLimits });

  app.post('/register', async (c) => {
    const body = await readJson(c, credentials);
    if (body.password.length < 6) throw new HttpError(400, 'Password must be at least 6 characters');
    // bcrypt ignores everything past 72 bytes (not characters), so longer passwords are refused, as GoTrue does.
    if (new TextEncoder().encode(body.password).length > 72) {
      throw new HttpError(400, 'Password must be at most 72 bytes (letters with accents count as two or more)');
    }
    const client = c.get('clientAddress');
    await throttle.beforeRegister(client, body.email, !body.invitation);
    if (body.invitation) {
      await requireInvitationProof(sql, throttle, client, body.invitation, body.email);
      return c.json(await sessionAnswer(sql, await registerFromInvitation(deps, body.email, body.password, clientInfo(c))));
    }
    const session = await auth.register(
      body.email,
      body.password,
      new URL('/login/magic', deps.config.publicUrl).toString(),
      clientInfo(c),
    );
    if (!session) throw new HttpError(400, ADDRESS_TAKEN);
    if (session === 'confirmation_sent') return c.json({ confirmation_sent: true, message: CONFIRMATION_SENT }, 202);
    return c.json(await sessionAnswer(sql, session));
  });

  app.post('/login', async (c) => {
    const body = await readJson(c, credentials);
    const client = c.get('clientAddress');
    await throttle.beforeLogin(client, body.email);
    if (body.invitation) {
      await requireInvitationProof(sql, throttle, client, body.invitation, body.email);
      await confirmOnSignIn(deps, body.email, body.password);
    }
    const session = await auth.signInWithPassword(body.email, body.password, clientInfo(c));
    if (!session) {
      await throttle.loginFailed(client, body.email);
      throw new HttpError(401, 'Invalid email or password');
    }
    await throttle.loginSucceeded(client, body.email);
    // A password set before the address was proved opens nothing until a link clears it (decision 30).
    const [{ unproved }] = await sql<
      { unproved: boolean }[]
    >`select private.has_unproved_password(${session.user.id}) as unproved`;
    if (unproved) {
      const claims = await auth.verifyToken(session.access_token);
      if (claims) await auth.signOut({ claims, token: session.access_token }, 'local');
      throw new HttpError(403, PASSWORD_UNPROVED, { code: 'password_unproved' });
    }
    await sql`select private.record_login(${session.user.id})`;
    return c.json(await sessionAnswer(sql, session));
  });

  // Signed in before the address was proved (embedded registrations are), its registrant opens the
  // invitation link: a session of the account and the link's token confirm it (decision 33).
  app.post('/invitation/confirm', requireUser(deps), async (c) => {
    const body = await readJson(c, invitationConfirmBody);
    const userId = c.get('claims').sub;
    // The account's own address, never the token's claim.
    const [{ email, confirmed }] = await sql<{ email: string; confirmed: boolean }[]>`
      select email, email_confirmed_at is not null as confirmed from auth.users where id = ${userId}`;
    await requireInvitationProof(sql, throttle, c.get('clientAddress'), body.invitation, email);
    if (!confirmed) await confirmForRegistrant(deps, userId);
    return c.json({ user: await loadProfile(sql, userId) });
  });

  // A refresh token buys the next pair once; presented again later, its whole session ends.
  app.post('/refresh', async (c) => {
    const body = await readJson(c, refreshBody);
    const outcome = await auth.refresh(body.refresh_token, clientInfo(c));
    if (typeof outcome === 'string') throw new HttpError(401, REFRESH_REFUSED[outcome], { code: `refresh_${outcome}` });
    return c.json(await sessionAnswer(sql, outcome));
  });

  // Sign out: 'local' ends this session on the server, 'others' every other one, 'global' all of them.
  app.post('/logout', requireUser(deps, { pendingMfaAllowed: true, withoutEmail: true }), async (c) => {
    const text = await c.req.text();
    let raw: unknown = {};
    if (text.trim()) {
      try {
        raw = JSON.parse(text);
      } catch {
        throw new HttpError(400, 'The request body must be valid JSON.');
      }
    }
    const body = parseOrThrow(logoutBody, raw);
    const caller = { claims: c.get('claims'), token: c.get('accessToken') };
    await auth.signOut(caller, body.scope);
    if (body.scope === 'global')
      await asUser(sql, caller.claims, (tx) => tx`select public.end_my_sessions('signed_out_everywhere')`);
    return c.json({ message: 'Logged out successfully', scope: body.scope });
  });

  // Always the same answer, whether or not the address has an account (no enumeration).
  app.post('/magic-link', async (c) => {
    const body = await readJson(c, magicLinkBody);
    const redirectTo = new URL('/login/magic', deps.config.publicUrl).toString();
    await throttle.beforeLink(c.get('clientAddress'), body.email);
    await auth.sendMagicLink(body.email, redirectTo);
    return c.json({ message: 'If that address can sign in, a sign-in link is on its way. It expires in 15 minutes.' });
  });

  // A link proves its opener holds the mailbox. A password set on the account before that, by someone
  // who did not show it is theirs, is cleared and every other session ends (docs/decisions.md decision 30).
  app.post('/magic-link/verify', async (c) => {
    const body = await readJson(c, magicLinkVerifyBody);
    const client = c.get('clientAddress');
    await throttle.beforeVerify(client);
    // The registering browser's own session shows its holder is the registrant, without the password.
    const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim();
    const holder = bearer ? await auth.verifyToken(bearer) : undefined;
    const outcome = await auth.verifyMagicLink(body.token, clientInfo(c), { userId: holder?.sub, password: body.password });
    if (outcome === 'registrant_proof_required') {
      throw new HttpError(401, REGISTRANT_PROOF_REQUIRED, { code: 'registrant_proof_required' });
    }
    if (outcome === 'wrong_password') {
      await throttle.verifyFailed(client);
      throw new HttpError(400, REGISTRANT_PASSWORD_WRONG, { code: 'registrant_password_wrong' });
    }
    if (!outcome) {
      await throttle.verifyFailed(client);
      throw new HttpError(400, 'This sign-in link is invalid, has expired or was already used. Ask for a new one.');
    }
    const { registrantProved, ...session } = outcome;
    const userId = session.user.id;
    const [{ unproved }] = await sql<{ unproved: boolean }[]>`select private.has_unproved_password(${userId}) as unproved`;
    let passwordCleared = false;
    if (unproved && !registrantProved) {
      // Cleared before the mark is lifted: a failure half-way leaves the account refused, never open.
      await auth.clearPassword(userId);
      await sql`insert into private.cleared_passwords (user_id) values (${userId})
                on conflict (user_id) do update set cleared_at = now()`;
      const claims = await auth.verifyToken(session.access_token);
      if (!claims) throw new Error('the session just opened has no valid token');
      await auth.signOut({ claims, token: session.access_token }, 'others');
      passwordCleared = true;
    }
    if (unproved) await sql`select private.take_unproved_password(${userId})`;
    await sql`select private.record_login(${userId})`;
    return c.json({
      ...(await sessionAnswer(sql, session)),
      ...(passwordCleared ? { password_cleared: true, message: PASSWORD_CLEARED } : {}),
    });
  });

  return app;
}
