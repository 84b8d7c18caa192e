/**
 * ZIP export (docs/decisions.md decision 48): EXPORT_BENCH_BYTES (1 GiB) in EXPORT_BENCH_FILES (1,000)
 * files, exported over HTTP from the real server (the direct link, written to a file by the client) against
 * `cp` of the same stored files on the same disk in the same run (each followed by a sync); the server's RSS before, at its peak
 * during the export, and after. Both downloads are timed again with the client discarding the bytes: `cp`
 * copies inside the kernel, while an HTTP client writes what it receives, so the two speeds apart say
 * which side a gap is on.
 */
import { execFile, execSync } from 'node:child_process';
import { chmodSync, createReadStream, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { apiJson, rssOf, spawnServer } from './lib.ts';

const MB = 1024 * 1024;

export async function exportBench(): Promise<[string, string, string][]> {
  const total = Number(process.env.EXPORT_BENCH_BYTES ?? 1024 ** 3);
  const count = Number(process.env.EXPORT_BENCH_FILES ?? 1000);
  const each = Math.floor(total / count);
  const work = mkdtempSync(join(process.cwd(), '.bench-export-'));
  chmodSync(work, 0o755); // the embedded Postgres runs as another user when we are root
  const dataDir = join(work, 'data');
  const server = await spawnServer(dataDir, { MAX_UPLOAD_BYTES: String(each * 2) });
  try {
    const api = `${server.url}/api`;
    const json = apiJson(api);
    const session = await json('POST', '/auth/register', undefined, {
      email: 'export-bench@example.com',
      password: 'bench-password',
    });
    const token = session.access_token as string;
    const deal = await json('POST', '/deals', token, { name: 'Export bench', checklist_preset: 'blank' });
    const folder = await json('POST', `/deals/${deal.id}/folders`, token, { name: 'Bench', path: '/' });
    await json('POST', `/deals/${deal.id}/folders`, token, { name: 'Sub', path: '/Bench' });
    // Random bytes: incompressible, as the documents of a data room are.
    for (let i = 0; i < count; i++) {
      const form = new FormData();
      form.append('path', i % 2 ? '/Bench/Sub' : '/Bench');
      form.append('file', new Blob([randomBytes(each)]), `file-${String(i).padStart(5, '0')}.bin`);
      const res = await fetch(`${api}/deals/${deal.id}/files/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      if (res.status !== 201) throw new Error(`upload ${i}: ${res.status} ${await res.text()}`);
    }
    // The AI worker reads each upload: let it finish so it does not share the cores with the export.
    for (let i = 0; i < 3000; i++) {
      const stats = await json('GET', `/deals/${deal.id}/dashboard/stats`, token);
      if (stats.files_processing + stats.files_queued === 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const stored = join(dataDir, 'blobs', 'deals', deal.id, 'files');
    execSync('sync');

    const cp = () => {
      const target = join(work, `cp-${Date.now()}`);
      const started = performance.now();
      execSync(`cp -r "${stored}" "${target}" && sync -f "${target}"`);
      const seconds = (performance.now() - started) / 1000;
      rmSync(target, { recursive: true, force: true });
      return seconds;
    };
    // The floor for any server: a bare HTTP server in this process that writes the same stored files one
    // after the other into one response (no ZIP, no checksum, no database), fetched the same way.
    const storedFiles = readdirSync(stored, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
    const bare = createServer(async (_req, res) => {
      for (const path of storedFiles) {
        for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) {
          if (!res.write(chunk)) await new Promise((r) => res.once('drain', r));
        }
      }
      res.end();
    });
    await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
    const curl = async (url: string, target: string) => {
      const status = await new Promise<string>((resolve, reject) =>
        execFile('curl', ['-sS', '-o', target, '-w', '%{http_code}', url], (err, out) => (err ? reject(err) : resolve(out))),
      );
      if (status !== '200') throw new Error(`${url} answered ${status}`);
    };
    const curlToDisk = async (url: string, target: string) => {
      await curl(url, target);
      execSync(`sync -f "${target}"`);
      const size = statSync(target).size;
      rmSync(target, { force: true });
      return size;
    };
    /** The same download, the client discarding it: how fast a server sends, whatever the client's disk. */
    const curlDiscarding = async (url: string | (() => Promise<string>)) => {
      const target = typeof url === 'string' ? url : await url();
      const started = performance.now();
      await curl(target, '/dev/null');
      return (performance.now() - started) / 1000;
    };
    const exportUrl = async () =>
      (await json('POST', `/deals/${deal.id}/exports`, token, { folder_ids: [folder.id] })).download_url;
    const bareOnce = async () => {
      const started = performance.now();
      await curlToDisk(bareUrl, join(work, `bare-${Date.now()}`));
      return (performance.now() - started) / 1000;
    };
    const rssBefore = rssOf(server.child.pid!);
    let rssPeak = rssBefore;
    // The client is curl, as a browser is native code on another machine: Node's fetch piped into a file
    // took a third of a core here, shared with the server being measured.
    const exportOnce = async () => {
      const started = performance.now();
      const answer = await json('POST', `/deals/${deal.id}/exports`, token, { folder_ids: [folder.id] });
      if (answer.mode !== 'direct') throw new Error(`the export ran as a ${answer.mode}`);
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(server.child.pid!))), 50);
      let size: number;
      try {
        size = await curlToDisk(answer.download_url, join(work, `export-${Date.now()}.zip`));
      } finally {
        clearInterval(sampler);
      }
      const seconds = (performance.now() - started) / 1000;
      return { seconds, size };
    };
    // Interleaved, best of three each: both read the stored files from the same (warm) page cache, and
    // both end with the same disk's writeback, whose speed varies from round to round.
    const cpSeconds: number[] = [];
    const exports: { seconds: number; size: number }[] = [];
    const bareSeconds: number[] = [];
    const discarded = { export: [] as number[], bare: [] as number[] };
    for (let round = 0; round < 3; round++) {
      cpSeconds.push(cp());
      exports.push(await exportOnce());
      bareSeconds.push(await bareOnce());
      discarded.export.push(await curlDiscarding(exportUrl));
      discarded.bare.push(await curlDiscarding(bareUrl));
    }
    bare.close();
    const bestBare = Math.min(...bareSeconds);
    const bestCp = Math.min(...cpSeconds);
    const best = exports.reduce((a, b) => (a.seconds <= b.seconds ? a : b));
    const rssAfter = rssOf(server.child.pid!);
    const mbps = (bytes: number, s: number) => `${(bytes / MB / s).toFixed(0)} MiB/s`;
    return [
      [`files`, `${count} × ${(each / MB).toFixed(2)} MiB`, ''],
      ['cp -r of the stored files (best of 3)', `${bestCp.toFixed(2)} s`, mbps(each * count, bestCp)],
      ['export over HTTP to a file by curl (best of 3)', `${best.seconds.toFixed(2)} s`, mbps(best.size, best.seconds)],
      ['bare server streaming the same files, by curl (best of 3)', `${bestBare.toFixed(2)} s`, mbps(each * count, bestBare)],
      ['export speed / cp speed', `${((bestCp / best.seconds) * 100).toFixed(0)} %`, 'target ≥ 70 %'],
      ['bare server speed / cp speed (the floor of streaming to a client)', `${((bestCp / bestBare) * 100).toFixed(0)} %`, ''],
      ['export speed / bare server speed', `${((bestBare / best.seconds) * 100).toFixed(0)} %`, ''],
      [
        'the same, the client discarding the bytes: export / bare server',
        `${Math.min(...discarded.export).toFixed(2)} s / ${Math.min(...discarded.bare).toFixed(2)} s`,
        `${((Math.min(...discarded.bare) / Math.min(...discarded.export)) * 100).toFixed(0)} % (what the server sends, whatever the client's disk)`,
      ],
      ['server RSS before export', `${(rssBefore / MB).toFixed(0)} MiB`, ''],
      ['server RSS peak during exports', `${(rssPeak / MB).toFixed(0)} MiB`, ''],
      ['server RSS growth (peak - before)', `${((rssPeak - rssBefore) / MB).toFixed(0)} MiB`, 'target < 50 MB'],
      ['server RSS after', `${(rssAfter / MB).toFixed(0)} MiB`, ''],
    ];
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
