// Downloads and HTTP (issue 34, decision 45): download URLs honour Range (206, 416, Accept-Ranges), carry
// the version's SHA-256 as a strong ETag (If-None-Match → 304, If-Range), resume in parts to the same
// bytes, including with `curl -C -`; file details carry an ETag too, and a stale If-Match is a 412.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { answerRange, parseRange } from '../../supabase/functions/_shared/http-range.ts';
import { downloadUrlSeconds } from '../../supabase/functions/_shared/routes/dataroom/common.ts';
import { blobDir, call, MAX_UPLOAD_BYTES, storage } from './helpers.ts';
import { expectError } from './expect.ts';
import { useLocalServer } from './local-server.ts';
import { member, postFields, postToStore, random, room, sha256, storePath, twoStep, type Room } from './dataroom-lib.ts';

const SIZE = 300_001;
let r: Room;
let up: Awaited<ReturnType<typeof twoStep>>;
let url: string;
let versionSha: string;

beforeAll(async () => {
  r = await room('ranges');
  up = await twoStep(r, r.owner, { filename: 'Data tape.bin', bytes: random(SIZE) });
  const dl = await call('GET', `${r.base}/files/${up.fileId}/download-url`, { token: r.owner.token });
  expect(dl.status).toBe(200);
  url = dl.body.download_url;
  const detail = await call('GET', `${r.base}/files/${up.fileId}`, { token: r.owner.token });
  versionSha = detail.body.versions[0].sha256;
  expect(versionSha).toBe(sha256(up.bytes));
});

const get = (headers: Record<string, string> = {}, method = 'GET', at = url) =>
  storage.routes.request(storePath(at), { method, headers });
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

describe('parseRange', () => {
  it.each([
    ['bytes=0-99', 1000, { start: 0, end: 99 }],
    ['bytes=990-', 1000, { start: 990, end: 999 }],
    ['bytes=-10', 1000, { start: 990, end: 999 }],
    ['bytes=-5000', 1000, { start: 0, end: 999 }],
    ['bytes=900-5000', 1000, { start: 900, end: 999 }],
    ['Bytes = 5-5', 1000, { start: 5, end: 5 }],
    ['bytes=0-0,', 1000, { start: 0, end: 0 }],
  ])('%s of %i bytes is %o', (header, size, range) => {
    expect(parseRange(header, size)).toEqual(range);
  });

  it.each([
    ['bytes=1000-', 1000],
    ['bytes=1000-2000', 1000],
    ['bytes=-0', 1000],
    ['bytes=0-', 0],
    ['bytes=-1', 0],
    ['bytes=2000-,3000-3001', 1000],
  ])('%s of %i bytes is unsatisfiable', (header, size) => {
    expect(parseRange(header, size)).toBe('unsatisfiable');
  });

  it.each([null, undefined, '', 'bytes=', 'bytes=-', 'bytes=5-1', 'bytes=a-b', 'items=0-1', 'bytes 0-1', 'bytes=0-1,5-9'])(
    '%s is no range to honour (the whole file answers)',
    (header) => {
      expect(parseRange(header, 1000)).toBeNull();
    },
  );

  it('answers 304 before looking at the range, and ignores a range under a stale If-Range', () => {
    const entity = { size: 10, etag: '"abc"' };
    expect(answerRange({ range: 'bytes=0-1', ifNoneMatch: 'W/"abc"' }, entity).status).toBe(304);
    expect(answerRange({ range: 'bytes=0-1', ifNoneMatch: '"other", "abc"' }, entity).status).toBe(304);
    expect(answerRange({ range: 'bytes=0-1', ifRange: '"abc"' }, entity)).toMatchObject({
      status: 206,
      range: { start: 0, end: 1 },
    });
    expect(answerRange({ range: 'bytes=0-1', ifRange: 'W/"abc"' }, entity).status).toBe(200);
    expect(answerRange({ range: 'bytes=0-1', ifRange: 'Wed, 21 Oct 2015 07:28:00 GMT' }, entity).status).toBe(200);
    expect(answerRange({ method: 'POST', range: 'bytes=0-1' }, entity).status).toBe(200);
  });
});

