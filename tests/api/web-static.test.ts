// The built web app as the embedded server sends it (decision 39): the build's brotli and gzip copies by
// Accept-Encoding, each with its own length and ETag; 304, HEAD, one byte range (of the file itself) and
// 416; immutable caching for hashed assets, no-cache for index.html and the SPA's routes.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWeb } from '../../server/web.ts';
import { precompressDir } from '../../web/precompress.ts';
import { rawRequest, useLocalServer } from './local-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'dataroom-web-'));
const SCRIPT = '/assets/index-abc123.js';
const WORKER = '/assets/pdf.worker.min-abc123.mjs';
const script = Buffer.from(
  Array.from({ length: 400 }, (_, i) => `export const value${i} = 'the same words again and again ${i}';`).join('\n'),
);
const html = Buffer.from(
  `<!doctype html><html><head><script type="module" src="${SCRIPT}"></script></head><body>${'<div id="root"></div>'.repeat(40)}</body></html>`,
);
// Random bytes: no copy is smaller, so none is written.
const image = Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 7919) % 251));

let written: Awaited<ReturnType<typeof precompressDir>>;

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(join(dir, SCRIPT), script);
  writeFileSync(join(dir, 'assets', 'logo-abc123.png'), image);
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  writeFileSync(join(dir, WORKER), 'self.onmessage = () => {};');
  mkdirSync(join(dir, 'pdfjs', 'standard_fonts'), { recursive: true });
  writeFileSync(join(dir, 'pdfjs', 'standard_fonts', 'FoxitSans.pfb'), image);
  written = await precompressDir(dir);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const served = useLocalServer(() => new Hono().get('*', serveWeb(dir)));

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(served, path, headers, method);

const BROWSER = 'gzip, deflate, br, zstd';

describe('the build step', () => {
  it('writes a brotli and a gzip copy of each text file, and none that would be no smaller', () => {
    expect(written.files).toBe(4); // index.html, the script, the worker and favicon.svg: the PNG is not text
    for (const file of ['index.html', SCRIPT.slice(1)]) {
      expect(brotliDecompressSync(readFileSync(join(dir, `${file}.br`)))).toEqual(readFileSync(join(dir, file)));
      expect(gunzipSync(readFileSync(join(dir, `${file}.gz`)))).toEqual(readFileSync(join(dir, file)));
    }
    expect(existsSync(join(dir, 'favicon.svg.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets', 'logo-abc123.png.br'))).toBe(false);
  });
});

describe('the policy headers (decision 63)', () => {
  it('go with what a browser opens as a page or runs as a worker', async () => {
    for (const path of ['/', '/favicon.svg', WORKER]) {
      const res = await get(path, { 'accept-encoding': BROWSER });
      expect(res.status, path).toBe(200);
      expect(res.headers['content-security-policy'], path).toContain("default-src 'self'");
      expect(res.headers['x-frame-options'], path).toBe('DENY');
      expect(res.headers['permissions-policy'], path).toBeDefined();
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
    }
  });

  it('are left off a module or an image of a page, all but nosniff', async () => {
    for (const path of [SCRIPT, '/assets/logo-abc123.png']) {
      const res = await get(path, { 'accept-encoding': BROWSER });
      expect(res.status, path).toBe(200);
      expect(res.headers['content-security-policy'], path).toBeUndefined();
      expect(res.headers['x-frame-options'], path).toBeUndefined();
      expect(res.headers['permissions-policy'], path).toBeUndefined();
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
    }
  });
});

