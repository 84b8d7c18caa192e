/**
 * `npm run bench -- ranges` (issue 34, decision 45): one large file downloaded from the real server's
 * signed URL as one plain GET and as 8 Range requests one after another (a download resumed 7 times),
 * in the same run, interleaved round by round. curl is the client (it costs the server nothing extra);
 * the bytes go to /dev/null when timed, and the 8 parts are checked once against the version's SHA-256.
 * BENCH_RANGES_BYTES (default 1 GiB) and BENCH_RANGES_ROUNDS (default 3) tune it.
 */
import { execFile, execSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { apiJson, percentile, spawnServer } from './lib.ts';

const PARTS = 8;
const run = promisify(execFile);

/**
 * GETs to /dev/null in one curl process (`--next`), as a client resuming on its open connection does:
 * the status and bytes of each. A process per request would time process start-ups on a loaded machine.
 */
async function curlGets(url: string, ranges: (string | undefined)[]): Promise<{ status: number; bytes: number }[]> {
  const args = ranges.flatMap((range, i) => [
    ...(i ? ['--next'] : []),
    '-sS',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code} %{size_download}\\n',
    ...(range ? ['-r', range] : []),
    url,
  ]);
  return (await run('curl', args)).stdout
    .trim()
    .split('\n')
    .map((line) => {
      const [status, bytes] = line.split(' ').map(Number);
      return { status, bytes };
    });
}

export async function rangesBench(): Promise<[string, string, string][]> {
  const size = Number(process.env.BENCH_RANGES_BYTES ?? 1024 ** 3);
  const rounds = Number(process.env.BENCH_RANGES_ROUNDS ?? 3);
  const work = mkdtempSync(join(process.cwd(), '.bench-ranges-'));
  chmodSync(work, 0o755); // the embedded Postgres runs as another user when we are root
  const source = join(work, 'source.bin');
  execSync(`head -c ${size} /dev/urandom > "${source}" && sync`);
  const sourceSha = execSync(`sha256sum "${source}"`, { encoding: 'utf8' }).split(' ')[0];
  const server = await spawnServer(join(work, 'data'), { MAX_UPLOAD_BYTES: String(size * 2) });
  try {
    const api = apiJson(`${server.url}/api`);
    const session = await api('POST', '/auth/register', undefined, {
      email: 'ranges-bench@example.com',
      password: 'bench-password',
    });
    const token = session.access_token as string;
    const deal = await api('POST', '/deals', token, { name: 'Ranges bench', checklist_preset: 'blank' });
    const grant = await api('POST', `/deals/${deal.id}/files/upload-url`, token, {
      filename: 'data-tape.bin',
      content_type: 'application/octet-stream',
      path: '/',
    });
    await run('curl', ['-sS', '-o', '/dev/null', '-F', `file=@${source}`, `${server.url}${grant.upload_url}`], {
      maxBuffer: 1 << 20,
    });
    await api('POST', `/deals/${deal.id}/files/${grant.file_id}/upload-complete`, token, { file_size: size });
    const link = await api('GET', `/deals/${deal.id}/files/${grant.file_id}/download-url`, token);
    const url = `${server.url}${link.download_url}`;
    rmSync(source);

    const bounds = Array.from({ length: PARTS }, (_, i) => {
      const start = Math.floor((size * i) / PARTS);
      const end = Math.floor((size * (i + 1)) / PARTS) - 1;
      return `${start}-${end}`;
    });
    // Untimed: the parts, concatenated, are the version's bytes (and the file is in the page cache after).
    const script = bounds.map((b) => `curl -sS -r ${b} '${url}'`).join('; ');
    const partsSha = execSync(`{ ${script}; } | sha256sum`, { encoding: 'utf8', shell: '/bin/bash' }).split(' ')[0];

    const plainSeconds: number[] = [];
    const rangedSeconds: number[] = [];
    const statuses = new Set<string>();
    const plain = async () => {
      const started = performance.now();
      const [res] = await curlGets(url, [undefined]);
      plainSeconds.push((performance.now() - started) / 1000);
      statuses.add(`plain ${res.status}${res.bytes === size ? '' : ` short (${res.bytes})`}`);
    };
    const ranged = async () => {
      const started = performance.now();
      let bytes = 0;
      for (const res of await curlGets(url, bounds)) {
        bytes += res.bytes;
        statuses.add(`parts ${res.status}`);
      }
      rangedSeconds.push((performance.now() - started) / 1000);
      if (bytes !== size) statuses.add(`parts short (${bytes})`);
    };
    for (let round = 0; round < rounds; round++) {
      if (round % 2 === 0) {
        await plain();
        await ranged();
      } else {
        await ranged();
        await plain();
      }
    }
    // The fixed cost of one request (the token, stat, the store's digest), apart from its bytes.
    const tiny = 200;
    const tinyStarted = performance.now();
    const tinyAnswers = await curlGets(
      url,
      Array.from({ length: tiny }, () => '0-0'),
    );
    const perRequestMs = (performance.now() - tinyStarted) / tiny;
    if (tinyAnswers.some((a) => a.status !== 206)) statuses.add('a 1-byte range was not 206');
    const mib = size / 1024 ** 2;
    const rate = (seconds: number) => mib / seconds;
    const each = (seconds: number[]) => seconds.map((s) => rate(s).toFixed(0)).join(', ');
    const ratios = rangedSeconds.map((s, i) => plainSeconds[i] / s);
    return [
      ['file size', `${mib.toFixed(0)} MiB`, ''],
      ['statuses', [...statuses].join(', '), 'plain 200, parts 206'],
      [`SHA-256 of the ${PARTS} parts = the file's`, String(partsSha === sourceSha), 'true'],
      [
        'one plain download, median',
        `${rate(percentile(plainSeconds, 50)).toFixed(0)} MiB/s`,
        `rounds: ${each(plainSeconds)} MiB/s`,
      ],
      [
        `${PARTS} Range requests in turn, median`,
        `${rate(percentile(rangedSeconds, 50)).toFixed(0)} MiB/s`,
        `rounds: ${each(rangedSeconds)} MiB/s`,
      ],
      ['one 1-byte Range request, mean of 200 on one connection', `${perRequestMs.toFixed(2)} ms`, ''],
      [
        'ranged / plain throughput, median',
        `${(percentile(ratios, 50) * 100).toFixed(0)} %`,
        `budget >= 90 %  (rounds: ${ratios.map((r) => (r * 100).toFixed(0)).join(', ')} %)`,
      ],
    ];
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
