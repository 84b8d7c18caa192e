import { execFile, execFileSync, execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, createReadStream, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import postgres from 'postgres';
import { createApi } from '../../supabase/functions/_shared/app.ts';
import { embeddedAuth } from '../../supabase/functions/_shared/adapters/embedded-auth.ts';
import { outboxMail } from '../../supabase/functions/_shared/adapters/mail.ts';
import { diskBlobStore } from '../../server/blob-store.ts';
import { listFilesPageSql, listFilesSql } from '../../supabase/functions/_shared/routes/dataroom/folders.ts';
import { CAPABILITIES } from '../../supabase/functions/_shared/contracts/capabilities.ts';
import { LISTING_PAGE_DEFAULT } from '../../supabase/functions/_shared/contracts/dataroom.ts';
import { startTestDatabase } from '../lib/testdb.ts';
import { cpuSecondsOf, ms, percentile, rssOf, spawnServer, timeMany } from './lib.ts';

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

const ROUNDS = 3;
/** Lets the disk finish what earlier rounds left (freed blocks, journal) before the next timed write. */
const settle = async () => {
  execSync('sync');
  await new Promise((resolve) => setTimeout(resolve, 2000));
};
const median = (values: number[]) => percentile(values, 50);

/** Posts `source` as a multipart form to the signed URL, streamed from disk as a browser's native upload is. */
function postFile(url: string, source: string, size: number): Promise<number> {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.write(head);
    const file = createReadStream(source, { highWaterMark: 1 << 20 });
    file.on('error', reject);
    file.pipe(req, { end: false });
    file.on('end', () => req.end(tail));
  });
}

interface TusSession {
  base: string;
  url: string;
  headers: Record<string, string>;
}

/** Creates a tus upload of `size` bytes at the resumable endpoint of an upload-url answer. */
async function tusCreate(origin: string, resumable: any, size: number): Promise<TusSession> {
  const headers = { 'tus-resumable': '1.0.0', ...resumable.headers };
  const res = await fetch(`${origin}${resumable.endpoint}`, {
    method: 'POST',
    headers: { ...headers, 'upload-length': String(size) },
  });
  if (res.status !== 201) throw new Error(`tus creation answered ${res.status}: ${await res.text()}`);
  return { base: origin, url: `${origin}${res.headers.get('location')}`, headers };
}

/**
 * One PATCH of `source`'s bytes [start, end) at offset `start`, streamed from disk. With `cutAfter`, the
 * connection is dropped once that many bytes of it were sent: a network failure mid-chunk.
 */
function tusPatch(session: TusSession, source: string, start: number, end: number, cutAfter?: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      session.url,
      {
        method: 'PATCH',
        headers: {
          ...session.headers,
          'upload-offset': String(start),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(end - start),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    const last = cutAfter === undefined ? end - 1 : start + cutAfter - 1;
    const file = createReadStream(source, { start, end: last, highWaterMark: 1 << 20 });
    file.on('error', reject);
    if (cutAfter === undefined) {
      req.on('error', reject);
      file.pipe(req);
    } else {
      req.on('error', () => resolve(0));
      file.pipe(req, { end: false });
      file.on('end', () => setTimeout(() => (req.destroy(), resolve(0)), 200));
    }
  });
}

async function tusOffset(session: TusSession): Promise<number> {
  const res = await fetch(session.url, { method: 'HEAD', headers: session.headers });
  return Number(res.headers.get('upload-offset'));
}

/** Sends `source` from `from` to the end in the session's chunks; answers the last PATCH's status. */
async function tusSend(session: TusSession, source: string, size: number, chunk: number, from = 0): Promise<number> {
  let status = 204;
  for (let at = from; at < size; at += chunk) {
    status = await tusPatch(session, source, at, Math.min(size, at + chunk));
    if (status !== 204) return status;
  }
  return status;
}