describe('a hashed script', () => {
  it('goes as brotli to a browser that accepts it, with its own length and ETag', async () => {
    const res = await get(SCRIPT, { 'accept-encoding': BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(res.body)).toEqual(script);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['vary']).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['etag']).toMatch(/^"[^"]+-br"$/);
  });

  it('goes as gzip when brotli is not accepted, and as it is when neither is', async () => {
    const gz = await get(SCRIPT, { 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    expect(gunzipSync(gz.body)).toEqual(script);
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get(SCRIPT, accept ? { 'accept-encoding': accept } : {});
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toEqual(script);
      expect(Number(plain.headers['content-length'])).toBe(script.length);
      expect(plain.headers['vary']).toBe('Accept-Encoding');
    }
    const br = await get(SCRIPT, { 'accept-encoding': BROWSER });
    const none = await get(SCRIPT);
    expect(new Set([br.headers['etag'], gz.headers['etag'], none.headers['etag']]).size).toBe(3);
  });

  it("is 304 with no body when the browser's copy of the same encoding is current", async () => {
    const first = await get(SCRIPT, { 'accept-encoding': BROWSER });
    const again = await get(SCRIPT, { 'accept-encoding': BROWSER, 'if-none-match': String(first.headers['etag']) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['etag']).toBe(first.headers['etag']);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The identity copy's ETag does not validate the brotli one.
    const plain = await get(SCRIPT);
    const other = await get(SCRIPT, { 'accept-encoding': BROWSER, 'if-none-match': String(plain.headers['etag']) });
    expect(other.status).toBe(200);
    expect(other.headers['content-encoding']).toBe('br');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const full = await get(SCRIPT, { 'accept-encoding': BROWSER });
    const head = await get(SCRIPT, { 'accept-encoding': BROWSER }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(head.headers['etag']).toBe(full.headers['etag']);
  });

  it('serves one byte range from the file itself, never from a compressed copy', async () => {
    const part = await get(SCRIPT, { 'accept-encoding': BROWSER, range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 10-19/${script.length}`);
    expect(part.body).toEqual(script.subarray(10, 20));
    expect(Number(part.headers['content-length'])).toBe(10);
    const tail = await get(SCRIPT, { range: 'bytes=-5' });
    expect(tail.status).toBe(206);
    expect(tail.body).toEqual(script.subarray(script.length - 5));
    const rest = await get(SCRIPT, { range: `bytes=${script.length - 3}-` });
    expect(rest.body).toEqual(script.subarray(script.length - 3));
  });

  it('is 416 for a range past its end, naming its length', async () => {
    const res = await get(SCRIPT, { 'accept-encoding': BROWSER, range: `bytes=${script.length}-` });
    expect(res.status).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${script.length}`);
    expect(JSON.parse(res.body.toString()).detail).toMatch(/outside the file/);
  });

  it('is sent whole for several ranges (not served) and for a stale If-Range', async () => {
    const several = await get(SCRIPT, { range: 'bytes=0-1, 5-6' });
    expect(several.status).toBe(200);
    expect(several.body).toEqual(script);
    const stale = await get(SCRIPT, { range: 'bytes=0-1', 'if-range': '"not-this-one"' });
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual(script);
  });
});

describe('index.html and the routes of the app', () => {
  it('are no-cache, compressed, and the same page for every route', async () => {
    for (const path of ['/', '/index.html', '/deals/42/checklist']) {
      const res = await get(path, { 'accept-encoding': BROWSER });
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.headers['content-encoding'], path).toBe('br');
      expect(res.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(brotliDecompressSync(res.body), path).toEqual(html);
      expect(res.headers['content-security-policy'], path).toContain("script-src 'self'");
    }
  });

  it('never sends a copy older than its file (left from another build)', async () => {
    const index = join(dir, 'index.html');
    const later = new Date(Date.now() + 60_000);
    utimesSync(index, later, later);
    try {
      const res = await get('/', { 'accept-encoding': BROWSER });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toEqual(html);
    } finally {
      const now = new Date();
      utimesSync(index, now, now);
      utimesSync(`${index}.br`, now, now);
      utimesSync(`${index}.gz`, now, now);
    }
  });
});

describe('files without a compressed copy', () => {
  it('go as they are, whatever the browser accepts', async () => {
    for (const path of ['/assets/logo-abc123.png', '/favicon.svg']) {
      const res = await get(path, { 'accept-encoding': BROWSER });
      expect(res.status, path).toBe(200);
      expect(res.headers['content-encoding'], path).toBeUndefined();
      expect(res.headers['vary'], path).toBeUndefined();
    }
    expect((await get('/assets/logo-abc123.png')).body).toEqual(image);
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('a broken % escape in the path is a 400 with a detail, not a 500', async () => {
    const res = await get('/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body.toString()).detail).toMatch(/not valid/);
  });

  it("a hashed file that is not there (an old build's chunk) is a 404, never index.html", async () => {
    const res = await get('/assets/DataRoomPage-old123.js', { 'accept-encoding': 'br' });
    expect(res.status).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(res.body.toString()).detail).toMatch(/no longer exists/);
  });

  it("pdf.js's fonts are served as files, and a missing one is a 404, never index.html", async () => {
    const font = await get('/pdfjs/standard_fonts/FoxitSans.pfb');
    expect(font.status).toBe(200);
    expect(font.body.equals(image)).toBe(true);
    const missing = await get('/pdfjs/cmaps/Nothing.bcmap');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body.toString()).detail).toBe('No such file.');
  });
});