describe('download URLs honour Range', () => {
  it('a plain download says it accepts ranges and carries the version SHA-256 as a strong ETag', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toBe(`"${versionSha}"`);
    expect(res.headers.get('content-length')).toBe(String(SIZE));
    expect(sha256(await bytesOf(res))).toBe(versionSha);
  });

  it('a range is a 206 with Content-Range and exactly those bytes; so are an open and a suffix range', async () => {
    const res = await get({ range: 'bytes=100-199' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-199/${SIZE}`);
    expect(res.headers.get('content-length')).toBe('100');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toBe(`"${versionSha}"`);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await bytesOf(res)).toEqual(up.bytes.subarray(100, 200));

    const tail = await get({ range: `bytes=${SIZE - 7}-` });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${SIZE - 7}-${SIZE - 1}/${SIZE}`);
    expect(await bytesOf(tail)).toEqual(up.bytes.subarray(SIZE - 7));
    const suffix = await get({ range: 'bytes=-3' });
    expect(suffix.headers.get('content-range')).toBe(`bytes ${SIZE - 3}-${SIZE - 1}/${SIZE}`);
    expect(await bytesOf(suffix)).toEqual(up.bytes.subarray(SIZE - 3));
  });

  it('a range past the end is a 416 with Content-Range: bytes */size and a detail', async () => {
    const res = await get({ range: `bytes=${SIZE}-` });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${SIZE}`);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(await res.json()).toEqual({ detail: `The requested range is outside the file, which has ${SIZE} bytes.` });
  });

  it('several ranges or a malformed one answer the whole file (200)', async () => {
    for (const range of ['bytes=0-1,10-20', 'bytes=9-1', 'lines=1-2']) {
      const res = await get({ range });
      expect(res.status, range).toBe(200);
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(sha256(await bytesOf(res))).toBe(versionSha);
    }
  });

  it('a download resumed in parts adds up to the file: the SHA-256 of the parts equals the version', async () => {
    const cuts = [0, 1, 65_536, 65_537, 100_000, 250_000, SIZE - 1, SIZE];
    const parts: Uint8Array[] = [];
    for (let i = 0; i + 1 < cuts.length; i++) {
      const res = await get({ range: `bytes=${cuts[i]}-${cuts[i + 1] - 1}`, 'if-range': `"${versionSha}"` });
      expect(res.status).toBe(206);
      parts.push(await bytesOf(res));
    }
    expect(sha256(Buffer.concat(parts))).toBe(versionSha);
  });

  it('If-None-Match with the ETag is a 304 without a body; another tag gets the file', async () => {
    const res = await get({ 'if-none-match': `"${versionSha}"` });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe(`"${versionSha}"`);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect((await bytesOf(res)).length).toBe(0);
    expect((await get({ 'if-none-match': `W/"${versionSha}"`, range: 'bytes=0-0' })).status).toBe(304);
    expect((await get({ 'if-none-match': '"0000"' })).status).toBe(200);
  });

  it('If-Range with another tag (the client holds other bytes) answers the whole file', async () => {
    const res = await get({ range: 'bytes=10-19', 'if-range': '"not-these-bytes"' });
    expect(res.status).toBe(200);
    expect(sha256(await bytesOf(res))).toBe(versionSha);
  });

  it('HEAD answers the headers alone', async () => {
    const res = await get({ range: 'bytes=0-9' }, 'HEAD');
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 0-9/${SIZE}`);
    expect((await bytesOf(res)).length).toBe(0);
  });

  it('each version has its own ETag, the SHA-256 of its bytes', async () => {
    const v1 = await twoStep(r, r.owner, { filename: 'Plan.bin', bytes: random(3000) });
    const v2 = random(5000);
    const start = await call('POST', `${r.base}/files/${v1.fileId}/versions/upload-url`, {
      token: r.owner.token,
      body: { filename: 'Plan.bin', content_type: 'application/octet-stream' },
    });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect((await postToStore(start.body.upload_url, v2)).status).toBe(201);
    const done = await postFields(`${r.base}/files/${v1.fileId}/versions/upload-complete`, r.owner.token, {
      storage_path: start.body.storage_path,
      file_size: v2.length,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const first = await call('GET', `${r.base}/files/${v1.fileId}/versions/1/download-url`, { token: r.owner.token });
    const current = await call('GET', `${r.base}/files/${v1.fileId}/download-url`, { token: r.owner.token });
    expect((await get({}, 'HEAD', first.body.download_url)).headers.get('etag')).toBe(`"${sha256(v1.bytes)}"`);
    expect((await get({}, 'HEAD', current.body.download_url)).headers.get('etag')).toBe(`"${sha256(v2)}"`);
  });

  it('an expired URL is still refused, with or without a range', async () => {
    const expired = await storage.store.createDownloadUrl(up.start.storage_path, {
      filename: 'x.bin',
      contentType: 'application/octet-stream',
      expiresInSeconds: -1,
    });
    for (const headers of [{}, { range: 'bytes=100-' }] as Record<string, string>[]) {
      const res = await get(headers, 'GET', expired);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ detail: 'This link has expired.' });
    }
  });

  it('lives 15 minutes plus the file at 1 MiB/s, at most 2 hours', async () => {
    expect(downloadUrlSeconds(0)).toBe(900);
    expect(downloadUrlSeconds(2 * 1024 ** 3)).toBe(900 + 2048);
    expect(downloadUrlSeconds(5 * 1024 ** 3)).toBe(900 + 5120);
    expect(downloadUrlSeconds(10 * 1024 ** 3)).toBe(7200);
    const dl = await call('GET', `${r.base}/files/${up.fileId}/versions/1/download-url`, { token: r.owner.token });
    expect(dl.body.expires_in).toBe(downloadUrlSeconds(SIZE));
    const claim = JSON.parse(Buffer.from(dl.body.download_url.split('/').pop().split('.')[0], 'base64url').toString());
    expect(claim.exp - Date.now() / 1000).toBeGreaterThan(downloadUrlSeconds(SIZE) - 30);
  });
});

