import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { migrate, seedOnce } from '../../server/migrate.ts';
import { startEmbeddedPostgres, type RunningPostgres } from '../../server/postgres.ts';
import { insertAccount } from '../../supabase/functions/_shared/adapters/embedded-accounts.ts';

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
    await insertAccount(sql, { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD, confirmed: true });
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
