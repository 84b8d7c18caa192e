import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Sql } from 'postgres';

const root = join(import.meta.dirname, '..');
const migrationsDir = join(root, 'supabase', 'migrations');

export class MigrationChangedError extends Error {}

/**
 * The ledger of what was applied: each migration's checksum, and rows of the runner's own (`seed`, and
 * `bootstrap`, the embedded database's bootstrap: postgres.ts `bootstrapDatabase`). Owned by the role that migrates.
 */
export const LEDGER_DDL = `
    create schema if not exists _ledger;
    create table if not exists _ledger.migrations (
      version text primary key, name text not null, checksum text not null, applied_at timestamptz not null default now());
    revoke all on schema _ledger from public;`;

/** True on a Supabase database, whose image already provides roles, `auth` and extensions. */
async function isSupabase(sql: Sql): Promise<boolean> {
  const [row] = await sql`select exists (select 1 from pg_roles where rolname = 'supabase_admin') as yes`;
  return row.yes as boolean;
}

/**
 * Every migration in order, each in its own transaction, recorded with a checksum so an edited,
 * already-applied migration stops the start. With `bootstrap` (a `DATABASE_URL` of plain Postgres,
 * reached as a superuser), db/bootstrap.sql first; the embedded database is bootstrapped by its
 * superuser before (postgres.ts `bootstrapDatabase`) and migrated as the application's role.
 */
export async function migrate(
  sql: Sql,
  log: (line: string) => void = () => {},
  opts: { bootstrap?: boolean; /** The migrations' folder (tests): supabase/migrations by default. */ dir?: string } = {},
): Promise<string[]> {
  if (opts.bootstrap && !(await isSupabase(sql))) {
    const [role] = await sql`select rolsuper, to_regclass('auth.users') is not null as bootstrapped
                             from pg_roles where rolname = current_user`;
    if (role.rolsuper) await sql.unsafe(readFileSync(join(import.meta.dirname, 'db', 'bootstrap.sql'), 'utf8'));
    else if (!role.bootstrapped)
      throw new Error(
        'DATABASE_URL reaches a database without the auth schema: connect as a superuser the first time, to bootstrap it.',
      );
  }
  await sql.unsafe(LEDGER_DDL);
  const applied = new Map(
    (await sql<{ version: string; checksum: string }[]>`select version, checksum from _ledger.migrations`).map((r) => [
      r.version,
      r.checksum,
    ]),
  );
  const done: string[] = [];
  const dir = opts.dir ?? migrationsDir;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const version = file.split('_')[0];
    const text = readFileSync(join(dir, file), 'utf8');
    const checksum = createHash('sha256').update(text).digest('hex');
    const previous = applied.get(version);
    if (previous === checksum) continue;
    if (previous) {
      throw new MigrationChangedError(
        `Migration ${file} was changed after it was applied. Migrations are append-only: restore it and add a new migration instead.`,
      );
    }
    await sql.begin(async (tx) => {
      await tx.unsafe(text);
      await tx`insert into _ledger.migrations (version, name, checksum) values (${version}, ${file}, ${checksum})`;
    });
    log(`Applied migration ${file}`);
    done.push(file);
  }
  return done;
}

/** Runs supabase/seed.sql once per database. `adminEmail` owns the demo deal. */
export async function seedOnce(sql: Sql, adminEmail: string): Promise<boolean> {
  const [already] = await sql`select 1 from _ledger.migrations where version = 'seed'`;
  if (already) return false;
  const text = readFileSync(join(root, 'supabase', 'seed.sql'), 'utf8');
  await sql.begin(async (tx) => {
    await tx`select set_config('app.seed_admin_email', ${adminEmail}, true)`;
    await tx.unsafe(text);
    await tx`insert into _ledger.migrations (version, name, checksum) values ('seed', 'seed.sql', '')`;
  });
  return true;
}