describe('a download longer than one read (1 MiB pieces)', () => {
  // The largest upload the tests allow (2 MiB) less 3 bytes: two pieces, the second a short one.
  const BIG = MAX_UPLOAD_BYTES - 3;
  let big: Awaited<ReturnType<typeof twoStep>>;
  let bigUrl: string;
  /** Files of the store this process holds open. */
  const openStoredFiles = () =>
    readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`).startsWith(blobDir);
      } catch {
        return false;
      }
    }).length;

  beforeAll(async () => {
    big = await twoStep(r, r.owner, { filename: 'Long tape.bin', bytes: random(BIG) });
    bigUrl = (await call('GET', `${r.base}/files/${big.fileId}/download-url`, { token: r.owner.token })).body.download_url;
  });

  it('comes whole, and a range across the pieces comes exact', async () => {
    const whole = await get({}, 'GET', bigUrl);
    expect(whole.headers.get('content-length')).toBe(String(BIG));
    expect(sha256(await bytesOf(whole))).toBe(sha256(big.bytes));
    const from = 1024 * 1024 - 5;
    const to = BIG - 2;
    const part = await get({ range: `bytes=${from}-${to}` }, 'GET', bigUrl);
    expect(part.status).toBe(206);
    expect(await bytesOf(part)).toEqual(big.bytes.subarray(from, to + 1));
  });

  it('a client that stops after the first piece leaves the file closed', async () => {
    const before = openStoredFiles();
    const res = await get({}, 'GET', bigUrl);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.value?.length).toBeGreaterThan(0);
    expect(openStoredFiles()).toBe(before + 1);
    await reader.cancel();
    await vi.waitFor(() => expect(openStoredFiles()).toBe(before));
  });
});

describe('curl -C - resumes a cut download', () => {
  const served = useLocalServer(() => new Hono().route('/storage/v1', storage.routes));

  // Asynchronously: the server answering curl runs in this process.
  const curl = async (args: string[]) => (await promisify(execFile)('curl', args, { encoding: 'utf8' })).stdout;

  it('continues from the bytes already on disk to the same SHA-256', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ranges-curl-'));
    const out = join(dir, 'tape.bin');
    writeFileSync(out, up.bytes.subarray(0, 123_457));
    const headers = await curl(['-sS', '-D', '-', '-C', '-', '-o', out, `${served.origin}${url}`]);
    expect(headers).toMatch(/^HTTP\/1\.1 206/);
    expect(headers).toContain(`bytes 123457-${SIZE - 1}/${SIZE}`);
    expect(sha256(readFileSync(out))).toBe(versionSha);
    // Asked again with the whole file on disk: 416, and curl leaves the file as it is.
    await curl(['-sS', '-C', '-', '-o', out, `${served.origin}${url}`]);
    expect(sha256(readFileSync(out))).toBe(versionSha);
  });
});

describe('file details carry an ETag; a stale If-Match is a 412', () => {
  it('If-None-Match with the ETag is a 304; after a change the ETag differs', async () => {
    const first = await call('GET', `${r.base}/files/${up.fileId}`, { token: r.owner.token });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"\d+-[0-9a-f]{32}"$/);
    const again = await call('GET', `${r.base}/files/${up.fileId}`, { token: r.owner.token, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    const weak = await call('GET', `${r.base}/files/${up.fileId}`, {
      token: r.owner.token,
      headers: { 'if-none-match': `W/${etag}` },
    });
    expect(weak.status).toBe(304);
    // An approval changes the answer but is not an edit: the ETag changes, If-Match with the old one still applies.
    expect(
      (await call('PUT', `${r.base}/files/${up.fileId}/approval`, { token: r.owner.token, body: { status: 'approved' } })).status,
    ).toBe(200);
    const changed = await call('GET', `${r.base}/files/${up.fileId}`, {
      token: r.owner.token,
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.approval_status).toBe('approved');
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.headers.get('etag')!.split('-')[0]).toBe(etag.split('-')[0]);
  });

  it('the answer depends on who asks: another member gets their own ETag', async () => {
    const viewer = await member(r, 'viewer', 'ranges-viewer');
    const mine = await call('GET', `${r.base}/files/${up.fileId}`, { token: r.owner.token });
    const theirs = await call('GET', `${r.base}/files/${up.fileId}`, {
      token: viewer.token,
      headers: { 'if-none-match': mine.headers.get('etag')! },
    });
    expect(theirs.status).toBe(200);
    expect(theirs.body.can_edit).toBe(false);
  });

  it('a stale If-Match is a 412 with a detail and the current file; a taken name stays a 409', async () => {
    const other = await twoStep(r, r.owner, { filename: 'Other.bin' });
    const loaded = await call('GET', `${r.base}/files/${other.fileId}`, { token: r.owner.token });
    const seen = loaded.headers.get('etag')!;
    const first = await call('PUT', `${r.base}/files/${other.fileId}`, {
      token: r.owner.token,
      body: { name: 'Other v2.bin' },
      headers: { 'if-match': seen },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const stale = await call('PUT', `${r.base}/files/${other.fileId}`, {
      token: r.owner.token,
      body: { name: 'Other v3.bin' },
      headers: { 'if-match': seen },
    });
    expectError(stale, 412, /^This file was changed by .* meanwhile\. Review the current details and make your change again\.$/);
    expect(stale.body.current).toMatchObject({ id: other.fileId, name: 'Other v2.bin' });
    const staleMeta = await call('PUT', `${r.base}/files/${other.fileId}/metadata`, {
      token: r.owner.token,
      body: { quick_summary: 'Old' },
      headers: { 'if-match': `"${loaded.body.edit_version}"` },
    });
    expectError(staleMeta, 412);
    const taken = await call('PUT', `${r.base}/files/${other.fileId}`, {
      token: r.owner.token,
      body: { name: 'Data tape.bin' },
      headers: { 'if-match': `"${first.body.edit_version}"` },
    });
    expectError(taken, 409, 'A file named "Data tape.bin" already exists in this folder');
  });
});
