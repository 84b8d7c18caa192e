/**
 * `npm run bench -- viewer`: a 300-page PDF read in the viewer (decision 44). The stamped source a
 * view-only member loads (the first answer prepares the document and fills the stamp into it, decision
 * 58; later ones within the link's life come from the stamp cache; another reader's only fills), the original a downloader loads, and the plain signed download of the same
 * bytes, in one run: time to first byte (the answer's headers) and to the whole answer, p50. And the
 * event loop while stamping (decision 53): GET /health and a light authenticated GET, one after the other
 * while a document is prepared for its first stamp, in the request's own thread (as before decision 53, and on
 * Supabase) and in the embedded server's stamping thread.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { diskBlobStore } from '../../server/blob-store.ts';
import { startStampThreads } from '../../server/stamp-threads.ts';
import { prepareStamp } from '../../supabase/functions/_shared/viewer/watermark.ts';
import { fillTemplate } from '../../supabase/functions/_shared/viewer/stamp-fill.ts';
import { stampText } from '../../supabase/functions/_shared/viewer/stamper.ts';
import { benchApi } from './fixture.ts';
import { ms, percentile, timeMany } from './lib.ts';

type Row = [string, string, string];
const PAGES = Number(process.env.VIEWER_PAGES ?? 300);
const RUNS = Number(process.env.VIEWER_RUNS ?? 20);

export async function bigPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const para = 'The parties agree that the completion accounts shall be prepared in accordance with the policies. ';
  for (let p = 1; p <= pages; p++) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(`Page ${p}`, { x: 50, y: 790, size: 16, font });
    for (let line = 0; line < 55; line++) page.drawText(para, { x: 50, y: 760 - line * 13, size: 10, font });
  }
  return doc.save();
}

/** Time to the answer's headers and to its last byte, each request separately. */
async function fetchTimes(n: number, request: () => Promise<Response>) {
  const first: number[] = [];
  const full: number[] = [];
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const res = await request();
    first.push(performance.now() - started);
    bytes = (await res.arrayBuffer()).byteLength;
    full.push(performance.now() - started);
    if (!res.ok) throw new Error(`answered ${res.status}`);
  }
  return { first, full, bytes };
}

const p50 = (xs: number[]) => ms(percentile(xs, 50));
const p50p95 = (xs: number[]) => `${ms(percentile(xs, 50))} / ${ms(percentile(xs, 95))}`;

/**
 * While `stamp` (a first request of a stamped source) runs: GET /health and `light`, each timed, one
 * after the other until it ends. What a request waits for while another is stamped.
 */
async function loopWhileStamping(
  app: { request: (path: string) => Response | Promise<Response> },
  stamp: () => Promise<Response>,
  light: () => Promise<Response>,
) {
  const health: number[] = [];
  const others: number[] = [];
  const started = performance.now();
  let done = false;
  const stamped = stamp().then(async (res) => {
    if (!res.ok) throw new Error(`the stamped source answered ${res.status}`);
    await res.arrayBuffer();
    done = true;
    return performance.now() - started;
  });
  while (!done) {
    let t = performance.now();
    await (await app.request('/health')).arrayBuffer();
    health.push(performance.now() - t);
    t = performance.now();
    const res = await light();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`the light GET answered ${res.status}`);
    others.push(performance.now() - t);
  }
  return { health, others, stampMs: await stamped };
}
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

