// The API's JSON answers of 1 KB or more go compressed to a client that accepts it (decision 39); small
// answers, HEAD, downloads, event streams, partial and already encoded answers go as they are.
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { compressJson } from '../../server/compress.ts';
import { app, call, createDeal, registerUser, storage, type TestUser } from './helpers.ts';
import { room, twoStep, type Room } from './dataroom-lib.ts';
import { rawRequest, useLocalServer } from './local-server.ts';

let owner: TestUser;
let dealId: string;
let r: Room;

const ENCODED = Buffer.from(JSON.stringify({ padding: 'x'.repeat(4000) }));

beforeAll(async () => {
  owner = await registerUser('compress-owner');
  dealId = (await createDeal(owner, 'Compression deal', 'default')).id;
  r = await room('compress');
});

const served = useLocalServer(() => {
  // Mounted as the embedded server mounts them (server/app.ts).
  const root = new Hono();
  root.use('*', compressJson);
  root.route('/api', app);
  root.route('/storage/v1', storage.routes);
  // A route's own headers, and text of 1,200 bytes in 600 characters.
  root.get('/accented', (c) => {
    c.header('Set-Cookie', 'a=1');
    c.header('X-Route', 'kept');
    c.header('ETag', '"v1"');
    return c.json({ text: 'é'.repeat(600) });
  });
  root.get('/partial', () =>
    Response.json({ padding: 'y'.repeat(4000) }, { status: 206, headers: { 'content-range': 'bytes 0-4015/9000' } }),
  );
  root.get(
    '/encoded',
    () => new Response(gzipSync(ENCODED), { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } }),
  );
  return root;
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(served, path, headers, method);

const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });
const BROWSER = 'gzip, deflate, br, zstd';

describe('a large JSON answer (a default checklist)', () => {
  it("is measured in bytes, not characters, and keeps the route's headers", async () => {
    const br = await get('/accented', { 'accept-encoding': BROWSER });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual({ text: 'é'.repeat(600) });
    expect(br.headers['set-cookie']).toEqual(['a=1']);
    expect(br.headers['x-route']).toBe('kept');
    expect(br.headers['etag']).toBe('W/"v1"');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
  });

  it('goes as brotli, or gzip, with its length and Vary, and decodes to the same JSON', async () => {
    const path = `/api/deals/${dealId}/checklist`;
    const plain = await get(path, auth(owner));
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(4096);
    const expected = JSON.parse(plain.body.toString());

    const br = await get(path, { ...auth(owner), 'accept-encoding': BROWSER });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toContain('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(expected);

    const gz = await get(path, { ...auth(owner), 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(expected);

    const refused = await get(path, { ...auth(owner), 'accept-encoding': 'br;q=0, gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.body.toString())).toEqual(expected);
  });

  it('HEAD goes without a coding', async () => {
    const head = await get(`/api/deals/${dealId}/checklist`, { ...auth(owner), 'accept-encoding': BROWSER }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.body.length).toBe(0);
  });
});

describe('a small JSON answer', () => {
  it('goes as it is', async () => {
    const res = await get('/api/user/profile', { ...auth(owner), 'accept-encoding': BROWSER });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString()).email).toBe(owner.email);
  });

  it('nor does a small error answer', async () => {
    const res = await get('/api/user/profile', { 'accept-encoding': BROWSER });
    expect(res.status).toBe(401);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString()).detail).toBeTruthy();
  });
});

describe('never compressed', () => {
  it('a download, even of a JSON file', async () => {
    const bytes = Buffer.from(JSON.stringify({ rows: Array.from({ length: 300 }, (_, i) => ({ i, text: 'same text' })) }));
    const { fileId } = await twoStep(r, r.owner, { filename: 'export.json', bytes, content_type: 'application/json' });
    const url = await call('GET', `${r.base}/files/${fileId}/download-url`, { token: r.owner.token });
    expect(url.status, JSON.stringify(url.body)).toBe(200);
    const res = await get(url.body.download_url, { 'accept-encoding': BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toEqual(bytes);
  });

  it("the deal's event stream", async () => {
    // Only its head is read: the stream never ends.
    const res = await fetch(`${served.origin}/api/deals/${dealId}/events`, {
      headers: { ...auth(owner), 'accept-encoding': BROWSER },
    });
    await res.body?.cancel();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('content-encoding')).toBeNull();
  });

  it('a partial (206) answer, and one already encoded', async () => {
    const partial = await get('/partial', { 'accept-encoding': BROWSER });
    expect(partial.status).toBe(206);
    expect(partial.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(partial.body.toString()).padding).toHaveLength(4000);
    const encoded = await get('/encoded', { 'accept-encoding': BROWSER });
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(encoded.body)).toEqual(ENCODED);
  });
});
