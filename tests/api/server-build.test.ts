/**
 * `npm start`'s build of the server (scripts/server-build.mjs, decision 55): skipped when nothing it was made
 * from has changed, made again when anything has, so a start never runs a stale server. On a small
 * project of its own in a temporary folder, with the real esbuild.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildOptions } from 'esbuild';
import { buildServer, serverBuildIsCurrent } from '../../scripts/server-build.mjs';

const repo = join(import.meta.dirname, '..', '..');
let root: string;
let outDir: string;
const options: BuildOptions = {
  entryPoints: { server: join('src', 'main.ts'), 'ai-thread': join('src', 'thread.ts') },
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  logLevel: 'silent',
};
const write = (file: string, text: string) => writeFileSync(join(root, file), text);
/** What the built server prints. */
const run = () => execFileSync(process.execPath, [join(outDir, 'server.mjs')], { encoding: 'utf8' }).trim();

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'dataroom-server-build-'));
  outDir = join(root, '.build');
  mkdirSync(join(root, 'src'));
  symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'));
  write('tsconfig.json', '{}');
  write(
    'src/main.ts',
    "import { word } from './word.ts';\nconst later = await import('./later.ts');\nconsole.log(word, later.n);\n",
  );
  write('src/word.ts', "export const word: string = 'alpha';\n");
  write('src/later.ts', 'export const n: number = 1;\n');
  write('src/thread.ts', "export const thread = 'thread';\n");
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the server's build for npm start", () => {
  it('builds the first time, then is skipped while nothing changed', async () => {
    expect(await buildServer(root, outDir, options)).toBe(true);
    expect(run()).toBe('alpha 1');
    expect(serverBuildIsCurrent(root, outDir, options)).toBe(true);
    expect(await buildServer(root, outDir, options)).toBe(false);
    // Written again with the same bytes (a checkout, a save without edits): still current.
    write('src/word.ts', "export const word: string = 'alpha';\n");
    expect(await buildServer(root, outDir, options)).toBe(false);
  });

  it('builds again when a module changes, even to one of the same size', async () => {
    write('src/word.ts', "export const word: string = 'bravo';\n");
    expect(serverBuildIsCurrent(root, outDir, options)).toBe(false);
    expect(await buildServer(root, outDir, options)).toBe(true);
    expect(run()).toBe('bravo 1');
    expect(await buildServer(root, outDir, options)).toBe(false);
  });

  it('builds again when a module loaded later (its own chunk) changes', async () => {
    write('src/later.ts', 'export const n: number = 2;\n');
    expect(await buildServer(root, outDir, options)).toBe(true);
    expect(run()).toBe('bravo 2');
  });

  it('builds again when a newly imported module appears, and when it changes', async () => {
    write('src/extra.ts', "export const extra = 'x';\n");
    write('src/word.ts', "import { extra } from './extra.ts';\nexport const word: string = 'charlie' + extra;\n");
    expect(await buildServer(root, outDir, options)).toBe(true);
    expect(run()).toBe('charliex 2');
    write('src/extra.ts', "export const extra = 'y';\n");
    expect(await buildServer(root, outDir, options)).toBe(true);
    expect(run()).toBe('charliey 2');
  });

  it('builds again when tsconfig.json or the options change, or an output is missing or altered', async () => {
    write('tsconfig.json', '{ "compilerOptions": {} }');
    expect(await buildServer(root, outDir, options)).toBe(true);
    expect(await buildServer(root, outDir, { ...options, minify: true })).toBe(true);
    expect(await buildServer(root, outDir, { ...options, minify: true })).toBe(false);
    rmSync(join(outDir, 'ai-thread.mjs'));
    expect(await buildServer(root, outDir, options)).toBe(true);
    writeFileSync(join(outDir, 'server.mjs'), readFileSync(join(outDir, 'server.mjs'), 'utf8') + '\n// edited\n');
    expect(serverBuildIsCurrent(root, outDir, options)).toBe(false);
    expect(await buildServer(root, outDir, options)).toBe(true);
    expect(run()).toBe('charliey 2');
  });

  it('builds again when the manifest is missing or unreadable', async () => {
    rmSync(join(outDir, 'server-build.json'));
    expect(await buildServer(root, outDir, options)).toBe(true);
    writeFileSync(join(outDir, 'server-build.json'), '{ not json');
    expect(await buildServer(root, outDir, options)).toBe(true);
    expect(await buildServer(root, outDir, options)).toBe(false);
  });
});

describe('the build folder', () => {
  it("keeps this build's chunks and the previous build's, and removes older ones", async () => {
    const chunks = () => readdirSync(outDir).filter((f) => f.startsWith('later-'));
    const built = () =>
      Object.keys(JSON.parse(readFileSync(join(outDir, 'server-build.json'), 'utf8')).outputs).filter((f) =>
        f.startsWith('later-'),
      );
    write('src/later.ts', 'export const n: number = 10;\n');
    await buildServer(root, outDir, options);
    const first = built();
    write('src/later.ts', 'export const n: number = 11;\n');
    await buildServer(root, outDir, options);
    expect(chunks().sort()).toEqual([...first, ...built()].sort());
    write('src/later.ts', 'export const n: number = 12;\n');
    await buildServer(root, outDir, options);
    expect(chunks()).toHaveLength(2);
    expect(chunks()).not.toContain(first[0]);
    expect(run()).toBe('charliey 12');
  });
});
