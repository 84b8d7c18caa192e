import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { basename, extname, join, normalize, resolve, sep } from 'node:path';
import type { Context } from 'hono';
import { acceptedEncodings, type ContentEncoding } from './compress.ts';

const root = join(import.meta.dirname, '..');
export const webDir = join(root, 'web');
/**
 * The built app: web/dist, or WEB_DIST_DIR when set (the end-to-end tests keep a private build there, so
 * a rebuild by another server on the same checkout never pulls files from under a running browser).
 */
export const distDir = process.env.WEB_DIST_DIR ? resolve(process.env.WEB_DIST_DIR) : join(webDir, 'dist');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'dist' || entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** The shared request/response types the web imports (`@contracts`). */
const contractsDir = join(root, 'supabase', 'functions', '_shared', 'contracts');

/** The built app is missing, or older than any source file of it. */
export function webBuildIsStale(): boolean {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return true;
  const newestSource = Math.max(newestMtime(webDir), existsSync(contractsDir) ? newestMtime(contractsDir) : 0);
  return newestSource > statSync(index).mtimeMs;
}

/**
 * Builds the app in a child process: a build inside the server kept its ~700 MB (Rollup's module graph)
 * for the life of the process (measured: 900 MB idle RSS after an in-process build).
 */
export async function buildWeb(log: (line: string) => void): Promise<void> {
  log('Building the web app (missing or out of date)...');
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const args = [
    vite,
    'build',
    '--config',
    join(webDir, 'vite.config.ts'),
    '--outDir',
    distDir,
    '--emptyOutDir',
    '--logLevel',
    'warn',
  ];
  await new Promise<void>((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolvePromise() : reject(new Error(`The web app did not build:\n${output}`))));
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  // pdf.js's worker (the viewer loads it as a module worker, which needs a JavaScript type under nosniff).
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Headers of every page the server serves (the app and the development outbox). The policy allows only
 * this origin's scripts (no inline script, no eval), no framing and no plugins; styles may be inline
 * because Chakra UI (Emotion) inserts its style elements at run time.
 */
export const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'same-origin',
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; '),
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()',
};

/**
 * A module, stylesheet, font or image of the build is only ever part of a page: the page's policy governs
 * it, and the policy, framing and permissions headers on its own answer say nothing. Over HTTP/1.1 they
 * were about 450 of some 800 header bytes on each of a screen's 50-90 files (decision 63). `nosniff`
 * stays: it is what refuses a file served with the wrong type as a script or a stylesheet.
 */
const PART_OF_A_PAGE_HEADERS = { 'X-Content-Type-Options': 'nosniff' };

/** What a browser may open as a document (HTML, SVG) or run as a worker (which takes its policy from its own answer). */
function isDocumentOrWorker(path: string): boolean {
  const extension = extname(path);
  return extension === '.html' || extension === '.svg' || /worker/i.test(basename(path));
}

/** Hashed build output: its name changes with its content, so a browser may keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The build's compressed copies (web/precompress.ts), by the Content-Encoding they are sent with. */
const COPY_SUFFIX: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };

interface Representation {
  path: string;
  size: number;
  mtimeMs: number;
  encoding?: ContentEncoding;
}

async function fileAt(path: string, encoding?: ContentEncoding): Promise<Representation | undefined> {
  try {
    const info = await stat(path);
    return info.isFile() ? { path, size: info.size, mtimeMs: info.mtimeMs, encoding } : undefined;
  } catch {
    return undefined;
  }
}

/** From size and time, so no file is read to answer a revalidation; each encoding has its own. */
const etagOf = (r: Representation) =>
  `"${r.size.toString(36)}-${Math.floor(r.mtimeMs).toString(36)}${r.encoding ? `-${r.encoding}` : ''}"`;

/** If-None-Match names this representation (weak comparison, as RFC 9110 asks for it). */
function notModified(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * A single `bytes=` range of a file of `size` bytes: undefined to send the whole file (no Range, one this
 * server does not serve, such as several ranges), 'unsatisfiable' when it starts past the end.
 */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const m = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    // The last n bytes.
    const suffix = Number(m[2]);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return undefined;
  return start >= size ? 'unsatisfiable' : { start, end };
}

