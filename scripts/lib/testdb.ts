import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { migrate, seedOnce } from '../../server/migrate.ts';
import { startEmbeddedPostgres, type RunningPostgres } from '../../server/postgres.ts';

const root = join(import.meta.dirname, '..', '..');
export const TEST_ADMIN_EMAIL = 'admin@example.com';
export const TEST_ADMIN_PASSWORD = 'admin-password';

/** A throwaway embedded PostgreSQL with every migration and the seed applied. */
export async function startTestDatabase(name: string): Promise<RunningPostgres & { dataDir: string }> {
  const dataDir = join(root, '.test-data', `${name}-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const pg = await startEmbeddedPostgres(dataDir, () => {});
  const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
  try {
    await migrate(sql);
    await sql`insert into auth.users (email, encrypted_password, email_confirmed_at)
              values (${TEST_ADMIN_EMAIL}, extensions.crypt(${TEST_ADMIN_PASSWORD}, extensions.gen_salt('bf', 10)), now())
              on conflict do nothing`;
    await seedOnce(sql, TEST_ADMIN_EMAIL);
  } finally {
    await sql.end();
  }
  return {
    ...pg,
    dataDir,
    stop: async () => {
      await pg.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
