import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../server/postgres.ts';
import { SERVER_ENV, serverArgs } from '../server-command.ts';
import { buildWeb, webBuildIsStale } from '../../server/web.ts';

const root = join(import.meta.dirname, '..', '..');

interface Start {
  seconds: number;
  /** Milliseconds per phase, as the server reports them (server/start-phases.ts). */
  phases: Record<string, number>;
}

/** Seconds from spawning `npm start`'s command to a 200 from /api/health; then a clean stop. */
async function timeToHealthy(dataDir: string): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: { ...process.env, ...SERVER_ENV, PORT: String(port), DATA_DIR: dataDir, START_PHASES: '1' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) {
          const seconds = (performance.now() - started) / 1000;
          const line = /^start-phases (.*)$/m.exec(output)?.[1];
          return { seconds, phases: line ? JSON.parse(line) : {} };
        }
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

export async function startupBench(): Promise<[string, string, string][]> {
  if (webBuildIsStale()) await buildWeb(() => {});
  const dataDir = mkdtempSync(join(tmpdir(), 'dataroom-bench-'));
  try {
    const cold = await timeToHealthy(dataDir);
    const warm: Start[] = [];
    for (let i = 0; i < 3; i++) warm.push(await timeToHealthy(dataDir));
    const best = warm.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    const phases = (start: Start) =>
      Object.entries(start.phases).map(([name, ms]): [string, string, string] => [`  ${name}`, `${ms} ms`, '']);
    return [
      ['cold start (empty DATA_DIR)', `${cold.seconds.toFixed(2)} s`, 'budget < 30 s'],
      ...phases(cold),
      ['warm start (existing DATA_DIR), best of 3', `${best.seconds.toFixed(2)} s`, 'budget ≤ 0.5 s (issue 33)'],
      ...phases(best),
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
