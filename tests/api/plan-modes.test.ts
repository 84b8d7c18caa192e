// How the API's transactions plan their statements (supabase/functions/_shared/db.ts, decisions 13 and
// 65): custom plans unless a route asks for cached ones, and the choice never outlives its transaction.
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { asUser } from '../../supabase/functions/_shared/db.ts';

// One connection, so the transactions below follow each other on the same session.
const db = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
afterAll(() => db.end({ timeout: 1 }));

const claims = { sub: '00000000-0000-0000-0000-000000000000', role: 'authenticated' } as never;
const mode = (tx: postgres.TransactionSql) => tx`select current_setting('plan_cache_mode') as mode`.then(([row]) => row.mode);

describe('plan modes', () => {
  it('plans each statement for its values unless the route asks otherwise', async () => {
    expect(await asUser(db, claims, mode)).toBe('force_custom_plan');
    expect(await asUser(db, claims, mode, 'custom')).toBe('force_custom_plan');
  });

  it('lets Postgres keep a generic plan for a route that asks for cached plans, in that transaction only', async () => {
    expect(await asUser(db, claims, mode, 'cached')).toBe('auto');
    expect(await asUser(db, claims, mode)).toBe('force_custom_plan');
    expect((await db`select current_setting('plan_cache_mode') as mode`)[0].mode).toBe('auto');
  });
});
