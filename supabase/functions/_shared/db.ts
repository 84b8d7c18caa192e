import type { Sql, TransactionSql } from 'postgres';
import type { TokenClaims } from './ports.ts';
import { sessionCheckBefore } from './session-check.ts';

export type Db = Sql;
export type Tx = TransactionSql;

/**
 * How Postgres plans the work's statements. `custom`, the default: each run is planned for its values,
 * since after five runs Postgres may switch a prepared statement to a generic plan, which for optional
 * filters and parameterised limits was orders of magnitude slower (measured: 0.1 s → 9 s; decision 13).
 * `cached`: Postgres may keep a generic plan when it judges it as good, which spares planning the
 * row-level security of every table each time (about half a millisecond a statement). Only for routes
 * whose statements find rows by key, with no optional filter and no limit that changes the best plan
 * (decision 65).
 */
export type PlanMode = 'custom' | 'cached';

/**
 * Runs `work` in one transaction as role `authenticated` with the caller's JWT claims, exactly as
 * PostgREST does, so row-level security decides what the route can see and change. A read's session
 * check, when it is still to ask, goes first, as the API's own role (decision 68): `sessionChecked`
 * settles with its verdict, which `work` may await before it goes on; the transaction never returns or
 * commits before it, and a refused session's answer wins over whatever `work` threw.
 */
export async function asUser<T>(
  sql: Db,
  claims: TokenClaims,
  work: (tx: Tx, sessionChecked: Promise<void>) => Promise<T>,
  plans: PlanMode = 'custom',
): Promise<T> {
  const sendCheck = await sessionCheckBefore(claims);
  return sql.begin(async (tx) => {
    const checked = sendCheck ? sendCheck(tx) : CHECKED;
    // Not awaited: it leaves in one write with the work's first statement, and runs before it (a
    // connection runs its queries in order; if it failed, the transaction would refuse the rest).
    const setup = tx`select set_config('role', 'authenticated', true),
                    set_config('request.jwt.claims', ${JSON.stringify(claims)}, true),
                    set_config('plan_cache_mode', ${plans === 'cached' ? 'auto' : 'force_custom_plan'}, true)`.execute();
    setup.catch(() => {});
    try {
      const result = await work(tx, checked);
      await checked;
      await setup;
      return result;
    } catch (error) {
      await checked;
      throw error;
    }
  }) as Promise<T>;
}

const CHECKED = Promise.resolve();

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID_RE.test(value);
