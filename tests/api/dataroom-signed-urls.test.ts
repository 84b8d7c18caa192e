import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blobDir, call, MAX_UPLOAD_BYTES, storage } from './helpers.ts';
import { expectError } from './expect.ts';
import {
  activities,
  download,
  getFromStore,
  objectPath,
  objectsOf,
  postFields,
  postToStore,
  random,
  room,
  sha256,
  storePath,
  twoStep,
} from './dataroom-lib.ts';

/** Changes one character in the middle of the payload or of the signature of a signed URL. */
function tamper(url: string, part: 'payload' | 'signature'): string {
  const slash = url.lastIndexOf('/');
  const [payload, mac] = url.slice(slash + 1).split('.');
  const flip = (s: string) => {
    const i = Math.floor(s.length / 2);
    return s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
  };
  return `${url.slice(0, slash + 1)}${part === 'payload' ? flip(payload) : payload}.${part === 'signature' ? flip(mac) : mac}`;
}

/** A token whose payload was rewritten (another key) while keeping the original signature. */
function forge(url: string, change: (claim: any) => any): string {
  const slash = url.lastIndexOf('/');
  const [payload, mac] = url.slice(slash + 1).split('.');
  const claim = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const forged = Buffer.from(JSON.stringify(change(claim))).toString('base64url');
  return `${url.slice(0, slash + 1)}${forged}.${mac}`;
}

async function startUpload(label: string) {
  const r = await room(label);
  const start = await call('POST', `${r.base}/files/upload-url`, { token: r.owner.token, body: { filename: 'signed.bin' } });
  expect(start.status).toBe(200);
  return { r, start: start.body as { file_id: string; upload_url: string; storage_path: string } };
}

