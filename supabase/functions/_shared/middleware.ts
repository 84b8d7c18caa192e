import type { MiddlewareHandler } from 'hono';
import type { ApiDeps, ApiEnv } from './context.ts';
import { HttpError } from './errors.ts';

/** Every route but sign-in requires a valid bearer token: missing, expired or forged is a 401. */
export function requireUser(deps: ApiDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) throw new HttpError(401, 'Not authenticated');
    const claims = await deps.auth.verifyToken(match[1].trim());
    if (!claims) throw new HttpError(401, 'Your session has expired or is invalid. Please sign in again.');
    // A token outlives nothing: the account must still exist, and a password reset ends older sessions.
    const [account] = await deps.sql<{ ended: boolean }[]>`
      select exists (select 1 from private.session_cutoffs c
                     where c.user_id = u.id and to_timestamp(${claims.iat ?? 0}) < c.not_before) as ended
      from auth.users u where u.id = ${claims.sub} and u.deleted_at is null`;
    if (!account) throw new HttpError(401, 'This account no longer exists. Please sign in again.');
    if (account.ended) throw new HttpError(401, 'Your session has ended because your password was reset. Please sign in again.');
    c.set('claims', claims);
    await next();
  };
}
