/**
 * A person's own sessions and second factor (docs/decisions.md decisions 21 and 22): the sessions list
 * ("signed in on … from …") with sign-out of one or all others; TOTP enrolment, verification, recovery
 * codes and removal. Verification and recovery answer a new token pair whose session is at aal2.
 */
import { Hono, type Context } from 'hono';
import type { ApiDeps, ApiEnv } from '../context.ts';
import { asUser } from '../db.ts';
import { HttpError } from '../errors.ts';
import { readJson } from '../validate.ts';
import { mfaEnrollBody, mfaRecoverBody, mfaVerifyBody } from '../contracts/auth.ts';
import { requireUser } from '../middleware.ts';
import { authThrottle, DEFAULT_AUTH_LIMITS } from '../throttle.ts';
import { idParam } from '../deal-scope.ts';
import { sessionAnswer } from '../accounts.ts';
import { sha256Hex } from '../tokens.ts';
import type { Caller } from '../ports.ts';

const RECOVERY_CODE_COUNT = 10;
const WRONG_CODE = 'That code is not right, or it was already used. Enter the current code from your authenticator app.';
const FACTOR_NOT_FOUND = 'This authenticator was not found.';

const caller = (c: Context<ApiEnv>): Caller => ({ claims: c.get('claims'), token: c.get('accessToken') });

/** Ten codes like `k7dq2-m4xpa`: 50 bits each, typed by hand when the phone is lost. */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = crypto.getRandomValues(new Uint8Array(10));
    const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const recoveryHash = (code: string) => sha256Hex(`recovery:${normaliseRecoveryCode(code)}`);

