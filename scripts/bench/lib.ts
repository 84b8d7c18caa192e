import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../server/postgres.ts';
import { SERVER_ENV, serverArgs } from '../server-command.ts';
import { SET_A } from './ai/labelled-set-a.ts';
import { pdf } from './ai/office.ts';

export const root = join(import.meta.dirname, '..', '..');

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function timeMany(n: number, work: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return samples;
}

/**
 * Times several ways of doing the same work side by side: after `warmup` untimed rounds, each round
 * runs every way once, in a rotating order, so a ratio of two of them compares like with like (the same
 * cache, the same autovacuum, the same neighbours on the machine) instead of two stretches of time.
 */
export async function timeInterleaved<K extends string>(
  n: number,
  ways: Record<K, () => Promise<unknown>>,
  warmup = 5,
): Promise<Record<K, number[]>> {
  const names = Object.keys(ways) as K[];
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < warmup + n; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length];
      const started = performance.now();
      await ways[name]();
      if (round >= warmup) samples[name].push(performance.now() - started);
    }
  }
  return samples;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Resident memory of a process in bytes (Linux). */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** A process's /proc stat fields after its name: state first, so utime is [11], cutime [13]. */
function statFields(pid: number | string): string[] {
  return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
}

/** CPU seconds a process has used so far, in its own code (`user`) and in the kernel for it (`system`). */
export function cpuTimesOf(pid: number): { user: number; system: number } {
  const fields = statFields(pid);
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

/**
 * CPU seconds used so far by a process (`self`) and by the processes below it (`children`: the embedded
 * Postgres and its backends), counting the children that already exited and were waited for.
 */
export function treeCpuSecondsOf(pid: number): { self: number; children: number } {
  const stats = new Map<number, { parent: number; own: number; reaped: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(entry);
      const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
      stats.set(Number(entry), { parent: Number(fields[1]), own: (utime + stime) / 100, reaped: (cutime + cstime) / 100 });
    } catch {
      /* exited meanwhile */
    }
  }
  const below = (root: number): number =>
    [...stats].filter(([, s]) => s.parent === root).reduce((sum, [child, s]) => sum + s.own + below(child), 0);
  const self = stats.get(pid);
  return { self: self?.own ?? 0, children: (self?.reaped ?? 0) + below(pid) };
}

/** The real server (`npm start`'s command) on a free port with its own DATA_DIR. */
export async function spawnServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  // BENCH_SERVER_PROFILE=<dir> writes the server's CPU profile there when it stops (open it in DevTools).
  const profile = process.env.BENCH_SERVER_PROFILE;
  const args = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`, ...serverArgs()] : serverArgs();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...SERVER_ENV, PORT: String(port), DATA_DIR: dataDir, ...env },
    // BENCH_SERVER_LOG=1 shows the server's log, to see why a benchmark's request failed.
    stdio: process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A JSON call to the API at `base` (the real server's /api): the parsed answer, or an error saying what failed. */
export function apiJson(base: string, extraHeaders: Record<string, string> = {}) {
  return async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...extraHeaders,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : undefined;
  };
}

/** Uploads the n-th real one-page PDF of the labelled set (a document the AI worker reads and classifies). */
export async function uploadLabelledPdf(base: string, dealPath: string, token: string, n: number, prefix = ''): Promise<void> {
  const [name, , text] = SET_A[n % SET_A.length];
  const title = name.replace(/\.[a-z]+$/i, '');
  const form = new FormData();
  form.append('path', '/');
  form.append('file', new Blob([pdf(text, title) as BlobPart], { type: 'application/pdf' }), `${prefix}${n} ${title}.pdf`);
  const res = await fetch(`${base}${dealPath}/files/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload of a PDF: ${res.status} ${await res.text()}`);
}
