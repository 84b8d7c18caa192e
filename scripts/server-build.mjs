/* global process */
// The server's build for `npm start` (scripts/start.mjs), skipped when nothing it was built from has changed
// (decision 55). Beside the output, `.build/server-build.json` records the SHA-256 of every file esbuild
// compiled (hashed as it read them, through a plugin, so a file edited during a build can never be recorded
// as built), of tsconfig.json, and of the recipe (options and esbuild's version); a start whose files all
// hash the same, with every output present, runs the existing build. Anything else builds again.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';

const MANIFEST = 'server-build.json';
const LOADERS = { '.ts': 'ts', '.mts': 'ts', '.tsx': 'tsx', '.js': 'js', '.mjs': 'js', '.cjs': 'js', '.json': 'json' };
// Read by esbuild besides the modules it compiles.
const CONFIG_FILES = ['tsconfig.json'];

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
const hashOf = (path) => (existsSync(path) ? sha256(readFileSync(path)) : 'absent');

function recipeOf(root, options) {
  const esbuild = JSON.parse(readFileSync(join(root, 'node_modules', 'esbuild', 'package.json'), 'utf8')).version;
  return sha256(JSON.stringify({ esbuild, options }));
}

function readManifest(outDir) {
  try {
    return JSON.parse(readFileSync(join(outDir, MANIFEST), 'utf8'));
  } catch {
    return undefined;
  }
}

/** True when the manifest in `outDir` describes a build of exactly the files as they are now. */
export function serverBuildIsCurrent(root, outDir, options) {
  const manifest = readManifest(outDir);
  if (!manifest) return false;
  if (manifest.recipe !== recipeOf(root, options)) return false;
  for (const [output, size] of Object.entries(manifest.outputs ?? {})) {
    try {
      if (statSync(join(outDir, output)).size !== size) return false;
    } catch {
      return false;
    }
  }
  const inputs = Object.entries(manifest.inputs ?? {});
  if (!inputs.length || !manifest.outputs) return false;
  return inputs.every(([file, hash]) => hashOf(join(root, file)) === hash);
}

/**
 * Builds `options.entryPoints` into `outDir` unless the last build there is current. Returns whether it built.
 * `options` are esbuild's (without `write`, `outdir`, `metafile`, `absWorkingDir`, `plugins`).
 */
export async function buildServer(root, outDir, options) {
  if (serverBuildIsCurrent(root, outDir, options)) return false;
  mkdirSync(outDir, { recursive: true });
  const previous = readManifest(outDir);
  // The manifest goes first: from here until the new one is written, the outputs match no record.
  rmSync(join(outDir, MANIFEST), { force: true });
  const inputs = {};
  for (const file of CONFIG_FILES) inputs[file] = hashOf(join(root, file));
  const hashAsRead = {
    name: 'hash-as-read',
    setup(build) {
      build.onLoad({ filter: /.*/, namespace: 'file' }, (args) => {
        const loader = LOADERS[extname(args.path)];
        if (!loader) return undefined;
        const contents = readFileSync(args.path);
        inputs[relative(root, args.path)] = sha256(contents);
        return { contents, loader };
      });
    },
  };
  const { build, stop } = await import('esbuild');
  let result;
  try {
    result = await build({ ...options, absWorkingDir: root, outdir: outDir, write: false, plugins: [hashAsRead] });
  } finally {
    stop();
  }
  // Written whole and renamed, so a server starting at the same moment never runs half a file; the
  // thread's module first, so a server never runs beside an older one.
  const isServer = (file) => file.path.endsWith('server.mjs');
  const outputs = {};
  for (const { path, contents } of [...result.outputFiles.filter((f) => !isServer(f)), ...result.outputFiles.filter(isServer)]) {
    const temp = `${path}.${process.pid}`;
    writeFileSync(temp, contents);
    renameSync(temp, path);
    outputs[relative(outDir, path)] = contents.length;
  }
  const manifest = { recipe: recipeOf(root, options), outputs, inputs };
  const temp = join(outDir, `${MANIFEST}.${process.pid}`);
  writeFileSync(temp, JSON.stringify(manifest, null, 1));
  renameSync(temp, join(outDir, MANIFEST));
  // Chunks are named by their content, so a server still running an older build keeps loading its own
  // (a module it imports late, as the viewer's stamp). Those of this build and of the one before are kept;
  // older ones are removed, so .build does not grow with every edit.
  const keep = new Set([...Object.keys(outputs), ...Object.keys(previous?.outputs ?? {})]);
  for (const file of readdirSync(outDir)) {
    if (file.endsWith('.mjs') && !keep.has(file)) rmSync(join(outDir, file), { force: true });
  }
  return true;
}