/**
 * The timed uploads' client. In use a browser on another machine sends the bytes; here the client shares
 * the server's two cores, and a Node client took 2.2-2.4 CPU seconds per GiB (as much as the server),
 * curl 0.6-0.8. So the timed uploads are sent by curl when the machine has it, by Node otherwise; the
 * interrupted upload, which must drop its connection mid-chunk, always by Node.
 */
const CURL = (() => {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Runs curl and answers the HTTP status it got. */
function curl(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code}', '-H', 'Expect:', ...args], (err, stdout) =>
      err ? reject(err) : resolve(Number(stdout)),
    );
  });
}

/** The source as multipart form data to the signed URL: what postFile sends, sent by curl. */
const curlPostFile = (url: string, source: string) =>
  curl(['-F', `file=@${source};filename=big.bin;type=application/octet-stream`, url]);

/** The source's chunks (split beforehand, `parts`) PATCHed by curl one after the other; the last status. */
async function curlTusSend(session: TusSession, parts: string[], chunk: number): Promise<number> {
  let status = 204;
  for (const [i, part] of parts.entries()) {
    const headers = { ...session.headers, 'upload-offset': String(i * chunk), 'content-type': 'application/offset+octet-stream' };
    status = await curl([
      '-X',
      'PATCH',
      ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
      '-T',
      part,
      session.url,
    ]);
    if (status !== 204) return status;
  }
  return status;
}

/**
 * A 1 GiB upload through the embedded server's signed URL and through its resumable (tus) endpoint in
 * 50 MiB chunks, against copying the same file on the same
 * disk (`cp` then `sync`, as the server's upload is durable before it answers). The source is flushed
 * before anything is timed, and copies and uploads alternate, ROUNDS of each: the figures are medians.
 */
