import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { createApi } from '../../supabase/functions/_shared/app.ts';
import { embeddedAuth } from '../../supabase/functions/_shared/adapters/embedded-auth.ts';
import { outboxMail } from '../../supabase/functions/_shared/adapters/mail.ts';
import { diskBlobStore } from '../../server/blob-store.ts';
import { listFilesPageSql, listFilesSql } from '../../supabase/functions/_shared/routes/dataroom/folders.ts';
import { CAPABILITIES } from '../../supabase/functions/_shared/contracts/capabilities.ts';
import { LISTING_PAGE_DEFAULT } from '../../supabase/functions/_shared/contracts/dataroom.ts';
import { startTestDatabase } from '../lib/testdb.ts';
import { ms, percentile, timeMany } from './lib.ts';

const FILES = 10_000;
const RUNS = 40;

/** A folder of 10,000 files: the listing endpoint against the same SQL run bare, without RLS. */
export async function listingBench(): Promise<[string, string, string][]> {
  const db = await startTestDatabase('bench-listing');
  const sql = postgres(db.url, { max: 4, onnotice: () => {} });
  const blobDir = mkdtempSync(join(tmpdir(), 'bench-blobs-'));
  try {
    const mail = outboxMail(sql, () => {});
    const auth = embeddedAuth({ sql, mail, jwtSecret: 'bench-secret-bench-secret-bench', jwtExpirySeconds: 3600 });
    const app = createApi({
      sql,
      auth,
      mail,
      blobs: diskBlobStore({ dir: blobDir, secret: 'x' }).store,
      config: { jwtExpirySeconds: 3600, publicUrl: 'http://localhost', maxJsonBytes: 1 << 20, maxUploadBytes: 1 << 30 },
    });
    const session = (await auth.register('bench@example.com', 'bench-password', 'http://localhost/login/magic'))!;
    const [deal] = await sql`insert into public.deals (name, owner_id) values ('Bench', ${session.user.id}) returning id`;
    const [folder] =
      await sql`insert into public.folders (deal_id, name, created_by) values (${deal.id}, 'Big', ${session.user.id}) returning id`;
    await sql`
      insert into public.files (deal_id, folder_id, name, file_type, size_bytes, current_version, tags, upload_state, uploaded_by)
      select ${deal.id}, ${folder.id}, 'Document ' || lpad(i::text, 5, '0') || '.pdf', 'pdf', 1000 + i, 1,
             array['finance', 'q' || (i % 4)], 'ready', ${session.user.id}
      from generate_series(1, ${FILES}) i`;
    await sql`analyze public.files`;

    const headers = { authorization: `Bearer ${session.access_token}` };
    let count = 0;
    const apiSamples = await timeMany(RUNS, async () => {
      const res = await app.request(`/deals/${deal.id}/files?path=/Big`, { headers });
      count = (await res.json()).files.length;
    });
    // The same statement the endpoint runs, as the table owner: no RLS, no API.
    const owner = {
      dealId: deal.id as string,
      userId: session.user.id,
      role: 'admin',
      capabilities: new Set<string>(CAPABILITIES),
      archived: false,
      can: () => true,
    };
    const bareSamples = await timeMany(RUNS, () => listFilesSql(sql as never, owner, sql`= ${folder.id}`, '/Big'));
    const ratio = percentile(apiSamples, 50) / percentile(bareSamples, 50);
    // What the web asks for: 200 files at a time, the first page and one deep in the folder.
    const pageRows: [string, string, string][] = [];
    for (const [label, after] of [
      ['first page', undefined],
      ['page at file 9,000', 'Document 09000.pdf'],
    ] as const) {
      let listed = 0;
      const query = after === undefined ? '' : `&after=${encodeURIComponent(after)}`;
      const pageApi = await timeMany(RUNS, async () => {
        const res = await app.request(`/deals/${deal.id}/files?path=/Big&limit=${LISTING_PAGE_DEFAULT}${query}`, { headers });
        listed = (await res.json()).files.length;
      });
      const pageBare = await timeMany(RUNS, () =>
        listFilesPageSql(sql as never, owner, sql`= ${folder.id}`, '/Big', after, LISTING_PAGE_DEFAULT),
      );
      pageRows.push(
        [`GET files?path=&limit=${LISTING_PAGE_DEFAULT}, ${label}, p50`, ms(percentile(pageApi, 50)), `${listed} files`],
        [`  same page, bare SQL, p50`, ms(percentile(pageBare, 50)), ''],
      );
    }
    return [
      ['files listed per call', String(count), `${FILES} expected`],
      ['GET files?path= p50', ms(percentile(apiSamples, 50)), ''],
      ['GET files?path= p95', ms(percentile(apiSamples, 95)), ''],
      ['bare SQL, no RLS, p50', ms(percentile(bareSamples, 50)), ''],
      ['bare SQL, no RLS, p95', ms(percentile(bareSamples, 95)), ''],
      ['API p50 / bare p50', `${ratio.toFixed(2)}x`, 'budget <= 2x'],
      ...pageRows,
    ];
  } finally {
    await sql.end();
    await db.stop();
    rmSync(blobDir, { recursive: true, force: true });
  }
}
