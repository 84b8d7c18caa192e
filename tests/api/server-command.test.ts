import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, serverArgs } from '../../scripts/server-command.ts';

// The end-to-end tests and the benchmarks start the server with scripts/server-command.mjs; what they
// measure is only what users get if `npm start` runs the very same command.
describe('the server command', () => {
  it("is package.json's start script", () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8'));
    const env = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`);
    expect(pkg.scripts.start).toBe([...env, 'node', ...serverArgs()].join(' '));
  });
});
