/**
 * ZIP export (docs/decisions.md decision 48): EXPORT_BENCH_BYTES (1 GiB) in EXPORT_BENCH_FILES (1,000)
 * files, exported over HTTP from the real server (the direct link, written to a file by the client) against
 * `cp` of the same stored files on the same disk in the same run; the server's RSS before, at its peak
 * during the export, and after.
 */
import { execSync } from 'node:child_process';
import { chmodSync, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
    const rssBefore = rssOf(server.child.pid!);
    let rssPeak = rssBefore;
    const exportOnce = async () => {
      const started = performance.now();
      const answer = await json('POST', `/deals/${deal.id}/exports`, token, { folder_ids: [folder.id] });
      if (answer.mode !== 'direct') throw new Error(`the export ran as a ${answer.mode}`);
      const res = await fetch(answer.download_url);
      if (res.status !== 200 || !res.body) throw new Error(`the export link answered ${res.status}`);
      const target = join(work, `export-${Date.now()}.zip`);
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(server.child.pid!))), 50);
      try {
        await pipeline(Readable.fromWeb(res.body as never), createWriteStream(target));
        execSync(`sync -f "${target}"`);
      } finally {
        clearInterval(sampler);
      }
      const seconds = (performance.now() - started) / 1000;
      const size = statSync(target).size;
      rmSync(target, { force: true });
      return { seconds, size };
    };
    // Interleaved, best of two each: both read the stored files from the same (warm) page cache.
    const cpSeconds = [cp()];
    const exports = [await exportOnce()];
    cpSeconds.push(cp());
    exports.push(await exportOnce());
    const bestCp = Math.min(...cpSeconds);
    const best = exports.reduce((a, b) => (a.seconds <= b.seconds ? a : b));
    const rssAfter = rssOf(server.child.pid!);
    const mbps = (bytes: number, s: number) => `${(bytes / MB / s).toFixed(0)} MiB/s`;
    return [
      [`files`, `${count} × ${(each / MB).toFixed(2)} MiB`, ''],
      ['cp -r of the stored files (best of 2)', `${bestCp.toFixed(2)} s`, mbps(each * count, bestCp)],
      ['export over HTTP to a file (best of 2)', `${best.seconds.toFixed(2)} s`, mbps(best.size, best.seconds)],
      ['export speed / cp speed', `${((bestCp / best.seconds) * 100).toFixed(0)} %`, 'target ≥ 70 %'],
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
