import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Context } from 'hono';

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

/** Static files of the built app; any other path gets index.html (the SPA routes it). */
export async function serveWeb(c: Context): Promise<Response> {
  const path = decodeURIComponent(new URL(c.req.url).pathname);
  const candidate = normalize(join(distDir, path));
  if (candidate.startsWith(distDir + sep) && existsSync(candidate) && statSync(candidate).isFile()) {
    const immutable = candidate.includes(`${sep}assets${sep}`);
    return new Response(await readFile(candidate), {
      headers: {
        'Content-Type': TYPES[extname(candidate)] ?? 'application/octet-stream',
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        ...SECURITY_HEADERS,
      },
    });
  }
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return c.text('The web app has not been built.', 503);
  return new Response(await readFile(index), {
    headers: { 'Content-Type': TYPES['.html'], 'Cache-Control': 'no-cache', ...SECURITY_HEADERS },
  });
}
