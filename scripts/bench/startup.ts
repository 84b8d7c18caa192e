import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../server/postgres.ts';
import { SERVER_ENV, serverArgs } from '../server-command.ts';
import { buildWeb, webBuildIsStale } from '../../server/web.ts';

const root = join(import.meta.dirname, '..', '..');

/** Seconds from spawning `npm start`'s command to a 200 from /api/health; then a clean stop. */
async function timeToHealthy(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: { ...process.env, ...SERVER_ENV, PORT: String(port), DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) return (performance.now() - started) / 1000;
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
    const warm = [await timeToHealthy(dataDir), await timeToHealthy(dataDir)];
    return [
      ['cold start (empty DATA_DIR)', `${cold.toFixed(2)} s`, 'budget < 30 s'],
      ['warm start (existing DATA_DIR), best of 2', `${Math.min(...warm).toFixed(2)} s`, 'budget < 10 s'],
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
