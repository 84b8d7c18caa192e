/* global console, performance */
// `npm start`: compiles the server with esbuild and runs the result with plain Node, instead of
// transpiling every module at run time with tsx (which kept its compiler and caches in memory for the
// life of the server). Dependencies stay in node_modules. The build (about a second) is skipped when no
// file it was made from has changed since (scripts/server-build.mjs, decision 55).
const marks = (globalThis[Symbol.for('dataroom.startPhases')] ??= []); // server/start-phases.ts
marks.push(['node', performance.now()]);
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { postgresPatched } from './patch-postgres.mjs';
import { buildServer } from './server-build.mjs';

if (!postgresPatched()) {
  // `npm install` applies it (postinstall); an install with --ignore-scripts, or one from before it, has not.
  console.warn('postgres.js is not patched: run `npm install`. Without it, a crash of Postgres can end the server.');
}
const root = join(import.meta.dirname, '..');
const outDir = join(root, '.build');
await buildServer(root, outDir, {
  // The AI threads' module beside the server's (server/ai-threads.ts finds it there).
  entryPoints: { server: join('server', 'main.ts'), 'ai-thread': join('server', 'ai-thread.ts') },
  outExtension: { '.js': '.mjs' },
  bundle: true,
  // Modules loaded with import() (the viewer's stamp and its pdf-lib) in chunks of their own, read when first used.
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'inline',
  logLevel: 'warning',
  // Server modules find the repository from their own folder: keep it what it was before bundling.
  define: { 'import.meta.dirname': JSON.stringify(join(root, 'server')) },
});
marks.push(['build', performance.now()]);
await import(pathToFileURL(join(outDir, 'server.mjs')).href);
