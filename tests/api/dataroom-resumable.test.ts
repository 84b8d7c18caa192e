/**
 * The embedded store's resumable (tus 1.0) endpoint over real HTTP, as `npm start` serves it: creation,
 * chunked PATCHes, resuming after a dropped connection, and every refusal (wrong offset, tampered,
 * expired, reused or foreign tokens). One client, tus-js-client, as the web app uses it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Upload } from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { eventually, newKey, sha256, useStoreServer } from './store-server.ts';

const LIMIT = 8 * 1024 * 1024;
const served = useStoreServer('resumable');
const { dir, storage } = served;

const target = (key: string, seconds = 600) =>
  storage.store.createUploadUrl(key, {
    expiresInSeconds: seconds,
    resumableSeconds: seconds,
    maxBytes: LIMIT,
    contentType: 'application/pdf',
  });
const resumableDir = join(dir, '.resumable');
const pendingUploads = () => (existsSync(resumableDir) ? readdirSync(resumableDir).filter((n) => !n.endsWith('.json')) : []);

/** Creates the upload; answers the upload's URL. */
async function create(token: string, length: number): Promise<Response> {
  return fetch(`${served.origin}/storage/v1/upload/resumable`, {
    method: 'POST',
    headers: { 'tus-resumable': '1.0.0', 'upload-length': String(length), 'x-signature': token },
  });
}

const patch = (url: string, token: string, offset: number, body: Uint8Array) =>
  fetch(`${served.origin}${url}`, {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'x-signature': token,
    },
    body: body as BlobPart,
  });

const head = (url: string, token: string) =>
  fetch(`${served.origin}${url}`, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', 'x-signature': token } });

/** Sends `bytes` as a PATCH at `offset` and drops the connection after `sendBytes` of them. */
function patchThenDrop(url: string, token: string, offset: number, bytes: Uint8Array, sendBytes: number): Promise<void> {
  return new Promise((resolve) => {
    const req = request(`${served.origin}${url}`, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.length),
        'x-signature': token,
      },
    });
    req.on('error', () => resolve());
    req.write(bytes.subarray(0, sendBytes), () => setTimeout(() => (req.destroy(), resolve()), 100));
  });
}

