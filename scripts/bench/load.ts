/**
 * `npm run bench -- load`: 50 clients for 60 s against the real server (client and server on this
 * machine), each looping over issue 33's mix of what people do: list a folder 25 %, open a file (its
 * page's data) 20 %, download one 15 %, upload one of 1-5 MB 5 % (upload-url, the bytes through tus as
 * the web app sends them, upload-complete), comment 10 %, review (set a file's approval) 10 %, read the activity feed 15 %.
 * Prints operations/s (and the HTTP requests they made), p50/p95/p99, errors, the server's CPU per
 * operation and its RSS before, under load and after, and checks every upload is listed with its bytes.
 * LOAD_CLIENTS and LOAD_SECONDS change the shape (a 30-minute soak: LOAD_SECONDS=1800). LOAD_AI_PDFS=N
 * uploads N real PDFs just before the load, so it runs beside an AI backlog (compare p99 with a run
 * without: issue 33).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiJson, percentile, rssOf, spawnServer, treeCpuSecondsOf, uploadLabelledPdf } from './lib.ts';
import { tusUploadAsWebApp } from './upload-clients.ts';
import { ACTIVITY_PAGE_DEFAULT } from '../../supabase/functions/_shared/contracts/activity.ts';
import { LISTING_PAGE_DEFAULT } from '../../supabase/functions/_shared/contracts/dataroom.ts';

type Row = [string, string, string];
type Operation = 'list' | 'open' | 'download' | 'upload' | 'comment' | 'review' | 'activity';
/** Issue 33's mix in twenty steps; each client starts at its own place in it. */
const MIX: Operation[] = [
  ...Array<Operation>(5).fill('list'),
  ...Array<Operation>(4).fill('open'),
  ...Array<Operation>(3).fill('download'),
  'upload',
  ...Array<Operation>(2).fill('comment'),
  ...Array<Operation>(2).fill('review'),
  ...Array<Operation>(3).fill('activity'),
];
const MIB = 1024 * 1024;
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const AI_PDFS = Number(process.env.LOAD_AI_PDFS ?? 0);
// The longest wait for the AI analyses the uploads queued before memory at rest is read.
const DRAIN_LIMIT_MS = 20 * 60_000;
/**
 * The uploads' bytes: each a slice of one random pool (incompressible, as before), at its own offset. A
 * download is checked byte for byte against its slice: the clients share the server's two cores, and
 * drawing fresh random bytes for every upload and hashing every download took a tenth of their CPU.
 */
const POOL = randomBytes(16 * MIB);
const sliceOf = ({ offset, size }: { offset: number; size: number }) => POOL.subarray(offset, offset + size);
const sameBytes = (got: ArrayBuffer, want: Buffer) => Buffer.from(got).equals(want);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Slope of y over x by least squares (0 with fewer than two points). */
function leastSquaresSlope(points: [number, number][]): number {
  if (points.length < 2) return 0;
  const n = points.length;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const sxx = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return sxx === 0 ? 0 : points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0) / sxx;
}