describe('signed upload URLs', () => {
  it('are single use: a replay is 403 and the stored bytes stay as first sent', async () => {
    const { r, start } = await startUpload('replay');
    const first = random(5000);
    expect((await postToStore(start.upload_url, first)).status).toBe(201);
    const replay = await postToStore(start.upload_url, random(6000));
    expect(replay.status).toBe(403);
    expect(await replay.json()).toEqual({ detail: 'This upload link was already used.' });
    const onDisk = readFileSync(join(blobDir, start.storage_path));
    expect(sha256(onDisk)).toBe(sha256(first));
    const done = await postFields(`${r.base}/files/${start.file_id}/upload-complete`, r.owner.token, { file_size: first.length });
    expect(done.status).toBe(200);
    expect(sha256((await download(r, r.owner, start.file_id)).bytes)).toBe(sha256(first));
    // Even after completion the URL cannot overwrite the file.
    expect((await postToStore(start.upload_url, random(10))).status).toBe(403);
    expect(sha256((await download(r, r.owner, start.file_id)).bytes)).toBe(sha256(first));
  });

  it.each(['payload', 'signature'] as const)(
    'a tampered %s is 403 and nothing is stored; the real URL still works',
    async (part) => {
      const { r, start } = await startUpload(`tamper-${part}`);
      const res = await postToStore(tamper(start.upload_url, part), random(100));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ detail: 'This link is not valid.' });
      expect(objectsOf(r.deal.id)).toEqual([]);
      expect((await postToStore(start.upload_url, random(100))).status).toBe(201);
    },
  );

  it('malformed bodies are refused with a 4xx and a detail, never a 5xx, and leave nothing stored', async () => {
    const { start } = await startUpload('malformed-body');
    const boundary = 'sweep-boundary';
    const bodies: [string, Record<string, string>, BodyInit | undefined][] = [
      ['no body', {}, undefined],
      ['JSON', { 'content-type': 'application/json' }, '{"file": "x"}'],
      ['plain text', { 'content-type': 'text/plain' }, 'hello'],
      ['multipart without a boundary', { 'content-type': 'multipart/form-data' }, 'x'],
      ['multipart with an empty boundary', { 'content-type': 'multipart/form-data; boundary=' }, 'x'],
      ['multipart with no parts', { 'content-type': `multipart/form-data; boundary=${boundary}` }, `--${boundary}--\r\n`],
      [
        'a field but no file',
        { 'content-type': `multipart/form-data; boundary=${boundary}` },
        `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      ],
      [
        'a part without headers',
        { 'content-type': `multipart/form-data; boundary=${boundary}` },
        `--${boundary}\r\n\r\nbytes\r\n--${boundary}--\r\n`,
      ],
      [
        'a file part cut short',
        { 'content-type': `multipart/form-data; boundary=${boundary}` },
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\nbytes`,
      ],
      ['garbage', { 'content-type': `multipart/form-data; boundary=${boundary}` }, new Uint8Array(random(2000))],
    ];
    for (const [what, headers, body] of bodies) {
      const res = await storage.routes.request(storePath(start.upload_url), { method: 'POST', headers, body });
      expect(res.status, what).toBeGreaterThanOrEqual(400);
      expect(res.status, what).toBeLessThan(500);
      expect(typeof ((await res.json()) as { detail?: unknown }).detail, what).toBe('string');
    }
    expect(existsSync(join(blobDir, start.storage_path)), 'nothing stored').toBe(false);
    // A refused attempt does not use the link up: the real file still goes through it.
    const file = random(3000);
    expect((await postToStore(start.upload_url, file)).status).toBe(201);
    expect(sha256(readFileSync(join(blobDir, start.storage_path)))).toBe(sha256(file));
  });

  it('a payload rewritten to another key, to a larger limit or a later expiry, is refused', async () => {
    const { r, start } = await startUpload('forge');
    const other = await startUpload('forge-other');
    for (const change of [
      (c: any) => ({ ...c, key: other.start.storage_path }),
      (c: any) => ({ ...c, max: MAX_UPLOAD_BYTES * 100 }),
      (c: any) => ({ ...c, exp: c.exp + 10 }),
      (c: any) => ({ ...c, n: 'f'.repeat(32) }),
    ]) {
      const res = await postToStore(forge(start.upload_url, change), random(100));
      expect(res.status).toBe(403);
    }
    for (const bad of [
      '/storage/v1/upload/',
      '/storage/v1/upload/abc',
      '/storage/v1/upload/abc.def',
      '/storage/v1/upload/..%2F..%2Fetc',
    ]) {
      const res = await storage.routes.request(bad.slice('/storage/v1'.length), { method: 'POST', body: new FormData() });
      expect([403, 404]).toContain(res.status);
    }
    expect(objectsOf(r.deal.id)).toEqual([]);
    expect(objectsOf(other.r.deal.id)).toEqual([]);
  });

  it('an expired upload URL is 403 and stores nothing', async () => {
    const { r, start } = await startUpload('expired');
    const expired = await storage.store.createUploadUrl(start.storage_path, {
      expiresInSeconds: -1,
      resumableSeconds: -1,
      maxBytes: MAX_UPLOAD_BYTES,
      contentType: 'application/octet-stream',
    });
    const res = await postToStore(expired.url, random(100));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ detail: 'This link has expired.' });
    expect(objectsOf(r.deal.id)).toEqual([]);
  });

  it('a download token is not an upload token, nor the other way round', async () => {
    const { r, start } = await startUpload('crossop');
    const bytes = random(100);
    expect((await postToStore(start.upload_url, bytes)).status).toBe(201);
    await postFields(`${r.base}/files/${start.file_id}/upload-complete`, r.owner.token, { file_size: 100 });
    const dl = await call('GET', `${r.base}/files/${start.file_id}/download-url`, { token: r.owner.token });
    const asUpload = dl.body.download_url.replace('/download/', '/upload/');
    expect((await postToStore(asUpload, random(100))).status).toBe(403);
    const up2 = await storage.store.createUploadUrl(objectPath(r.deal.id, start.file_id, 1), {
      expiresInSeconds: 60,
      resumableSeconds: 60,
      maxBytes: 10,
      contentType: 'application/octet-stream',
    });
    const asDownload = up2.url.replace('/upload/', '/download/');
    expect((await getFromStore(asDownload)).status).toBe(403);
    expect(sha256(readFileSync(join(blobDir, start.storage_path)))).toBe(sha256(bytes));
  });
});

