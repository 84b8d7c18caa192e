import type { MiddlewareHandler } from 'hono';
import type { ApiDeps, ApiEnv } from './context.ts';
import { HttpError } from './errors.ts';
import { EMAIL_REQUIRED, PASSWORD_UNPROVED } from './contracts/auth.ts';

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
    const [account] = await deps.sql<
      { ended: boolean; session_gone: boolean; has_factor: boolean; unproved: boolean; no_email: boolean }[]
    >`
      select exists (select 1 from private.session_cutoffs c
                     where c.user_id = u.id and to_timestamp(${claims.iat ?? 0}) < c.not_before) as ended,
             not private.session_is_live(${claims.session_id}::uuid) as session_gone,
             exists (select 1 from auth.mfa_factors f where f.user_id = u.id and f.status::text = 'verified') as has_factor,
             exists (select 1 from private.unproved_passwords p where p.user_id = u.id) as unproved,
             (coalesce(btrim(u.email), '') = '' or u.is_anonymous) as no_email
      from auth.users u where u.id = ${claims.sub} and u.deleted_at is null`;
    if (!account) throw new HttpError(401, 'This account no longer exists. Please sign in again.');
    if (account.ended) throw new HttpError(401, 'Your session has ended because your password was reset. Please sign in again.');
    if (account.session_gone) throw new HttpError(401, 'You were signed out. Please sign in again.');
    // A password nobody proved is the owner's: no session of the account counts until a link clears it
    // (docs/decisions.md decision 30).
    if (account.unproved) throw new HttpError(403, PASSWORD_UNPROVED, { code: 'password_unproved' });
    const path = new URL(c.req.url).pathname;
    // It has no profile either (profiles need an address: migration 20261125080000).
    if (account.no_email && !opts.withoutEmail) {
      throw new HttpError(403, EMAIL_REQUIRED, { code: 'email_required' });
    }
    c.set('claims', claims);
    c.set('accessToken', token);
    c.set('mfaEnrolled', account.has_factor);
    const pending = account.has_factor && claims.aal !== 'aal2';
    const profileRead = c.req.method === 'GET' && /\/user\/profile$/.test(path);
    if (pending && !opts.pendingMfaAllowed && !profileRead) throw new HttpError(403, MFA_REQUIRED, { code: 'mfa_required' });
    await next();
  };
}