export async function loadBench(): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dataroom-load-'));
  const server = await spawnServer(dataDir, {
    METRICS_TOKEN: 'load-bench',
    ...(process.env.LOAD_SERVER_ENV ? JSON.parse(process.env.LOAD_SERVER_ENV) : {}),
  });
  const base = `${server.url}/api`;
  let renewal: ReturnType<typeof setInterval> | undefined;
  try {
    // What Chromium asks for: Node's fetch alone asks for gzip and deflate, and the server then compresses
    // the mix's answers with gzip where a browser gets brotli.
    const json = apiJson(base, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const signedIn = await json('POST', '/auth/login', undefined, {
      email: 'admin@example.com',
      password: 'admin-password',
    });
    // Access tokens live 15 minutes (JWT_EXPIRY): like the web app, the clients renew theirs in time, so a
    // soak (LOAD_SECONDS=1800) measures the server, not an expired session.
    let token: string = signedIn.access_token;
    let refreshToken: string = signedIn.refresh_token;
    renewal = setInterval(() => {
      json('POST', '/auth/refresh', undefined, { refresh_token: refreshToken })
        .then((renewed) => {
          token = renewed.access_token;
          refreshToken = renewed.refresh_token;
        })
        .catch((err) => errors.push(`token renewal: ${(err as Error).message}`));
    }, 5 * 60_000);
    const deal = await json('POST', '/deals', token, { name: 'Load deal', checklist_preset: 'default' });
    const dealPath = `/deals/${deal.id}`;

    const samples: number[] = [];
    const byKind = new Map<string, number[]>();
    const errors: string[] = [];
    const uploaded = new Map<string, { offset: number; size: number }>();
    const timed = async (kind: string, work: () => Promise<void>) => {
      const started = performance.now();
      try {
        await work();
        const took = performance.now() - started;
        samples.push(took);
        if (!byKind.has(kind)) byKind.set(kind, []);
        byKind.get(kind)!.push(took);
      } catch (err) {
        errors.push((err as Error).message);
      }
    };
    let httpRequests = 0;
    const upload = async (client: number, n: number) => {
      // 1-5 MB, incompressible.
      const size = MIB + (Math.abs(client * 997 + n * 7919) % (4 * MIB));
      const slice = { offset: Math.abs(client * 7919 + n * 104729) % (POOL.length - size), size };
      const bytes = sliceOf(slice);
      httpRequests += 3;
      const name = `client-${client}-file-${n}.bin`;
      let fileId = '';
      await timed('upload-url + bytes', async () => {
        const start = await json('POST', `${dealPath}/files/upload-url`, token, {
          filename: name,
          content_type: 'application/octet-stream',
          path: '/',
        });
        fileId = start.file_id;
        // The bytes as the web app sends them: through tus, these small files with their creation.
        const stored = await tusUploadAsWebApp(server.url, start.resumable, bytes);
        if (stored !== 201 && stored !== 204) throw new Error(`store: ${stored}`);
      });
      await timed('upload-complete', async () => {
        await json('POST', `${dealPath}/files/${fileId}/upload-complete`, token, { file_size: bytes.length });
        uploaded.set(fileId, slice);
      });
    };
    const anyFile = () => {
      const ids = [...uploaded.keys()];
      return ids[Math.floor(Math.random() * ids.length)];
    };
    const download = async () =>
      timed('download-url + bytes', async () => {
        httpRequests += 2;
        const id = anyFile();
        const { download_url } = await json('GET', `${dealPath}/files/${id}/download-url`, token);
        const res = await fetch(`${server.url}${download_url}`);
        const same = sameBytes(await res.arrayBuffer(), sliceOf(uploaded.get(id)!));
        if (res.status !== 200 || !same) throw new Error(`download of ${id}: ${res.status}, bytes ${same ? 'same' : 'differ'}`);
      });

    // Warm up, then measure memory at rest.
    for (let i = 0; i < 20; i++) await upload(-1, i);
    await new Promise((r) => setTimeout(r, 2000));
    const rssBefore = rssOf(server.child.pid!);

    // The AI backlog the load runs beside: real one-page PDFs, each read and classified by the server.
    for (let i = 0; i < AI_PDFS; i++) await uploadLabelledPdf(base, dealPath, token, i, 'backlog ');

    let peak = rssBefore;
    // RSS over time, for the soak's growth trend (a least-squares slope over the second half of the run).
    const trend: [number, number][] = [];
    const sampler = setInterval(() => {
      const rss = rssOf(server.child.pid!);
      peak = Math.max(peak, rss);
      trend.push([Date.now(), rss]);
    }, 250);
    const until = Date.now() + SECONDS * 1000;
    const cpuBefore = treeCpuSecondsOf(server.child.pid!);
    const clientCpuBefore = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let n = 0; Date.now() < until; n++) {
          const operation = MIX[(n + client) % MIX.length];
          if (operation === 'download') await download();
          else if (operation === 'upload') await upload(client, n);
          else
            await timed(operation, async () => {
              httpRequests += 1;
              if (operation === 'list')
                // What the data room asks for: the first page of the level (the web reads more as it scrolls).
                await json('GET', `${dealPath}/files?path=/&limit=${LISTING_PAGE_DEFAULT}`, token);
              else if (operation === 'open') await json('GET', `${dealPath}/files/${anyFile()}`, token);
              else if (operation === 'comment')
                await json('POST', `${dealPath}/files/${anyFile()}/comments`, token, { comment: `Load comment ${client}-${n}` });
              else if (operation === 'review')
                await json('PUT', `${dealPath}/files/${anyFile()}/approval`, token, { status: n % 2 ? 'review' : 'approved' });
              else await json('GET', `${dealPath}/activity?limit=${ACTIVITY_PAGE_DEFAULT}`, token);
            });
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const cpuAfter = treeCpuSecondsOf(server.child.pid!);
    const clientCpu = process.cpuUsage(clientCpuBefore);
    clearInterval(sampler);
    const scrape = async () => {
      const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer load-bench' } })).text();
      return (name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
    };
    // Idle database connections close after 10 s and V8 shrinks its heap when idle; but the uploads
    // left AI analyses queued, which the server works through next. Idle is once they are done.
    await new Promise((r) => setTimeout(r, 20_000));
    const rssSoonAfter = rssOf(server.child.pid!);
    const backlog = (gauge: (name: string) => number) => gauge('dataroom_ai_jobs_queued') + gauge('dataroom_ai_jobs_running');
    const backlogSoonAfter = backlog(await scrape());
    const drainStarted = performance.now();
    while (backlog(await scrape()) > 0 && performance.now() - drainStarted < DRAIN_LIMIT_MS)
      await new Promise((r) => setTimeout(r, 1000));
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    await new Promise((r) => setTimeout(r, 20_000));
    const rssAfter = rssOf(server.child.pid!);
    const gauge = await scrape();

    // Every completed upload is listed and byte-exact.
    const listing = await json('GET', `${dealPath}/files?path=/`, token);
    const listed = new Set((listing.files as { id: string }[]).map((f) => f.id));
    const missing = [...uploaded.keys()].filter((id) => !listed.has(id)).length;
    // Read back 16 at a time: a soak leaves tens of thousands of files, and the server is still busy with
    // their AI analyses.
    let wrong = 0;
    const toVerify = [...uploaded];
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let next = toVerify.pop(); next; next = toVerify.pop()) {
          const [id, slice] = next;
          const { download_url } = await json('GET', `${dealPath}/files/${id}/download-url`, token);
          if (!sameBytes(await (await fetch(`${server.url}${download_url}`)).arrayBuffer(), sliceOf(slice))) wrong++;
        }
      }),
    );
    const late = trend.slice(Math.floor(trend.length / 2));
    const slope = leastSquaresSlope(late.map(([t, rss]) => [t / 60_000, rss / 1024 / 1024]));
    if (errors.length) console.log(`  first errors: ${[...new Set(errors)].slice(0, 3).join(' | ')}`);
    return [
      ['clients x seconds', `${CLIENTS} x ${SECONDS}`, ''],
      ['AI backlog at the start (LOAD_AI_PDFS)', `${AI_PDFS} PDFs`, ''],
      ['operations/s (each step of the mix; an upload is two)', (samples.length / elapsed).toFixed(0), 'budget >= 250'],
      ['  HTTP requests/s they made', (httpRequests / elapsed).toFixed(0), ''],
      ['p50 / p95', `${percentile(samples, 50).toFixed(0)} / ${percentile(samples, 95).toFixed(0)} ms`, ''],
      ['p99', `${percentile(samples, 99).toFixed(0)} ms`, 'budget <= 500 ms'],
      ...[...byKind].map(([kind, took]): Row => [
        `  ${kind} p50 / p99`,
        `${percentile(took, 50).toFixed(0)} / ${percentile(took, 99).toFixed(0)} ms`,
        '',
      ]),
      [
        '  server CPU an operation: Node (with the AI worker) / Postgres',
        `${(((cpuAfter.self - cpuBefore.self) / samples.length) * 1000).toFixed(2)} / ${(((cpuAfter.children - cpuBefore.children) / samples.length) * 1000).toFixed(2)} ms`,
        'budget <= 2.5 / 3 ms',
      ],
      // On two cores the clients share the CPU with the server: what they take bounds operations/s.
      [
        "  the clients' own CPU an operation (this process)",
        `${((clientCpu.user + clientCpu.system) / 1000 / samples.length).toFixed(2)} ms`,
        '',
      ],
      ['errors', String(errors.length), 'budget 0'],
      [
        'uploads completed / listed / byte-exact',
        `${uploaded.size} / ${uploaded.size - missing} / ${uploaded.size - wrong}`,
        'all',
      ],
      ['server RSS at rest before', mb(rssBefore), 'budget <= 150 MB'],
      ['server RSS peak under load', mb(peak), 'budget <= 250 MB'],
      [`server RSS 20 s after the load (${backlogSoonAfter} AI analyses still to run)`, mb(rssSoonAfter), ''],
      [`server RSS at rest after (analyses done in ${drainSeconds.toFixed(0)} s, then 20 s)`, mb(rssAfter), 'budget <= 150 MB'],
      [
        'server RSS trend, second half of the run',
        `${slope >= 0 ? '+' : ''}${slope.toFixed(2)} MB/min`,
        'no growth (soak: LOAD_SECONDS=1800)',
      ],
      [
        '  of which V8 heap used / reserved',
        `${mb(gauge('nodejs_heap_used_bytes'))} / ${mb(gauge('nodejs_heap_total_bytes'))}`,
        '',
      ],
      ['  of which external (buffers)', mb(gauge('nodejs_external_memory_bytes')), ''],
    ];
  } finally {
    clearInterval(renewal);
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