export function authSecurityRoutes(deps: ApiDeps) {
  const { sql, auth } = deps;
  const app = new Hono<ApiEnv>();
  const throttle = authThrottle(sql, { ...DEFAULT_AUTH_LIMITS, ...deps.config.authLimits });
  const signedIn = requireUser(deps);
  // Reachable before the second factor is proved: what the verification step itself needs.
  const midSignIn = requireUser(deps, { pendingMfaAllowed: true });

  app.get('/sessions', signedIn, async (c) => {
    const sessions = await asUser(sql, c.get('claims'), (tx) => tx`select * from public.my_sessions()`);
    return c.json({ sessions });
  });

  app.delete('/sessions/:sessionId', signedIn, async (c) => {
    const sessionId = idParam(c, 'sessionId', 'This session was not found or has already ended.');
    if (sessionId === c.get('claims').session_id) {
      throw new HttpError(400, 'This is the session you are using: sign out instead.');
    }
    const [{ ended }] = await asUser(
      sql,
      c.get('claims'),
      (tx) => tx<{ ended: boolean }[]>`
      select public.end_my_session(${sessionId}) as ended`,
    );
    if (!ended) throw new HttpError(404, 'This session was not found or has already ended.');
    return c.json({ message: 'Session signed out' });
  });

  app.get('/mfa/factors', midSignIn, async (c) => {
    const factors = await auth.listFactors(caller(c));
    const [{ left }] = await asUser(
      sql,
      c.get('claims'),
      (tx) => tx<{ left: number }[]>`
      select public.my_recovery_codes_left() as "left"`,
    );
    return c.json({
      factors: factors.filter((f) => f.status === 'verified'),
      session_aal: c.get('claims').aal ?? 'aal1',
      recovery_codes_left: left,
    });
  });

  app.post('/mfa/enroll', signedIn, async (c) => {
    const body = await readJson(c, mfaEnrollBody);
    const factors = await auth.listFactors(caller(c));
    if (factors.filter((f) => f.status === 'verified').length >= 5) {
      throw new HttpError(400, 'You already have five authenticators. Remove one first.');
    }
    const enrollment = await auth.enrollTotp(caller(c), body.friendly_name || 'Authenticator app');
    return c.json(enrollment, 201);
  });

  // Proves the second factor: a first code from a new authenticator finishes its enrolment (and makes
  // the first recovery codes); later codes raise a password sign-in to aal2.
  app.post('/mfa/verify', midSignIn, async (c) => {
    const body = await readJson(c, mfaVerifyBody);
    const who = caller(c);
    await throttle.beforeMfaCode(c.get('clientAddress'), who.claims.sub);
    const before = await auth.listFactors(who);
    const factor = before.find((f) => f.id === body.factor_id);
    if (!factor) throw new HttpError(404, FACTOR_NOT_FOUND);
    const session = await auth.verifyTotp(who, factor.id, body.code);
    if (!session) {
      await throttle.mfaCodeFailed(c.get('clientAddress'), who.claims.sub);
      throw new HttpError(400, WRONG_CODE);
    }
    const answer = await sessionAnswer(sql, session);
    let recoveryCodes: string[] | undefined;
    if (factor.status === 'unverified') {
      const elevated = { ...who.claims, aal: 'aal2' as const };
      recoveryCodes = newRecoveryCodes();
      const hashes = await Promise.all(recoveryCodes.map(recoveryHash));
      await asUser(sql, elevated, async (tx) => {
        // Only the first authenticator makes codes; a second one keeps those already handed out.
        const [{ left }] = await tx<{ left: number }[]>`select public.my_recovery_codes_left() as "left"`;
        if (left > 0) recoveryCodes = undefined;
        else await tx`select public.replace_my_recovery_codes(${hashes})`;
        await tx`select public.audit_my_mfa('user_mfa_enrolled')`;
      });
    }
    return c.json({ ...answer, ...(recoveryCodes ? { recovery_codes: recoveryCodes } : {}) });
  });

  app.post('/mfa/recover', midSignIn, async (c) => {
    const body = await readJson(c, mfaRecoverBody);
    const who = caller(c);
    await throttle.beforeMfaCode(c.get('clientAddress'), who.claims.sub);
    const [{ used }] = await asUser(
      sql,
      who.claims,
      async (tx) => tx<{ used: boolean }[]>`
      select public.use_my_recovery_code(${await recoveryHash(body.code)}) as used`,
    );
    if (!used) {
      await throttle.mfaCodeFailed(c.get('clientAddress'), who.claims.sub);
      throw new HttpError(400, 'That recovery code is not right, or it was already used.');
    }
    const outcome = await auth.recoverWithCode(who);
    if (outcome === 'factors_removed') {
      return c.json({
        message: 'Your authenticators were removed. Set up a new one in Settings → Security.',
        factors_removed: true,
      });
    }
    if (!outcome) throw new HttpError(401, 'Your session has ended. Please sign in again.');
    return c.json(await sessionAnswer(sql, outcome));
  });

  // New recovery codes (the old ones stop working); needs a session that proved the second factor.
  app.post('/mfa/recovery-codes', signedIn, async (c) => {
    const claims = c.get('claims');
    if (!c.get('mfaEnrolled')) throw new HttpError(400, 'Set up two-step verification first.');
    const codes = newRecoveryCodes();
    const hashes = await Promise.all(codes.map(recoveryHash));
    await asUser(sql, claims, (tx) => tx`select public.replace_my_recovery_codes(${hashes})`);
    return c.json({ recovery_codes: codes });
  });

  app.delete('/mfa/factors/:factorId', signedIn, async (c) => {
    const factorId = idParam(c, 'factorId', FACTOR_NOT_FOUND);
    const who = caller(c);
    const factors = await auth.listFactors(who);
    const factor = factors.find((f) => f.id === factorId);
    if (!factor) throw new HttpError(404, FACTOR_NOT_FOUND);
    // Removing a proved factor needs a session that proved one (a stolen password cannot turn MFA off).
    if (factor.status === 'verified' && who.claims.aal !== 'aal2')
      throw new HttpError(403, 'Enter a code from your authenticator app first.');
    if (!(await auth.unenrollFactor(who, factorId))) throw new HttpError(404, FACTOR_NOT_FOUND);
    await asUser(sql, who.claims, async (tx) => {
      await tx`select public.forget_my_recovery_codes()`;
      await tx`select public.audit_my_mfa('user_mfa_removed')`;
    });
    return c.json({ message: 'Authenticator removed' });
  });

  return app;
}
