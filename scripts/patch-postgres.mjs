/* global console, process */
// `npm install` runs this (postinstall): it fixes postgres.js 3.4.9, pinned in package.json, so that the
// death of its database can never end the server (issue 29, docs/decisions.md decision 28).
//
// In 3.4.9 a query sent on a connection whose socket has just closed (a transaction's `rollback` after
// its connection died, porsager/postgres#1154, #1208) schedules a write that runs with `socket === null`
// and throws from a timer, an uncaught TypeError that ends the process. And a socket that closes with a
// write still buffered leaves the buffer and its timer behind, so the next connection on that slot sends
// those stale bytes before its start-up message, or never sends them at all, and a query stays unanswered.
// And a new connection that dies while it fetches the array types rejects a promise nobody awaits
// (unhandled: the process ends too). The patch: such a write fails its query with CONNECTION_CLOSED (a 503)
// instead of throwing; a closed or terminated connection drops its buffer; a close after a socket error
// settles the queries queued after that error too; the types' promise is caught. Idempotent; each file is replaced whole (a new file, never written in place:
// node_modules may be hard links shared with other checkouts). `--check` only says whether it is applied.
//
// The Supabase edge functions cannot load a patched node_modules: Deno fetches `npm:` packages itself.
// So they load a vendored copy, supabase/functions/_vendor/postgres (deno.json maps `postgres` to it):
// the driver's ES sources with the same edits, Node's built-ins named `node:` and its globals (Buffer,
// process, setImmediate) imported, as local modules need under Deno (decision 40). `--vendor` writes
// it from node_modules; `--check-vendor` says whether it is current.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const VERSION = '3.4.9';
const MARK = '/* dataroom patch: scripts/patch-postgres.mjs */';
const dir = join(import.meta.dirname, '..', 'node_modules', 'postgres');
export const VENDOR_DIR = join(import.meta.dirname, '..', 'supabase', 'functions', '_vendor', 'postgres');
// What Node loads: `import` and `require` (package.json's exports).
const FILES = ['src/connection.js', 'cjs/src/connection.js'];

// In this order: the first edit's text is part of what the second inserts.
const EDITS = [
  // terminate() and closed(): the buffered bytes belong to the connection that is gone.
  {
    from: '    clearImmediate(nextWriteTimer)\n',
    to: '    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n',
    count: 2,
  },
  {
    from: '    const x = socket.write(chunk, fn)\n',
    to:
      `    ${MARK}\n` +
      '    if (socket === null) {\n' +
      '      clearImmediate(nextWriteTimer)\n' +
      '      chunk = nextWriteTimer = null\n' +
      "      error(Errors.connection('CONNECTION_CLOSED', options, socket))\n" +
      '      return true\n' +
      '    }\n' +
      '    const x = socket.write(chunk, fn)\n',
    count: 1,
  },
  {
    from: "    !hadError && (query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))\n",
    // An `if`: a line starting with "(" would continue the `return` above it (no semicolons there).
    to: "    if (query || sent.length) error(Errors.connection('CONNECTION_CLOSED', options, socket))\n",
    count: 1,
  },
  // A new connection's first query (the array types) is not awaited by anyone: when the database dies
  // under it, its rejection ended the process. error() has already failed the query that waits for it.
  {
    from: '        return fetchArrayTypes()\n',
    to: '        return fetchArrayTypes().catch(() => {})\n',
    count: 1,
  },
];

function applyEdits(text, path) {
  if (text.includes(MARK)) return text;
  for (const { from, to, count } of EDITS) {
    const found = text.split(from).length - 1;
    if (found !== count) throw new Error(`${path}: expected ${count} × ${JSON.stringify(from)}, found ${found}`);
    text = text.split(from).join(to);
  }
  return text;
}

function checkVersion() {
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  if (version !== VERSION) {
    throw new Error(
      `postgres ${version} is installed, but scripts/patch-postgres.mjs fixes ${VERSION}: check the fix upstream, then update the patch.`,
    );
  }
}

const NODE_BUILTINS = ['net', 'tls', 'crypto', 'stream', 'perf_hooks', 'os', 'fs'];
const NODE_GLOBALS = [
  { used: /\bBuffer\b/, line: "import { Buffer } from 'node:buffer'" },
  { used: /\bprocess\./, line: "import process from 'node:process'" },
  { used: /\b(setImmediate|clearImmediate)\b/, line: "import { setImmediate, clearImmediate } from 'node:timers'" },
];

/** The vendored copy for Deno: file name -> text, from node_modules/postgres/src. */
export function vendoredFiles() {
  checkVersion();
  const files = {};
  for (const name of readdirSync(join(dir, 'src'))
    .filter((f) => f.endsWith('.js'))
    .sort()) {
    const path = join(dir, 'src', name);
    let text = readFileSync(path, 'utf8');
    if (FILES.includes(`src/${name}`)) text = applyEdits(text, path);
    for (const builtin of NODE_BUILTINS) text = text.split(` from '${builtin}'\n`).join(` from 'node:${builtin}'\n`);
    const imports = NODE_GLOBALS.filter(({ used }) => used.test(text)).map(({ line }) => `${line}\n`);
    const selfTypes = name === 'index.js' ? `/* @ts-self-types="npm:postgres@${VERSION}" */\n` : '';
    files[name] =
      selfTypes +
      `// postgres ${VERSION} src/${name}, vendored for Deno by scripts/patch-postgres.mjs --vendor: do not edit.\n` +
      imports.join('') +
      text;
  }
  return files;
}

export function vendorCurrent() {
  const files = vendoredFiles();
  const present = existsSync(VENDOR_DIR) ? readdirSync(VENDOR_DIR).sort() : [];
  return (
    JSON.stringify(present) === JSON.stringify(Object.keys(files).sort()) &&
    Object.entries(files).every(([name, text]) => readFileSync(join(VENDOR_DIR, name), 'utf8') === text)
  );
}

function vendor() {
  const files = vendoredFiles();
  rmSync(VENDOR_DIR, { recursive: true, force: true });
  mkdirSync(VENDOR_DIR, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(VENDOR_DIR, name), text);
  console.log(`postgres ${VERSION}: vendored ${Object.keys(files).length} files into ${VENDOR_DIR}.`);
}

export function postgresPatched() {
  return FILES.every((file) => existsSync(join(dir, file)) && readFileSync(join(dir, file), 'utf8').includes(MARK));
}

function patch() {
  if (!existsSync(join(dir, 'package.json'))) return; // not installed (yet)
  checkVersion();
  let patched = 0;
  for (const file of FILES) {
    const path = join(dir, file);
    let text = readFileSync(path, 'utf8');
    if (text.includes(MARK)) continue;
    patched++;
    text = applyEdits(text, path);
    const temp = `${path}.${process.pid}`;
    writeFileSync(temp, text, { mode: statSync(path).mode });
    renameSync(temp, path);
  }
  if (patched) console.log(`postgres ${VERSION}: patched ${patched} files (scripts/patch-postgres.mjs).`);
}

if (process.argv[1] === import.meta.filename) {
  if (process.argv.includes('--check')) process.exit(postgresPatched() ? 0 : 1);
  if (process.argv.includes('--check-vendor')) process.exit(vendorCurrent() ? 0 : 1);
  if (process.argv.includes('--vendor')) vendor();
  else patch();
}
