/**
 * The last-super-admin rule under concurrent requests, on a database of its own (the shared test
 * database always has other super admins): with exactly two super admins, each revoking the other at
 * the same moment, one revocation wins and the other is refused, and one super admin remains.
 */
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/migrate.ts';
import { bootstrapDatabase } from '../../server/postgres.ts';
import { asUser, sql } from './helpers.ts';

const name = `admin_conc_${process.pid}_${Date.now().toString(36)}`;
let own: postgres.Sql;

beforeAll(async () => {
  await sql.unsafe(`create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  // As the embedded server prepares its database: the superuser bootstraps, the app role migrates.
  const admin = new URL(process.env.TEST_DATABASE_ADMIN_URL!);
  admin.pathname = `/${name}`;
  await bootstrapDatabase(admin.toString());
  own = postgres(url.toString(), { max: 4, onnotice: () => {} });
  await migrate(own);
}, 120_000);

afterAll(async () => {
  await own?.end({ timeout: 1 });
  await sql.unsafe(`drop database if exists ${name} with (force)`);
});

/** Two new accounts, made the only super admins; their ids. */
async function onlySuperAdmins(first: string, second: string): Promise<[string, string]> {
  const ids: string[] = [];
  for (const email of [first, second]) {
    const [user] = await own`insert into auth.users (id, email) values (gen_random_uuid(), ${email}) returning id`;
    ids.push(user.id);
  }
  await own`delete from public.platform_admins`;
  await own`insert into public.platform_admins (user_id) values (${ids[0]}), (${ids[1]})`;
  return [ids[0], ids[1]];
}

type Work = (tx: postgres.TransactionSql) => Promise<unknown>;

/** `first` as `a`, its transaction held open half a second, and `second` as `b` meanwhile: how each ended. */
async function race(a: string, first: Work, b: string, second: Work) {
  const held = asUser(
    { sub: a },
    async (tx) => {
      await first(tx);
      await tx`select pg_sleep(0.5)`;
    },
    own,
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  return Promise.allSettled([held, asUser({ sub: b }, second, own)]);
}

describe('two super admins revoke each other at once', () => {
  it('one wins, the other is refused, one super admin remains', async () => {
    const [a, b] = await onlySuperAdmins('a@conc.test', 'b@conc.test');
    // A revokes B and holds its transaction open a moment; B revokes A meanwhile.
    const [one, two] = await race(
      a,
      (tx) => tx`select public.admin_set_super_admin(${b}, false)`,
      b,
      (tx) => tx`select public.admin_set_super_admin(${a}, false)`,
    );
    expect(one.status).toBe('fulfilled');
    expect(two.status).toBe('rejected');
    expect(String((two as PromiseRejectedResult).reason?.message)).toMatch(/last super admin/);
    const remaining = await own`select user_id from public.platform_admins`;
    expect(remaining.map((r) => r.user_id)).toEqual([a]);
  }, 30_000);

  it('a super admin cannot delete the account of the other at the moment they revoke them, leaving none', async () => {
    const [c, d] = await onlySuperAdmins('c@conc.test', 'd@conc.test');
    const settled = await race(
      c,
      (tx) => tx`select public.admin_delete_user(${d})`,
      d,
      (tx) => tx`select public.admin_set_super_admin(${c}, false)`,
    );
    expect(settled[0].status).toBe('fulfilled');
    expect(settled[1].status).toBe('rejected');
    const remaining = await own`select user_id from public.platform_admins`;
    expect(remaining.map((r) => r.user_id)).toEqual([c]);
  }, 30_000);
});
