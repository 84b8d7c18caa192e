import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { createApi } from '../../supabase/functions/_shared/app.ts';
import { embeddedAuth } from '../../supabase/functions/_shared/adapters/embedded-auth.ts';
import { outboxMail } from '../../supabase/functions/_shared/adapters/mail.ts';
import { diskBlobStore } from '../../server/blob-store.ts';
import { startTestDatabase } from '../lib/testdb.ts';

/** A throwaway database with the API wired to it, for benchmarks that call the Hono app directly. */
export async function benchApi(name: string) {
  const db = await startTestDatabase(name);
  const sql = postgres(db.url, { max: 4, onnotice: () => {} });
  const blobDir = mkdtempSync(join(tmpdir(), 'bench-blobs-'));
  const mail = outboxMail(sql, () => {});
  const auth = embeddedAuth({ sql, mail, jwtSecret: 'bench-secret-bench-secret-bench', jwtExpirySeconds: 3600 });
  const blobs = diskBlobStore({ dir: blobDir, secret: 'x' }).store;
  const deps: Parameters<typeof createApi>[0] = {
    sql,
    auth,
    mail,
    blobs,
    config: { jwtExpirySeconds: 3600, publicUrl: 'http://localhost', maxJsonBytes: 1 << 20, maxUploadBytes: 1 << 30 },
  };
  const app = createApi(deps);
  /** The same API with other ports (the thread stamper, say), on the same database and blobs. */
  const appWith = (more: Partial<Parameters<typeof createApi>[0]>) => createApi({ ...deps, ...more });
  const session = async (email: string) => (await auth.register(email, 'bench-password', 'http://localhost/login/magic'))!;
  /** A deal with an empty checklist, inserted as the table owner: a benchmark fills it with its own rows. */
  const blankDeal = async (name: string, ownerId: string): Promise<{ id: string }> =>
    (
      await sql<
        { id: string }[]
      >`insert into public.deals (name, owner_id, checklist_preset) values (${name}, ${ownerId}, 'blank') returning id`
    )[0];
  return {
    sql,
    app,
    appWith,
    session,
    blankDeal,
    blobs,
    blobDir,
    url: db.url,
    async stop() {
      await sql.end();
      await db.stop();
      rmSync(blobDir, { recursive: true, force: true });
    },
  };
}
