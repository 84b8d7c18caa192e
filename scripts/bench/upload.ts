import { execSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, createReadStream, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cpuTimesOf, percentile, rssOf, spawnServer } from './lib.ts';

import { postFile, tusCreate, tusPatch, tusOffset, tusSend, CURL, curlPostFile, curlTusSend } from './upload-clients.ts';

const ROUNDS = 3;
/** Lets the disk finish what earlier rounds left (freed blocks, journal) before the next timed write. */
const settle = async () => {
  execSync('sync');
  await new Promise((resolve) => setTimeout(resolve, 2000));
};
const median = (values: number[]) => percentile(values, 50);

type Cpu = { user: number; system: number };
/** Starts counting a process's CPU; the function returned answers what it used since. */
function cpuFrom(pid: number): () => Cpu {
  const before = cpuTimesOf(pid);
  return () => {
    const now = cpuTimesOf(pid);
    return { user: now.user - before.user, system: now.system - before.system };
  };
}

/** The anchor (bare-upload-server.ts) in a process of its own, storing its files in `dir`. */
async function spawnBareServer(dir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'bare-upload-server.ts'), dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (data) => resolve(String(data).trim()));
    child.once('exit', () => reject(new Error('the bare upload server did not start')));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => (child.kill('SIGTERM'), exited) };
}

/**
 * A 1 GiB upload through the embedded server's signed URL and through its resumable (tus) endpoint in
 * 50 MiB chunks, against copying the same file on the same disk (`cp` then `sync`, as the server's upload
 * is durable before it answers: the physical limit), and the tus chunks against a bare anchor that only
 * writes and fsyncs them (bare-upload-server.ts, issue 33's budget). The source is flushed before
 * anything is timed, and copies and uploads alternate, ROUNDS of each: the figures are medians.
 */
export async function uploadBench(): Promise<[string, string, string][]> {
  const size = Number(process.env.BENCH_UPLOAD_BYTES ?? 1024 ** 3);
  const work = mkdtempSync(join(process.cwd(), '.bench-upload-'));
  chmodSync(work, 0o755); // the embedded Postgres runs as another user when we are root
  const source = join(work, 'source.bin');
  execSync(`head -c ${size} /dev/urandom > "${source}" && sync`);
  const dataDir = join(work, 'data');
  const server = await spawnServer(dataDir, { MAX_UPLOAD_BYTES: String(size * 2) });
  const bareDir = join(work, 'bare');
  mkdirSync(bareDir);
  const bare = await spawnBareServer(bareDir);
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
    const tusCpu: Cpu[] = [];
    const uploadCpu: Cpu[] = [];
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
    const bareSeconds: number[] = [];
    const bareCpu: Cpu[] = [];
    const bareStatuses: string[] = [];
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
      const chunk = tusGrant.resumable.chunk_size as number;
      const parts = CURL ? partsOf(chunk) : [];
      const timeTus = async () => {
        await settle();
        const tusStarted = performance.now();
        const tusCpuUsed = cpuFrom(server.child.pid!);
        const session = await tusCreate(server.url, tusGrant.resumable, size);
        const last = CURL ? await curlTusSend(session, parts, chunk) : await tusSend(session, source, size, chunk);
        tusSeconds.push((performance.now() - tusStarted) / 1000);
        tusCpu.push(tusCpuUsed());
        tusStatuses.push(`${last}/${(await complete(tusGrant.file_id)).status}`);
        await waitForAnalysis(tusGrant.file_id);
        execSync('sync');
      };
      // The anchor: the same chunks, by the same client, to a server that only writes and fsyncs them.
      const timeBare = async () => {
        await settle();
        const started = performance.now();
        const cpuUsed = cpuFrom(bare.pid);
        const session = { base: bare.url, url: `${bare.url}/bare.bin`, headers: { 'tus-resumable': '1.0.0' } };
        const last = CURL ? await curlTusSend(session, parts, chunk) : await tusSend(session, source, size, chunk);
        bareSeconds.push((performance.now() - started) / 1000);
        bareCpu.push(cpuUsed());
        bareStatuses.push(String(last));
        execSync(`rm "${join(bareDir, 'bare.bin')}" && sync`);
      };
      // Each goes first in every other round: neither always meets the disk as the other left it.
      for (const time of round % 2 ? [timeBare, timeTus] : [timeTus, timeBare]) await time();

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
      const cpuUsed = cpuFrom(server.child.pid!);
      const status = CURL
        ? await curlPostFile(`${server.url}${grant.upload_url}`, source)
        : await postFile(`${server.url}${grant.upload_url}`, source, size);
      uploadSeconds.push((performance.now() - started) / 1000);
      uploadCpu.push(cpuUsed());
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
    const perGiB = (seconds: number) => (seconds / (size / 1024 ** 3)).toFixed(2);
    const cpuPerGiB = (samples: Cpu[]) =>
      `${perGiB(median(samples.map((c) => c.user + c.system)))} s (user ${perGiB(median(samples.map((c) => c.user)))}, ` +
      `system ${perGiB(median(samples.map((c) => c.system)))})`;
    const eachCpu = (samples: Cpu[]) => samples.map((c) => perGiB(c.user + c.system)).join(', ');
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
      ['  server CPU per GiB, median', cpuPerGiB(uploadCpu), `rounds: ${eachCpu(uploadCpu)} s`],
      ['tus: last PATCH / upload-complete', tusStatuses.join(' '), '204/200 each round'],
      ['bare anchor: last PATCH', bareStatuses.join(' '), '204 each round'],
      ['tus upload in 50 MiB chunks, median', rate(tusSeconds), `rounds: ${each(tusSeconds)} MiB/s`],
      ['bare anchor, same chunks and client, median', rate(bareSeconds), `rounds: ${each(bareSeconds)} MiB/s`],
      ['tus / bare anchor throughput', ratio(bareSeconds, tusSeconds), 'budget >= 80 %'],
      [
        'cp + sync right before each tus upload, median',
        rate(tusCopySeconds),
        `physical limit; rounds: ${each(tusCopySeconds)} MiB/s`,
      ],
      ['tus / copy throughput', ratio(tusCopySeconds, tusSeconds), ''],
      ['  server CPU per GiB (tus), median', cpuPerGiB(tusCpu), `budget <= 1.0 s; rounds: ${eachCpu(tusCpu)} s`],
      ['  bare anchor CPU per GiB, median', cpuPerGiB(bareCpu), `rounds: ${eachCpu(bareCpu)} s`],
      // The same round's pair: what tus costs beyond writing and fsyncing (the kernel's share is in both).
      [
        '  tus server CPU - anchor CPU, per GiB, median',
        cpuPerGiB(tusCpu.map((c, i) => ({ user: c.user - bareCpu[i].user, system: c.system - bareCpu[i].system }))),
        '',
      ],
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
    await Promise.all([server.stop(), bare.stop()]);
    rmSync(work, { recursive: true, force: true });
  }
}
