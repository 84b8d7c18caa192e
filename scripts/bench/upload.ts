import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, createReadStream, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cpuSecondsOf, percentile, rssOf, spawnServer } from './lib.ts';

import { postFile, tusCreate, tusPatch, tusOffset, tusSend, CURL, curlPostFile, curlTusSend } from './upload-clients.ts';

const ROUNDS = 3;
/** Lets the disk finish what earlier rounds left (freed blocks, journal) before the next timed write. */
const settle = async () => {
  execSync('sync');
  await new Promise((resolve) => setTimeout(resolve, 2000));
};
const median = (values: number[]) => percentile(values, 50);

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
