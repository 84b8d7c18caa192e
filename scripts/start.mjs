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
const outfile = join(outDir, 'server.mjs');
const result = await build({
  write: false,
  entryPoints: [join(root, 'server', 'main.ts')],
  outfile,
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
// Written whole and renamed, so a server starting at the same moment never runs half a file.
const temp = `${outfile}.${process.pid}`;
writeFileSync(temp, result.outputFiles[0].contents);
renameSync(temp, outfile);
await import(pathToFileURL(outfile).href);
