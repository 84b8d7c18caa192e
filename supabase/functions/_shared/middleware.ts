import type { MiddlewareHandler } from 'hono';
import type { ApiDeps, ApiEnv } from './context.ts';
import { HttpError } from './errors.ts';
import { EMAIL_REQUIRED, PASSWORD_UNPROVED } from './contracts/auth.ts';
import { deferSessionCheck, type SessionFacts, sessionFacts, settleSessionCheck } from './session-check.ts';

export const MFA_REQUIRED = 'Enter the code from your authenticator app to continue.';

/**
 * Every route but sign-in requires a valid bearer token: missing, expired or forged is a 401. A token
 * also dies with its session (signed out, refresh-token reuse, password reset, account deleted): one
 * indexed lookup a request (docs/decisions.md decision 21). A person who enrolled a second factor
 * reaches nothing but their profile and the verification itself until this session proved it
 * (`pendingMfaAllowed` marks those routes). An account without an e-mail address (phone, anonymous)
 * reaches only sign-out (`withoutEmail`), and is told why (docs/decisions.md decision 31).
 */
export function requireUser(
  deps: ApiDeps,
  opts: { pendingMfaAllowed?: boolean; withoutEmail?: boolean } = {},
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) throw new HttpError(401, 'Not authenticated');
    const token = match[1].trim();
    const claims = await deps.auth.verifyToken(token);
    if (!claims) throw new HttpError(401, 'Your session has expired or is invalid. Please sign in again.');
    const path = new URL(c.req.url).pathname;
    const verdict = (account: SessionFacts | undefined) => {
      if (!account) throw new HttpError(401, 'This account no longer exists. Please sign in again.');
      if (account.ended)
        throw new HttpError(401, 'Your session has ended because your password was reset. Please sign in again.');
      if (account.session_gone) throw new HttpError(401, 'You were signed out. Please sign in again.');
      // A password nobody proved is the owner's: no session of the account counts until a link clears it
      // (docs/decisions.md decision 30).
      if (account.unproved) throw new HttpError(403, PASSWORD_UNPROVED, { code: 'password_unproved' });
      // It has no profile either (profiles need an address: migration 20261125080000).
      if (account.no_email && !opts.withoutEmail) {
        throw new HttpError(403, EMAIL_REQUIRED, { code: 'email_required' });
      }
      c.set('mfaEnrolled', account.has_factor);
      const pending = account.has_factor && claims.aal !== 'aal2';
      const profileRead = c.req.method === 'GET' && /\/user\/profile$/.test(path);
      if (pending && !opts.pendingMfaAllowed && !profileRead) throw new HttpError(403, MFA_REQUIRED, { code: 'mfa_required' });
    };
    c.set('accessToken', token);
    // A read asks in its first transaction, one round trip less (decision 68); its answer waits for the
    // verdict. A write is judged before its route runs: it may act outside the database.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') {
      const own = deferSessionCheck(claims, verdict);
      c.set('claims', own);
      await next();
      await settleSessionCheck(deps.sql, own);
      return;
    }
    const [account] = await sessionFacts(deps.sql, claims);
    verdict(account);
    c.set('claims', claims);
    await next();
  };
}
