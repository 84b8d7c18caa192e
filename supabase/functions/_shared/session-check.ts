/**
 * Whether the session behind a verified token still lives and may reach the route (docs/decisions.md
 * decisions 21, 22, 30, 31). Asked once a request. A write asks before its route runs. A read (GET, HEAD)
 * sends the question as the first statement of its first transaction as the caller, in the same write to
 * the database as the transaction's setup: one round trip a read less (decision 68). Its verdict is
 * known before that transaction commits or returns anything, and before any later transaction of the
 * request starts; a route that never opens one is checked after it ran, before its answer goes.
 */
import type { Db, Tx } from './db.ts';
import type { TokenClaims } from './ports.ts';

export interface SessionFacts {
  ended: boolean;
  session_gone: boolean;
  has_factor: boolean;
  unproved: boolean;
  no_email: boolean;
}

/** The facts, or no row when the account is gone; read as the API's own role, never as the caller. */
export function sessionFacts(sql: Db | Tx, claims: TokenClaims) {
  return sql<SessionFacts[]>`
    select exists (select 1 from private.session_cutoffs c
                   where c.user_id = u.id and to_timestamp(${claims.iat ?? 0}) < c.not_before) as ended,
           not private.session_is_live(${claims.session_id}::uuid) as session_gone,
           exists (select 1 from auth.mfa_factors f where f.user_id = u.id and f.status::text = 'verified') as has_factor,
           exists (select 1 from private.unproved_passwords p where p.user_id = u.id) as unproved,
           (coalesce(btrim(u.email), '') = '' or u.is_anonymous) as no_email
    from auth.users u where u.id = ${claims.sub} and u.deleted_at is null`;
}

/** Throws the answer for a session that may not reach the route; `verdict` in the middleware. */
export type SessionVerdict = (facts: SessionFacts | undefined) => void;

interface DeferredCheck {
  verdict: SessionVerdict;
  /** Settles once the facts are read and judged; rejects with the verdict's HttpError. */
  outcome?: Promise<void>;
}

/** The reads whose check waits for their first transaction, by the request's own claims object. */
const deferred = new WeakMap<TokenClaims, DeferredCheck>();

/** Claims for one read request whose session check rides in its first transaction. */
export function deferSessionCheck(claims: TokenClaims, verdict: SessionVerdict): TokenClaims {
  const own = Object.freeze({ ...claims });
  deferred.set(own, { verdict });
  return own;
}

function judged(check: DeferredCheck, facts: Promise<SessionFacts[]>): Promise<void> {
  const outcome = facts.then(([row]) => check.verdict(row));
  outcome.catch(() => {}); // awaited by its transaction and by the middleware; never unhandled
  return outcome;
}

/**
 * For `asUser`: undefined when these claims carry no check still to send. Otherwise, when the check is
 * already on its way (another transaction of the request), waits for its verdict; when it is not, sends
 * it on `tx` before anything else and returns the verdict to await before the transaction ends.
 */
export async function sessionCheckBefore(claims: TokenClaims): Promise<((tx: Tx) => Promise<void>) | undefined> {
  const check = deferred.get(claims);
  if (!check) return undefined;
  if (check.outcome) {
    await check.outcome;
    return undefined;
  }
  return (tx) => {
    if (check.outcome) return check.outcome;
    check.outcome = judged(check, sessionFacts(tx, claims).execute());
    return check.outcome;
  };
}

/** For the middleware once the route has answered: the verdict, asked now if no transaction asked it. */
export function settleSessionCheck(sql: Db, claims: TokenClaims): Promise<void> {
  const check = deferred.get(claims);
  if (!check) return Promise.resolve();
  check.outcome ??= judged(check, sessionFacts(sql, claims).execute());
  return check.outcome;
}
