import type { Sql, TransactionSql } from 'postgres';
import type { TokenClaims } from './ports.ts';

export type Db = Sql;
export type Tx = TransactionSql;

/**
 * Runs `work` in one transaction as role `authenticated` with the caller's JWT claims, exactly as
 * PostgREST does, so row-level security decides what the route can see and change.
 */
export function asUser<T>(sql: Db, claims: TokenClaims, work: (tx: Tx) => Promise<T>): Promise<T> {
  return sql.begin(async (tx) => {
    // Custom plans: after five runs Postgres may switch a prepared statement to a generic plan,
    // which for optional filters and RLS helpers is orders of magnitude slower (measured: 0.1 s → 9 s).
    // Not awaited: it leaves in one write with the work's first statement, and runs before it (a
    // connection runs its queries in order; if it failed, the transaction would refuse the rest).
    const setup = tx`select set_config('role', 'authenticated', true),
                    set_config('request.jwt.claims', ${JSON.stringify(claims)}, true),
                    set_config('plan_cache_mode', 'force_custom_plan', true)`.execute();
    setup.catch(() => {});
    const result = await work(tx);
    await setup;
    return result;
  }) as Promise<T>;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID_RE.test(value);