async function readRange(path: string, start: number, end: number) {
  const file = await open(path);
  try {
    const bytes = Buffer.alloc(end - start + 1);
    await file.read(bytes, 0, bytes.length, start);
    return bytes;
  } finally {
    await file.close();
  }
}

/**
 * Sends one file of the build: the brotli or gzip copy when the browser accepts it (decision 39), each
 * with its own length and ETag; 304 when the browser's copy is current; one byte range, always of the
 * file itself, as 206 (416 past its end); HEAD as GET without the body.
 */
async function sendFile(c: Context, plain: Representation, cacheControl: string): Promise<Response> {
  const headers: Record<string, string> = {
    'Content-Type': TYPES[extname(plain.path)] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
    'Accept-Ranges': 'bytes',
    ...(isDocumentOrWorker(plain.path) ? SECURITY_HEADERS : PART_OF_A_PAGE_HEADERS),
  };
  const copies: Representation[] = [];
  for (const encoding of ['br', 'gzip'] as const) {
    const copy = await fileAt(plain.path + COPY_SUFFIX[encoding], encoding);
    // A copy older than its file is left over from another build: never sent.
    if (copy && copy.mtimeMs >= plain.mtimeMs) copies.push(copy);
  }
  if (copies.length) headers['Vary'] = 'Accept-Encoding';
  const ifRange = c.req.header('if-range');
  const range = ifRange === undefined || ifRange === etagOf(plain) ? rangeOf(c.req.header('range'), plain.size) : undefined;
  const accepted = acceptedEncodings(c.req.header('accept-encoding'));
  const chosen = range ? plain : (accepted.map((e) => copies.find((copy) => copy.encoding === e)).find(Boolean) ?? plain);
  headers['ETag'] = etagOf(chosen);
  if (chosen.encoding) headers['Content-Encoding'] = chosen.encoding;
  if (notModified(c.req.header('if-none-match'), headers['ETag'])) {
    // No body, so no coding of one (its type stays: Node's adapter would otherwise name text/plain).
    const { 'Content-Encoding': _encoding, ...kept } = headers;
    return new Response(null, { status: 304, headers: kept });
  }
  const head = c.req.method === 'HEAD';
  if (range === 'unsatisfiable') {
    const body = JSON.stringify({ detail: `The range is outside the file (${plain.size} bytes).` });
    return new Response(head ? null : body, {
      status: 416,
      headers: {
        ...headers,
        'Content-Type': 'application/json',
        'Content-Range': `bytes */${plain.size}`,
        'Content-Length': String(Buffer.byteLength(body)),
      },
    });
  }
  if (range) {
    const length = range.end - range.start + 1;
    return new Response(head ? null : await readRange(plain.path, range.start, range.end), {
      status: 206,
      headers: {
        ...headers,
        'Content-Range': `bytes ${range.start}-${range.end}/${plain.size}`,
        'Content-Length': String(length),
      },
    });
  }
  headers['Content-Length'] = String(chosen.size);
  return new Response(head ? null : await readFile(chosen.path), { headers });
}

/** Static files of the built app in `dir`; a missing /assets/ file is a 404; any other path gets index.html (the SPA routes it). */
export function serveWeb(dir: string) {
  return async (c: Context): Promise<Response> => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.json({ detail: 'The address is not valid (a broken % escape).' }, 400);
    }
    const candidate = normalize(join(dir, path));
    const file = candidate.startsWith(dir + sep) ? await fileAt(candidate) : undefined;
    const inAssets = candidate.startsWith(join(dir, 'assets') + sep);
    // pdf.js's fonts and character maps (web/pdfjs-assets.ts): unhashed names, yet never the SPA's page.
    const inPdfjs = candidate.startsWith(join(dir, 'pdfjs') + sep);
    if (file) return sendFile(c, file, inAssets ? IMMUTABLE : 'no-cache');
    if (inPdfjs) return c.json({ detail: 'No such file.' }, 404);
    // A hashed file that is not here is a chunk of an earlier build, asked for by a page opened before a
    // deploy: index.html in its place would run as a broken script. The page reloads on this (main.tsx).
    if (inAssets) {
      c.header('Cache-Control', 'no-store');
      return c.json({ detail: 'This part of the app no longer exists; reload the page.' }, 404);
    }
    const index = await fileAt(join(dir, 'index.html'));
    if (!index) return c.text('The web app has not been built.', 503);
    return sendFile(c, index, 'no-cache');
  };
}
