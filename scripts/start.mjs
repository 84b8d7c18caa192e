/* global console, process */
// `npm start`: compiles the server once with esbuild (about a second) and runs the result with plain
// Node, instead of transpiling every module at run time with tsx (which kept its compiler and caches
// in memory for the life of the server). Dependencies stay in node_modules.
import { build, stop } from 'esbuild';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { postgresPatched } from './patch-postgres.mjs';

if (!postgresPatched()) {
  // `npm install` applies it (postinstall); an install with --ignore-scripts, or one from before it, has not.
  console.warn('postgres.js is not patched: run `npm install`. Without it, a crash of Postgres can end the server.');
}
const root = join(import.meta.dirname, '..');
const outDir = join(root, '.build');
mkdirSync(outDir, { recursive: true });
const result = await build({
  write: false,
  // The AI threads' module beside the server's (server/ai-threads.ts finds it there).
  entryPoints: { server: join(root, 'server', 'main.ts'), 'ai-thread': join(root, 'server', 'ai-thread.ts') },
  outdir: outDir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'inline',
  logLevel: 'warning',
  // Server modules find the repository from their own folder: keep it what it was before bundling.
  define: { 'import.meta.dirname': JSON.stringify(join(root, 'server')) },
});
stop();
// Written whole and renamed, so a server starting at the same moment never runs half a file; the
// thread's module first, so a server never runs beside an older one.
const isServer = (file) => file.path.endsWith('server.mjs');
for (const { path, contents } of [...result.outputFiles.filter((f) => !isServer(f)), ...result.outputFiles.filter(isServer)]) {
  const temp = `${path}.${process.pid}`;
  writeFileSync(temp, contents);
  renameSync(temp, path);
}
await import(pathToFileURL(join(outDir, 'server.mjs')).href);
