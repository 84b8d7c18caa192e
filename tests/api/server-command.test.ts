import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, serverArgs } from '../../scripts/server-command.ts';

const root = join(import.meta.dirname, '..', '..');

// The end-to-end tests and the benchmarks start the server with scripts/server-command.mjs; what they
// measure is only what users get if `npm start` runs the very same command.
describe('the server command', () => {
  it("is package.json's start script", () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const env = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`);
    expect(pkg.scripts.start).toBe([...env, 'exec', 'node', ...serverArgs()].join(' '));
  });

  // tests/e2e/faults.test.ts stops `npm start` as these do; they must run that command and signal only npm.
  it('is what the systemd unit runs, and the unit is valid', () => {
    const unit = readFileSync(join(root, 'deploy', 'dataroom.service'), 'utf8');
    const setting = (name: string) => [...unit.matchAll(new RegExp(`^${name}=(.*)$`, 'gm'))].map((m) => m[1]);
    expect(setting('ExecStart')).toEqual(['/usr/bin/npm start']);
    expect(setting('KillMode')).toEqual(['mixed']);
    expect(setting('Restart')).toEqual(['always']);
    expect(setting('SuccessExitStatus')).toEqual(['143']);
    const verify = spawnSync('systemd-analyze', ['verify', join(root, 'deploy', 'dataroom.service')], { encoding: 'utf8' });
    if (verify.error) return; // no systemd here
    expect(verify.stderr).toBe('');
    expect(verify.status).toBe(0);
  });

  it('is what the container runs', () => {
    const dockerfile = readFileSync(join(root, 'deploy', 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^CMD \["npm", "start"\]$/m);
    expect(dockerfile).toMatch(/^STOPSIGNAL SIGTERM$/m);
  });
});