describe('resumable uploads (tus) on the embedded store', () => {
  it('hands out a tus endpoint with a signed token, a chunk size and the lifetimes it grants', async () => {
    const before = Date.now();
    const t = await target(newKey(), 3600);
    expect(t.resumable.endpoint).toBe('/storage/v1/upload/resumable');
    expect(Object.keys(t.resumable.headers)).toEqual(['x-signature']);
    expect(t.resumable.withAccessToken).toBe(false);
    expect(t.resumable.chunkSize).toBe(50 * 1024 * 1024);
    expect(Math.abs(t.resumable.expiresAt.getTime() - (before + 3600_000))).toBeLessThan(2000);
    expect(Math.abs(t.expiresAt.getTime() - (before + 3600_000))).toBeLessThan(2000);
  });

  it('stores a file sent in chunks byte for byte, with its size and sha256, and then the token is used up', async () => {
    const key = newKey();
    const grant = await target(key);
    const token = grant.resumable.headers['x-signature'];
    const file = new Uint8Array(randomBytes(3 * 1024 * 1024 + 17));
    const created = await create(token, file.length);
    expect(created.status).toBe(201);
    const url = created.headers.get('location') ?? '';
    expect(url).toMatch(/^\/storage\/v1\/upload\/resumable\/[0-9a-f]{32}$/);
    const chunk = 1024 * 1024;
    for (let at = 0; at < file.length; at += chunk) {
      const res = await patch(url, token, at, file.subarray(at, at + chunk));
      expect(res.status).toBe(204);
      expect(Number(res.headers.get('upload-offset'))).toBe(Math.min(at + chunk, file.length));
    }
    expect(sha256(readFileSync(join(dir, key)))).toBe(sha256(file));
    expect(await storage.store.stat(key)).toEqual({ size: file.length, sha256: sha256(file) });
    expect(pendingUploads()).not.toContain(url.split('/').pop());
    const again = await create(token, 10);
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({ detail: 'This upload link was already used.' });
    // The grant's single-request URL is used up too: the stored bytes stay.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(10)]), 'other.bin');
    const single = await fetch(`${served.origin}${grant.url}`, { method: 'POST', body: form });
    expect(single.status).toBe(403);
    expect(sha256(readFileSync(join(dir, key)))).toBe(sha256(file));
  });

  it('resumes after a dropped connection from the offset HEAD reports, sending only what is missing', async () => {
    const key = newKey();
    const token = (await target(key)).resumable.headers['x-signature'];
    const file = new Uint8Array(randomBytes(4 * 1024 * 1024));
    const url = (await create(token, file.length)).headers.get('location') ?? '';
    await patchThenDrop(url, token, 0, file, Math.floor(file.length * 0.6));
    let offset = 0;
    expect(
      await eventually(async () => {
        offset = Number((await head(url, token)).headers.get('upload-offset'));
        return offset > 0;
      }),
    ).toBe(true);
    expect(offset).toBeLessThanOrEqual(Math.floor(file.length * 0.6));
    const rest = await patch(url, token, offset, file.subarray(offset));
    expect(rest.status).toBe(204);
    expect(await storage.store.stat(key)).toEqual({ size: file.length, sha256: sha256(file) });
  });

  it('answers a PATCH at a wrong offset with 409 and keeps the stored part', async () => {
    const key = newKey();
    const token = (await target(key)).resumable.headers['x-signature'];
    const file = new Uint8Array(randomBytes(2000));
    const url = (await create(token, file.length)).headers.get('location') ?? '';
    expect((await patch(url, token, 0, file.subarray(0, 1000))).status).toBe(204);
    const wrong = await patch(url, token, 500, file.subarray(500));
    expect(wrong.status).toBe(409);
    expect(Number((await head(url, token)).headers.get('upload-offset'))).toBe(1000);
    expect((await patch(url, token, 1000, file.subarray(1000))).status).toBe(204);
    expect(sha256(readFileSync(join(dir, key)))).toBe(sha256(file));
  });

  it('refuses a chunk past the declared length (413), a wrong content type (415), no Tus-Resumable (412) and an unknown upload (404)', async () => {
    const key = newKey();
    const token = (await target(key)).resumable.headers['x-signature'];
    const url = (await create(token, 100)).headers.get('location') ?? '';
    const tooLong = await patch(url, token, 0, new Uint8Array(101));
    expect(tooLong.status).toBe(413);
    expect(await tooLong.json()).toEqual({ detail: 'The chunk goes past the length declared for this upload.' });
    const asJson = await fetch(`${served.origin}${url}`, {
      method: 'PATCH',
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/json', 'x-signature': token },
      body: '{}',
    });
    expect(asJson.status).toBe(415);
    const noVersion = await fetch(`${served.origin}${url}`, {
      method: 'PATCH',
      headers: { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'x-signature': token },
      body: 'x',
    });
    expect(noVersion.status).toBe(412);
    expect(Number((await head(url, token)).headers.get('upload-offset'))).toBe(0);
    const otherToken = (await target(newKey())).resumable.headers['x-signature'];
    const otherId = JSON.parse(Buffer.from(otherToken.split('.')[0], 'base64url').toString()).n;
    expect((await patch(`/storage/v1/upload/resumable/${otherId}`, otherToken, 0, new Uint8Array(1))).status).toBe(404);
    expect(existsSync(join(dir, key))).toBe(false);
  });

  it('tells a second PATCH sent while the first is still streaming to wait (423); the first completes', async () => {
    const key = newKey();
    const token = (await target(key)).resumable.headers['x-signature'];
    const file = new Uint8Array(randomBytes(3 * 1024 * 1024));
    const url = (await create(token, file.length)).headers.get('location') ?? '';
    // A slow sender: the body trickles in while the second request arrives.
    const slow = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (let at = 0; at < file.length; at += 256 * 1024) {
          controller.enqueue(file.subarray(at, at + 256 * 1024));
          await new Promise((r) => setTimeout(r, 20));
        }
        controller.close();
      },
    });
    const first = fetch(`${served.origin}${url}`, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'x-signature': token,
      },
      body: slow,
      duplex: 'half',
    } as RequestInit);
    await new Promise((r) => setTimeout(r, 60));
    expect((await patch(url, token, 0, file.subarray(0, 10))).status).toBe(423);
    expect((await first).status).toBe(204);
    expect(await storage.store.stat(key)).toEqual({ size: file.length, sha256: sha256(file) });
  });

  it('refuses tampered, expired, missing and foreign tokens with 403, storing nothing', async () => {
    const key = newKey();
    const token = (await target(key)).resumable.headers['x-signature'];
    const [body, mac] = token.split('.');
    const claim = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...claim, max: LIMIT * 100 })).toString('base64url')}.${mac}`;
    expect((await create(forged, 10)).status).toBe(403);
    expect((await create('', 10)).status).toBe(403);
    const expired = (await target(key, -1)).resumable.headers['x-signature'];
    const late = await create(expired, 10);
    expect(late.status).toBe(403);
    expect(await late.json()).toEqual({ detail: 'This link has expired.' });
    const url = (await create(token, 10)).headers.get('location') ?? '';
    const other = (await target(newKey())).resumable.headers['x-signature'];
    expect((await patch(url, other, 0, new Uint8Array(10))).status).toBe(403);
    expect((await head(url, other)).status).toBe(403);
    expect(Number((await head(url, token)).headers.get('upload-offset'))).toBe(0);
    expect(existsSync(join(dir, key))).toBe(false);
  });

  it('answers malformed tus headers, ids and methods with a 4xx, never a 5xx, and stores nothing of them', async () => {
    const key = newKey();
    const token = (await target(key)).resumable.headers['x-signature'];
    const creation = (headers: Record<string, string>) =>
      fetch(`${served.origin}/storage/v1/upload/resumable`, { method: 'POST', headers: { 'x-signature': token, ...headers } });
    const expectNo5xx = (what: string, status: number) => expect(status, what).toBeLessThan(500);
    const expect4xx = (what: string, status: number) => {
      expect(status, what).toBeGreaterThanOrEqual(400);
      expectNo5xx(what, status);
    };
    for (const length of ['-1', 'abc', '1e3', '1.5', '', '0x10', '99999999999999999999', String(Number.MAX_SAFE_INTEGER + 2)])
      expect4xx(
        `Upload-Length ${JSON.stringify(length)}`,
        (await creation({ 'tus-resumable': '1.0.0', 'upload-length': length })).status,
      );
    expect4xx('Tus-Resumable 2.0.0', (await creation({ 'tus-resumable': '2.0.0', 'upload-length': '10' })).status);
    expect4xx('no Upload-Length', (await creation({ 'tus-resumable': '1.0.0' })).status);
    // A creation with unreadable metadata: refused or created, never a failure of the server.
    expectNo5xx(
      'Upload-Metadata not base64',
      (await creation({ 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': 'filename %%%, x' })).status,
    );

    const url = (await create(token, 100)).headers.get('location') ?? '';
    const patchWith = (headers: Record<string, string>, body: BodyInit = new Uint8Array(10)) =>
      fetch(`${served.origin}${url}`, {
        method: 'PATCH',
        headers: {
          'tus-resumable': '1.0.0',
          'content-type': 'application/offset+octet-stream',
          'x-signature': token,
          ...headers,
        },
        body,
      });
    for (const offset of ['-1', 'abc', '1.5', '', '1e1', '99999999999999999999', '100', '101'])
      expect4xx(`Upload-Offset ${JSON.stringify(offset)}`, (await patchWith({ 'upload-offset': offset })).status);
    // A PATCH that asks to be taken as a DELETE: whatever it is taken as, the upload below still completes.
    expectNo5xx(
      'a method override to DELETE',
      (await patchWith({ 'upload-offset': '0', 'x-http-method-override': 'DELETE' }, '')).status,
    );
    for (const id of ['..%2F..%2F..%2Fetc%2Fpasswd', '%00', 'a'.repeat(5_000), '0'.repeat(32) + '.json', 'ABCDEF'.repeat(6)]) {
      const path = `/storage/v1/upload/resumable/${id}`;
      for (const method of ['HEAD', 'PATCH', 'DELETE']) {
        const res = await fetch(`${served.origin}${path}`, {
          method,
          headers: {
            'tus-resumable': '1.0.0',
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
            'x-signature': token,
          },
          body: method === 'PATCH' ? new Uint8Array(1) : undefined,
        });
        expect4xx(`${method} ${id.slice(0, 40)}`, res.status);
      }
    }
    // The real upload is untouched: nothing stored, still at offset 0, and it still completes.
    expect(Number((await head(url, token)).headers.get('upload-offset'))).toBe(0);
    expect(existsSync(join(dir, key))).toBe(false);
    const file = new Uint8Array(randomBytes(100));
    expect((await patch(url, token, 0, file)).status).toBe(204);
    expect(sha256(readFileSync(join(dir, key)))).toBe(sha256(file));
  });

  it('refuses an upload longer than the limit with 413 before any byte is stored', async () => {
    const token = (await target(newKey())).resumable.headers['x-signature'];
    const res = await create(token, LIMIT + 1);
    expect(res.status).toBe(413);
  });

  it('sweeps unfinished uploads once their grant has expired, and keeps live ones', async () => {
    const liveToken = (await target(newKey())).resumable.headers['x-signature'];
    const live = (await create(liveToken, 100)).headers.get('location')?.split('/').pop();
    const shortToken = (await target(newKey(), 1)).resumable.headers['x-signature'];
    const stale = (await create(shortToken, 100)).headers.get('location')?.split('/').pop();
    expect(pendingUploads()).toEqual(expect.arrayContaining([live, stale]));
    await new Promise((r) => setTimeout(r, 2100));
    await storage.removeOrphanTemps();
    expect(pendingUploads()).toContain(live);
    expect(pendingUploads()).not.toContain(stale);
  });

  /** Sends `file` through tus-js-client, the web app's client, in 512 KiB chunks; the methods of its requests. */
  const sendWithTusClient = async (file: Buffer, key: string, options: { uploadDataDuringCreation?: boolean } = {}) => {
    const t = await target(key);
    const requests: string[] = [];
    let progress = 0;
    await new Promise<void>((resolve, reject) => {
      new Upload(file, {
        endpoint: `${served.origin}${t.resumable.endpoint}`,
        headers: t.resumable.headers,
        metadata: t.resumable.metadata,
        chunkSize: 512 * 1024,
        retryDelays: [],
        ...options,
        onBeforeRequest: (req) => void requests.push(req.getMethod()),
        onProgress: (sent) => (progress = sent),
        onSuccess: () => resolve(),
        onError: reject,
      }).start();
    });
    return { requests, progress };
  };

  it('uploads through tus-js-client, the web app client, in chunks', async () => {
    const key = newKey();
    const file = Buffer.from(randomBytes(2 * 1024 * 1024 + 5));
    const { requests, progress } = await sendWithTusClient(file, key);
    expect(requests).toEqual(['POST', 'PATCH', 'PATCH', 'PATCH', 'PATCH', 'PATCH']);
    expect(progress).toBe(file.length);
    expect(await storage.store.stat(key)).toEqual({ size: file.length, sha256: sha256(file) });
  });

  it("takes a file's first chunk with its creation (tus-js-client's uploadDataDuringCreation, as the web app sends small files)", async () => {
    for (const size of [300 * 1024, 2 * 1024 * 1024 + 5]) {
      const key = newKey();
      const file = Buffer.from(randomBytes(size));
      const { requests } = await sendWithTusClient(file, key, { uploadDataDuringCreation: true });
      // One request for a file of one chunk; the creation and a PATCH for each further chunk otherwise.
      expect(requests).toEqual(['POST', ...Array(Math.ceil(size / (512 * 1024)) - 1).fill('PATCH')]);
      expect(await storage.store.stat(key)).toEqual({ size, sha256: sha256(file) });
    }
  });
});