describe('signed download URLs', () => {
  it('serve an attachment with an RFC 5987 name, nosniff and no caching', async () => {
    const r = await room('dlheaders');
    const up = await twoStep(r, r.owner, { filename: 'Résumé – final "v2".pdf', content_type: 'text/html', bytes: random(321) });
    const { bytes, headers, url } = await download(r, r.owner, up.fileId);
    expect(sha256(bytes)).toBe(sha256(up.bytes));
    expect(url.filename).toBe('Résumé – final "v2".pdf');
    // 15 minutes, plus a second for each MiB begun at 1 MiB/s (decision 45).
    expect(url.expires_in).toBe(15 * 60 + 1);
    const cd = headers.get('content-disposition')!;
    expect(cd).toMatch(/^attachment; /);
    expect(cd).toContain(`filename*=UTF-8''R%C3%A9sum%C3%A9%20%E2%80%93%20final%20%22v2%22.pdf`);
    const fallback = /filename="([^"]*)"/.exec(cd)![1];
    expect(fallback).toMatch(/^[\x20-\x7e]+$/);
    expect(fallback).toBe('Resume _ final _v2_.pdf');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('content-type')).toBe('text/html');
    expect(headers.get('content-length')).toBe('321');
    expect(headers.get('cache-control')).toBe('private, no-store');
    expect(headers.get('content-security-policy')).toContain('sandbox');
    // The API's own answers carry nosniff too.
    const api = await call('GET', `${r.base}/files/${up.fileId}/download-url`, { token: r.owner.token });
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a tampered or expired download URL is 403; a URL for deleted bytes is 404', async () => {
    const r = await room('dlbad');
    const up = await twoStep(r, r.owner, { filename: 'secret.txt' });
    const dl = await call('GET', `${r.base}/files/${up.fileId}/download`, { token: r.owner.token });
    expect(dl.status).toBe(200);
    expect(dl.body.filename).toBe('secret.txt');
    for (const part of ['payload', 'signature'] as const) {
      const res = await getFromStore(tamper(dl.body.download_url, part));
      expect(res.status).toBe(403);
      expect((await res.json()).detail).toBe('This link is not valid.');
    }
    const other = await twoStep(r, r.owner, { filename: 'other.txt' });
    const forged = await getFromStore(
      forge(dl.body.download_url, (c) => ({ ...c, key: objectPath(r.deal.id, other.fileId, 1) })),
    );
    expect(forged.status).toBe(403);
    const renamed = await getFromStore(forge(dl.body.download_url, (c) => ({ ...c, name: 'evil.html', type: 'text/html' })));
    expect(renamed.status).toBe(403);

    const expired = await storage.store.createDownloadUrl(up.start.storage_path, {
      filename: 'x',
      contentType: 'text/plain',
      expiresInSeconds: -1,
    });
    const res = await getFromStore(expired);
    expect(res.status).toBe(403);
    expect((await res.json()).detail).toBe('This link has expired.');

    expect((await call('DELETE', `${r.base}/files/${up.fileId}`, { token: r.owner.token })).status).toBe(200);
    const gone = await getFromStore(dl.body.download_url);
    expect(gone.status).toBe(404);
    expect((await gone.json()).detail).toBe('The file is no longer stored.');
  });

  it('each issued download URL is recorded as a download activity', async () => {
    const r = await room('dlact');
    const up = await twoStep(r, r.owner, { filename: 'count.txt' });
    await download(r, r.owner, up.fileId);
    await download(r, r.owner, up.fileId, 1);
    const rows = await activities(r.deal.id, 'download');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ description: 'Downloaded "count.txt"', user_id: r.owner.id });
    expect(rows[0].metadata).toMatchObject({ file_id: up.fileId, version: 1, path: '/' });
    const feed = await call('GET', `${r.base}/activity`, { token: r.owner.token });
    expect(feed.body.filter((a: any) => a.activity_type === 'download')).toHaveLength(2);
    expectError(await call('GET', `${r.base}/files/${up.fileId}/versions/2/download-url`, { token: r.owner.token }), 404);
    expect(await activities(r.deal.id, 'download')).toHaveLength(2);
  });
});
