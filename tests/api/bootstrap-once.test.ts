/**
 * What a warm start skips (decision 55), on a database of its own: the bootstrap once its recorded checksum
 * matches, applied again when it does not (an edited bootstrap file, another password); every migration
 * once, and a migration added later applied at the next start.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, MigrationChangedError } from '../../server/migrate.ts';
import { bootstrapChecksum, bootstrapDatabase } from '../../server/postgres.ts';
import { sql } from './helpers.ts';

const name = `bootstrap_once_${process.pid}_${Date.now().toString(36)}`;
const adminUrl = new URL(process.env.TEST_DATABASE_ADMIN_URL!);
adminUrl.pathname = `/${name}`;
const appUrl = new URL(process.env.TEST_DATABASE_URL!);
appUrl.pathname = `/${name}`;
let admin: postgres.Sql;
let app: postgres.Sql;
const migrationsDir = mkdtempSync(join(tmpdir(), 'dataroom-migrations-'));
cpSync(join(import.meta.dirname, '..', '..', 'supabase', 'migrations'), migrationsDir, { recursive: true });

/** Whether anon may use the extensions schema: granted by the bootstrap, in this database alone. */
const anonUsesExtensions = async () =>
  (await admin`select has_schema_privilege('anon', 'extensions', 'usage') as yes`)[0].yes as boolean;
const recorded = async () =>
  (await admin`select checksum from _ledger.migrations where version = 'bootstrap'`)[0]?.checksum as string | undefined;

beforeAll(async () => {
  await sql.unsafe(`create database ${name}`);
  admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  app = postgres(appUrl.toString(), { max: 2, onnotice: () => {} });
}, 120_000);

afterAll(async () => {
  await admin?.end({ timeout: 1 });
  await app?.end({ timeout: 1 });
  await sql.unsafe(`drop database if exists ${name} with (force)`);
  rmSync(migrationsDir, { recursive: true, force: true });
});

describe('the bootstrap of an embedded database', () => {
  it('is applied the first time and recorded', async () => {
    expect(await bootstrapDatabase(adminUrl.toString())).toBe(true);
    expect(await recorded()).toBe(bootstrapChecksum());
    expect(await anonUsesExtensions()).toBe(true);
  });

  it('is skipped while its checksum matches', async () => {
    // Undone behind its back: a skipped bootstrap leaves it so.
    await admin`revoke usage on schema extensions from anon`;
    expect(await bootstrapDatabase(adminUrl.toString())).toBe(false);
    expect(await anonUsesExtensions()).toBe(false);
  });

  it('is applied again when what it records differs (an edited bootstrap file)', async () => {
    await admin`update _ledger.migrations set checksum = 'of an older bootstrap.sql' where version = 'bootstrap'`;
    expect(await bootstrapDatabase(adminUrl.toString())).toBe(true);
    expect(await anonUsesExtensions()).toBe(true);
    expect(await recorded()).toBe(bootstrapChecksum());
  });

  it('is applied again for another password', async () => {
    expect(bootstrapChecksum('ab12')).not.toBe(bootstrapChecksum());
    await admin`revoke usage on schema extensions from anon`;
    // Recorded with another password than the one given now (none: the shared test cluster's app role
    // keeps the password its other tests connect with).
    await admin`update _ledger.migrations set checksum = ${bootstrapChecksum('ab12')} where version = 'bootstrap'`;
    expect(await bootstrapDatabase(adminUrl.toString())).toBe(true);
    expect(await anonUsesExtensions()).toBe(true);
  });
});

describe('the migrations', () => {
  it('are each applied once, then skipped', async () => {
    const first = await migrate(app, () => {}, { dir: migrationsDir });
    expect(first.length).toBeGreaterThan(10);
    expect(await migrate(app, () => {}, { dir: migrationsDir })).toEqual([]);
    // The bootstrap's record is not a migration.
    expect(first).not.toContain('bootstrap');
  }, 120_000);

  it('apply a migration added since, and only it', async () => {
    writeFileSync(
      join(migrationsDir, '29991231000000_added_later.sql'),
      'create table public.added_later (id int primary key);\n',
    );
    expect(await migrate(app, () => {}, { dir: migrationsDir })).toEqual(['29991231000000_added_later.sql']);
    const [table] = await app`select to_regclass('public.added_later') is not null as present`;
    expect(table.present).toBe(true);
    expect(await migrate(app, () => {}, { dir: migrationsDir })).toEqual([]);
  });

  it('stop at a migration edited after it was applied', async () => {
    writeFileSync(
      join(migrationsDir, '29991231000000_added_later.sql'),
      'create table public.added_later (id bigint primary key);\n',
    );
    await expect(migrate(app, () => {}, { dir: migrationsDir })).rejects.toBeInstanceOf(MigrationChangedError);
  });
});