export async function viewerBench(): Promise<Row[]> {
  const bench = await benchApi('bench-viewer');
  const { sql, app } = bench;
  try {
    const owner = await bench.session('viewer-owner@example.com');
    const reader = await bench.session('viewer-reader@example.com');
    const deal = await bench.blankDeal('Viewer bench', owner.user.id);
    const [set] =
      await sql`insert into public.permission_sets (deal_id, name, capabilities) values (${deal.id}, 'Read only', '{view}') returning id`;
    await sql`insert into public.deal_members (deal_id, user_id, role, permission_set_id) values (${deal.id}, ${reader.user.id}, 'member', ${set.id})`;
    const pdf = await bigPdf(PAGES);
    // A stored PDF of its own: a document is prepared for stamping once (decision 58), so each
    // measurement of that preparation needs a document not yet prepared.
    const addPdf = async (n: number) => {
      const [file] = await sql`
        insert into public.files (deal_id, name, file_type, size_bytes, uploaded_by, upload_state, current_version)
        values (${deal.id}, ${`Disclosure letter ${n}.pdf`}, 'pdf', 0, ${owner.user.id}, 'pending', 0) returning id`;
      const key = `deals/${deal.id}/files/${file.id}/v1`;
      const stored = await bench.blobs.put(
        key,
        (async function* () {
          yield pdf;
        })(),
        { maxBytes: pdf.length, contentType: 'application/pdf' },
      );
      await sql`insert into public.file_versions (file_id, deal_id, version_number, size_bytes, sha256, storage_key, original_name, uploaded_by, content_type)
                values (${file.id}, ${deal.id}, 1, ${pdf.length}, ${stored.sha256}, ${key}, ${`Disclosure letter ${n}.pdf`}, ${owner.user.id}, 'application/pdf')`;
      await sql`update public.files set upload_state = 'ready', current_version = 1, size_bytes = ${pdf.length} where id = ${file.id}`;
      return file.id as string;
    };
    const file = { id: await addPdf(1) };
    const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
    const viewerPath = `/deals/${deal.id}/files/${file.id}/viewer`;

    const answers = await timeMany(RUNS, async () => (await app.request(viewerPath, as(reader.access_token))).text());
    const readerLink = ((await (await app.request(viewerPath, as(reader.access_token))).json()) as { source_url: string })
      .source_url;
    const ownerLink = ((await (await app.request(viewerPath, as(owner.access_token))).json()) as { source_url: string })
      .source_url;

    const cold = await fetchTimes(1, async () => app.request(readerLink));
    const warm = await fetchTimes(RUNS, async () => app.request(readerLink));
    // Other readers of the same document: their own stamp filled into the document already prepared.
    const otherLinks: string[] = [];
    for (let i = 0; i < Math.min(RUNS, 5); i++) {
      const who = await bench.session(`viewer-other-${i}@example.com`);
      await sql`insert into public.deal_members (deal_id, user_id, role, permission_set_id) values (${deal.id}, ${who.user.id}, 'member', ${set.id})`;
      otherLinks.push(
        ((await (await app.request(viewerPath, as(who.access_token))).json()) as { source_url: string }).source_url,
      );
    }
    const filled = await fetchTimes(otherLinks.length, async () => app.request(otherLinks.shift()!));
    const original = await fetchTimes(RUNS, async () => app.request(ownerLink));
    // The plain signed download of the same bytes, through the embedded store's own route.
    const store = diskBlobStore({ dir: bench.blobDir, secret: 'x' });
    const download = await fetchTimes(RUNS, async () => {
      const link = (await (
        await app.request(`/deals/${deal.id}/files/${file.id}/download-url`, as(owner.access_token))
      ).json()) as {
        download_url: string;
      };
      return store.routes.request(link.download_url.slice('/storage/v1'.length));
    });
    // Event loop while stamping: a fresh reader and a fresh document each (a first stamp, not the cache).
    const threads = startStampThreads();
    const threaded = bench.appWith({ stamper: threads.stamper });
    const fresh = async (label: string, n: number) => {
      const who = await bench.session(`viewer-${label}@example.com`);
      await sql`insert into public.deal_members (deal_id, user_id, role, permission_set_id) values (${deal.id}, ${who.user.id}, 'member', ${set.id})`;
      const path = `/deals/${deal.id}/files/${await addPdf(n)}/viewer`;
      return ((await (await app.request(path, as(who.access_token))).json()) as { source_url: string }).source_url;
    };
    const light = async () => app.request(`/deals/${deal.id}`, as(owner.access_token));
    const inRequest = await loopWhileStamping(app, async () => app.request(await fresh('loop-inline', 2)), light);
    // The thread is started (and its modules loaded) first, as in a server that has stamped before.
    await threads.stamper.prepare(await bigPdf(1), 'pdf');
    const inThread = await loopWhileStamping(app, async () => threaded.request(await fresh('loop-thread', 3)), light);
    await threads.close();

    const text = stampText('viewer-reader@example.com', 'Viewer bench', new Date());
    const preparing = await timeMany(Math.min(RUNS, 5), () => prepareStamp(pdf, 'pdf'));
    const template = await prepareStamp(pdf, 'pdf');
    const filling = await timeMany(RUNS, async () => fillTemplate(template, text));

    return [
      [`PDF: ${PAGES} pages`, mb(pdf.length), ''],
      ['GET …/viewer p50 (view-only member)', p50(answers), ''],
      [
        'Stamped source, first request: first byte / whole',
        `${p50(cold.first)} / ${p50(cold.full)}`,
        `${mb(cold.bytes)} stamped`,
      ],
      ['Stamped source, later requests p50: first byte / whole', `${p50(warm.first)} / ${p50(warm.full)}`, 'budget <= 100 ms'],
      [
        "Stamped source, another reader's first request p50: first byte / whole",
        `${p50(filled.first)} / ${p50(filled.full)}`,
        'the document already prepared (decision 58)',
      ],
      ['Preparing the document for stamping (once per document) p50', p50(preparing), ''],
      [`Filling a reader's stamp into all ${PAGES} pages p50`, p50(filling), ''],
      ['Original (downloader) p50: first byte / whole', `${p50(original.first)} / ${p50(original.full)}`, ''],
      ['Plain signed download p50: first byte / whole', `${p50(download.first)} / ${p50(download.full)}`, '(incl. download-url)'],
      ...(
        [
          ['in the request thread (before decision 53)', inRequest],
          ['in a worker thread', inThread],
        ] as const
      ).flatMap(([how, m]): Row[] => [
        [`Event loop while stamping ${how}: GET /health p50 / p95`, p50p95(m.health), `${m.health.length} requests`],
        [`Event loop while stamping ${how}: GET /deals/{id} p50 / p95`, p50p95(m.others), `first stamp ${ms(m.stampMs)}`],
      ]),
    ];
  } finally {
    await bench.stop();
  }
}