export async function uploadBench(): Promise<[string, string, string][]> {
  const size = Number(process.env.BENCH_UPLOAD_BYTES ?? 1024 ** 3);
  const work = mkdtempSync(join(process.cwd(), '.bench-upload-'));
  chmodSync(work, 0o755); // the embedded Postgres runs as another user when we are root
  const source = join(work, 'source.bin');
  execSync(`head -c ${size} /dev/urandom > "${source}" && sync`);
  const dataDir = join(work, 'data');
  const server = await spawnServer(dataDir, { MAX_UPLOAD_BYTES: String(size * 2) });
  try {
    const api = `${server.url}/api`;
    const json = (res: Response) => res.json() as Promise<any>;
    const session = await json(
      await fetch(`${api}/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'upload-bench@example.com', password: 'bench-password' }),
      }),
    );
    const auth = { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' };
    const deal = await json(
      await fetch(`${api}/deals`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ name: 'Upload bench', checklist_preset: 'blank' }),
      }),
    );

    const copySeconds: number[] = [];
    const uploadSeconds: number[] = [];
    const tusSeconds: number[] = [];
    // The server's CPU seconds per upload: what the server costs, whatever state the machine's memory is in.
    const tusCpu: number[] = [];
    const uploadCpu: number[] = [];
    const statuses: string[] = [];
    const tusStatuses: string[] = [];
    const startUpload = async (name: string) =>
      json(
        await fetch(`${api}/deals/${deal.id}/files/upload-url`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ filename: name, content_type: 'application/octet-stream', path: '/' }),
        }),
      );
    // The AI worker analyses each completed upload: wait for it, so one upload's analysis does not
    // share the two cores with the next timed upload.
    let aiWaitSeconds = 0;
    const waitForAnalysis = async (fileId: string) => {
      const started = performance.now();
      for (let i = 0; i < 600; i++) {
        const file = await json(await fetch(`${api}/deals/${deal.id}/files/${fileId}`, { headers: auth }));
        if (!['queued', 'processing'].includes(file.ai_status)) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      aiWaitSeconds = Math.max(aiWaitSeconds, (performance.now() - started) / 1000);
    };
    const complete = (fileId: string) =>
      fetch(`${api}/deals/${deal.id}/files/${fileId}/upload-complete`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ file_size: size }),
      });
    let stored = 0;
    let rssGrowth = 0;
    // This VM's writes slow down as a run goes on (more kernel time per page), so each upload is set
    // against a copy made right before it, and the ratios are the medians of those pairs.
    const copyNow = async (into: number[]) => {
      const copy = join(work, 'copy.bin');
      await settle();
      const copyStarted = performance.now();
      execSync(`cp "${source}" "${copy}" && sync`);
      into.push((performance.now() - copyStarted) / 1000);
      execSync(`rm "${copy}" && sync`);
    };
    const tusCopySeconds: number[] = [];
    // curl sends a file whole: the source is split into the grant's chunks once, before anything is timed.
    const partFiles = new Map<number, string[]>();
    const partsOf = (chunk: number) => {
      let parts = partFiles.get(chunk);
      if (!parts) {
        const dir = join(work, `parts-${chunk}`);
        execSync(`mkdir "${dir}" && split -b ${chunk} -a 4 -d "${source}" "${dir}/part-" && sync`);
        parts = readdirSync(dir)
          .sort()
          .map((name) => join(dir, name));
        partFiles.set(chunk, parts);
      }
      return parts;
    };
    for (let round = 0; round < ROUNDS; round++) {
      await copyNow(tusCopySeconds);

      const tusGrant = await startUpload(`big-tus-${round}.bin`);
      const parts = CURL ? partsOf(tusGrant.resumable.chunk_size) : [];
      await settle();
      const tusStarted = performance.now();
      const tusCpuBefore = cpuSecondsOf(server.child.pid!);
      const session = await tusCreate(server.url, tusGrant.resumable, size);
      const last = CURL
        ? await curlTusSend(session, parts, tusGrant.resumable.chunk_size)
        : await tusSend(session, source, size, tusGrant.resumable.chunk_size);
      tusSeconds.push((performance.now() - tusStarted) / 1000);
      tusCpu.push(cpuSecondsOf(server.child.pid!) - tusCpuBefore);
      tusStatuses.push(`${last}/${(await complete(tusGrant.file_id)).status}`);
      await waitForAnalysis(tusGrant.file_id);
      execSync('sync');

      await copyNow(copySeconds);
      const grant = await json(
        await fetch(`${api}/deals/${deal.id}/files/upload-url`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ filename: `big-${round}.bin`, content_type: 'application/octet-stream', path: '/' }),
        }),
      );
      const baseline = rssOf(server.child.pid!);
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssOf(server.child.pid!));
      }, 50);
      await settle();
      const started = performance.now();
      const cpuBefore = cpuSecondsOf(server.child.pid!);
      const status = CURL
        ? await curlPostFile(`${server.url}${grant.upload_url}`, source)
        : await postFile(`${server.url}${grant.upload_url}`, source, size);
      uploadSeconds.push((performance.now() - started) / 1000);
      uploadCpu.push(cpuSecondsOf(server.child.pid!) - cpuBefore);
      clearInterval(sampler);
      rssGrowth = Math.max(rssGrowth, peak - baseline);
      const done = await fetch(`${api}/deals/${deal.id}/files/${grant.file_id}/upload-complete`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ file_size: size }),
      });
      statuses.push(`${status}/${done.status}`);
      await waitForAnalysis(grant.file_id);
      stored = statSync(join(dataDir, 'blobs', ...grant.storage_path.split('/'))).size;
      execSync('sync');
    }

    // Interrupted at 60%: the connection drops mid-chunk, the client asks for the offset and goes on.
    const sourceSha = createHash('sha256');
    for await (const piece of createReadStream(source, { highWaterMark: 1 << 20 })) sourceSha.update(piece as Buffer);
    const resumeGrant = await startUpload('big-resumed.bin');
    const chunk = resumeGrant.resumable.chunk_size as number;
    const resumeSession = await tusCreate(server.url, resumeGrant.resumable, size);
    const cutAt = Math.floor(size * 0.6);
    const chunkStart = Math.floor(cutAt / chunk) * chunk;
    await tusSend(resumeSession, source, chunkStart, chunk);
    await tusPatch(resumeSession, source, chunkStart, Math.min(size, chunkStart + chunk), cutAt - chunkStart);
    let offset = await tusOffset(resumeSession);
    for (let i = 0; i < 50 && offset < chunkStart; i++) {
      await new Promise((r) => setTimeout(r, 100));
      offset = await tusOffset(resumeSession);
    }
    const resumedStatus = await tusSend(resumeSession, source, size, chunk, offset);
    const resumedDone = await complete(resumeGrant.file_id);
    const resumed = (await json(resumedDone)) as { id?: string };
    const versions = await json(await fetch(`${api}/deals/${deal.id}/files/${resumeGrant.file_id}/versions`, { headers: auth }));
    const resumedSha = (Array.isArray(versions) ? versions : versions.versions)?.[0]?.sha256 as string | undefined;
    const resent = cutAt - offset;
    const sourceDigest = sourceSha.digest('hex');
    const mib = size / 1024 ** 2;
    const rate = (seconds: number[]) => `${(mib / median(seconds)).toFixed(0)} MiB/s`;
    const cpuPerGiB = (seconds: number[]) => `${(median(seconds) / (size / 1024 ** 3)).toFixed(2)} s`;
    const each = (seconds: number[]) => seconds.map((s) => (mib / s).toFixed(0)).join(', ');
    const ratio = (copies: number[], uploads: number[]) => {
      const pairs = uploads.map((seconds, i) => (copies[i] / seconds) * 100);
      return `${median(pairs).toFixed(0)} %  (rounds: ${pairs.map((p) => p.toFixed(0)).join(', ')} %)`;
    };
    return [
      ['upload size', `${mib.toFixed(0)} MiB`, ''],
      ['client of the timed uploads', CURL ? 'curl' : 'Node (no curl here)', ''],
      ['store answered / upload-complete', statuses.join(' '), '201/200 each round'],
      ['bytes stored (last round)', String(stored), String(size)],
      ['cp + sync on the same disk, median', rate(copySeconds), `rounds: ${each(copySeconds)} MiB/s`],
      ['upload through the server, median', rate(uploadSeconds), `rounds: ${each(uploadSeconds)} MiB/s`],
      ['upload / copy throughput', ratio(copySeconds, uploadSeconds), 'budget >= 50 %'],
      ['  server CPU per GiB, median', cpuPerGiB(uploadCpu), ''],
      ['tus: last PATCH / upload-complete', tusStatuses.join(' '), '204/200 each round'],
      ['tus upload in 50 MiB chunks, median', rate(tusSeconds), `rounds: ${each(tusSeconds)} MiB/s`],
      ['cp + sync right before each tus upload, median', rate(tusCopySeconds), `rounds: ${each(tusCopySeconds)} MiB/s`],
      ['tus / copy throughput', ratio(tusCopySeconds, tusSeconds), 'budget >= 80 %'],
      ['  server CPU per GiB, median', cpuPerGiB(tusCpu), ''],
      [
        'tus cut at 60 %: resumed from',
        `${((offset / size) * 100).toFixed(1)} % (${resumedStatus}/${resumedDone.status})`,
        resumed.id ? 'completed' : 'NOT completed',
      ],
      [
        'tus cut at 60 %: bytes sent again',
        `${(resent / 1024 ** 2).toFixed(1)} MiB`,
        `budget < one chunk (${chunk / 1024 ** 2} MiB)`,
      ],
      ['tus cut at 60 %: SHA-256 recorded = source', String(resumedSha === sourceDigest), 'true'],
      ["longest wait for a file's AI analysis (not timed)", `${aiWaitSeconds.toFixed(1)} s`, ''],
      ['server RSS growth (peak - before)', `${(rssGrowth / 1024 ** 2).toFixed(1)} MB`, 'budget < 100 MB'],
    ];
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
