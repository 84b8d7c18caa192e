/**
 * The embedded store's signed URLs over real HTTP, as `npm start` serves them: the upload is read
 * straight from Node's request (not through `app.request`), so its streaming, limits and clean-up are
 * checked here on a real socket.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventually, newKey, sha256, useStoreServer } from './store-server.ts';

const LIMIT = 1024 * 1024;
const BOUNDARY = 'http-test-boundary';
const served = useStoreServer('store-http');
const { dir, storage } = served;

const uploadUrl = async (key: string) =>
  (
    await storage.store.createUploadUrl(key, {
      expiresInSeconds: 60,
      resumableSeconds: 60,
      maxBytes: LIMIT,
      contentType: 'application/octet-stream',
    })
  ).url;

/** Every file under the store's folder for `key`'s file, temporary ones included. */
function filesOf(key: string): string[] {
  const folder = join(dir, ...key.split('/').slice(0, -1));
  try {
    return readdirSync(folder, { recursive: true })
      .map((p) =>
        relative(folder, join(folder, String(p)))
          .split(sep)
          .join('/'),
      )
      .sort();
  } catch {
    return [];
  }
}

const formHead = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
);
const formTail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

interface Sent {
  status: number;
  body: string;
  error?: string;
}

/**
 * Posts `file` as a multipart form in pieces of `piece` bytes. `declareLength: false` sends it chunked
 * (no Content-Length, so only the streaming check can stop it); `abortAfter` drops the connection then.
 */
function post(
  url: string,
  file: Uint8Array,
  opts: { piece?: number; declareLength?: boolean; abortAfter?: number; delayMs?: number } = {},
): Promise<Sent> {
  const piece = opts.piece ?? 64 * 1024;
  const body = Buffer.concat([formHead, file, formTail]);
  const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
  if (opts.declareLength !== false) headers['content-length'] = String(body.length);
  return new Promise((resolve) => {
    let settled = false;
    const done = (sent: Sent) => {
      if (!settled) {
        settled = true;
        resolve(sent);
      }
    };
    const req = request(`${served.origin}${url}`, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', (err) => done({ status: 0, body: '', error: err.message }));
    let at = 0;
    const writeMore = () => {
      while (at < body.length) {
        if (opts.abortAfter !== undefined && at >= opts.abortAfter) {
          req.destroy();
          setTimeout(() => done({ status: 0, body: '', error: 'aborted by the client' }), 50);
          return;
        }
        const chunk = body.subarray(at, at + piece);
        at += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', writeMore);
        // A slow sender, so a test can act while this upload is under way.
        if (opts.delayMs) return void setTimeout(writeMore, opts.delayMs);
      }
      req.end();
    };
    writeMore();
  });
}

const attemptLocksLeft = () => {
  try {
    return readdirSync(join(dir, '.used-upload-urls')).some((name) => name.endsWith('.lock'));
  } catch {
    return false;
  }
};

/** Posts until the store no longer says another attempt holds the URL (a dropped one releases it asynchronously). */
async function eventuallyPost(url: string, file: Uint8Array, opts: { declareLength?: boolean } = {}): Promise<Sent> {
  for (let i = 0; i < 60; i++) {
    const sent = await post(url, file, opts);
    if (sent.status !== 409) return sent;
    await new Promise((r) => setTimeout(r, 50));
  }
  return post(url, file, opts);
}

describe('embedded store over HTTP', () => {
  it('stores an upload sent in uneven pieces byte for byte, with its size and sha256', async () => {
    const key = newKey();
    const file = new Uint8Array(randomBytes(LIMIT - 10));
    const sent = await post(await uploadUrl(key), file, { piece: 4093 });
    expect(sent.status, sent.body).toBe(201);
    expect(JSON.parse(sent.body)).toEqual({ key, size: file.length });
    expect(sha256(readFileSync(join(dir, key)))).toBe(sha256(file));
    expect(await storage.store.stat(key)).toEqual({ size: file.length, sha256: sha256(file) });
    expect(filesOf(key)).toEqual(['v1', 'v1.meta.json']);
  });

  it('answers the same URL a second time with 403 and keeps the first bytes', async () => {
    const key = newKey();
    const url = await uploadUrl(key);
    const first = new Uint8Array(randomBytes(5000));
    expect((await post(url, first)).status).toBe(201);
    const replay = await post(url, new Uint8Array(randomBytes(6000)));
    expect(replay.status).toBe(403);
    expect(JSON.parse(replay.body)).toEqual({ detail: 'This upload link was already used.' });
    expect(sha256(readFileSync(join(dir, key)))).toBe(sha256(first));
  });

  it('stops an upload past the limit while streaming: the client reads a 413 and nothing is left', async () => {
    const key = newKey();
    const sent = await post(await uploadUrl(key), new Uint8Array(randomBytes(3 * LIMIT)), { declareLength: false });
    expect(sent.status, sent.error).toBe(413);
    expect(JSON.parse(sent.body)).toEqual({ detail: `The file is larger than the limit of ${LIMIT} bytes.` });
    expect(filesOf(key)).toEqual([]);
  });

  it('refuses a declared length past the limit before reading, with a 413', async () => {
    const key = newKey();
    const sent = await post(await uploadUrl(key), new Uint8Array(randomBytes(2 * LIMIT)));
    expect(sent.status, sent.error).toBe(413);
    expect(filesOf(key)).toEqual([]);
  });

  it('leaves nothing behind when the client drops the connection halfway', async () => {
    const key = newKey();
    const sent = await post(await uploadUrl(key), new Uint8Array(randomBytes(LIMIT - 10)), { abortAfter: LIMIT / 2 });
    expect(sent.status).toBe(0);
    expect(await eventually(() => filesOf(key).length === 0)).toBe(true);
  });

  it('lets a URL be tried again after a failed attempt, until one attempt succeeds', async () => {
    const key = newKey();
    const url = await uploadUrl(key);
    const dropped = await post(url, new Uint8Array(randomBytes(LIMIT - 10)), { abortAfter: LIMIT / 2 });
    expect(dropped.status).toBe(0);
    expect(await eventually(() => filesOf(key).length === 0 && !attemptLocksLeft())).toBe(true);
    const tooBig = await eventuallyPost(url, new Uint8Array(randomBytes(3 * LIMIT)), { declareLength: false });
    expect(tooBig.status).toBe(413);
    const file = new Uint8Array(randomBytes(4096));
    const retried = await eventuallyPost(url, file);
    expect(retried.status, retried.body).toBe(201);
    expect(sha256(readFileSync(join(dir, key)))).toBe(sha256(file));
    const replay = await post(url, new Uint8Array(randomBytes(10)));
    expect(replay.status).toBe(403);
    expect(sha256(readFileSync(join(dir, key)))).toBe(sha256(file));
  });

  it('answers 409 to a second attempt while the first is still sending, and the first completes', async () => {
    const key = newKey();
    const url = await uploadUrl(key);
    const file = new Uint8Array(randomBytes(LIMIT - 100));
    const slow = post(url, file, { piece: 4096, delayMs: 2 });
    await eventually(() => filesOf(key).some((f) => f.includes('.part-')));
    const second = await post(url, new Uint8Array(randomBytes(10)));
    expect(second.status).toBe(409);
    expect(JSON.parse(second.body)).toEqual({ detail: 'This upload link is being used by another upload right now.' });
    expect((await slow).status).toBe(201);
    expect(sha256(readFileSync(join(dir, key)))).toBe(sha256(file));
  });

  it('removes temporary files and attempt locks a crash left behind, never those of a live upload', async () => {
    const key = newKey();
    const folder = join(dir, ...key.split('/').slice(0, -1));
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'v1.part-0123456789ab'), randomBytes(1000));
    mkdirSync(join(dir, '.used-upload-urls'), { recursive: true });
    const staleLock = join(dir, '.used-upload-urls', `${'f'.repeat(32)}.lock`);
    writeFileSync(staleLock, '');
    const liveKey = newKey();
    const live = post(await uploadUrl(liveKey), new Uint8Array(randomBytes(LIMIT - 100)), { piece: 4096, delayMs: 2 });
    await eventually(() => filesOf(liveKey).some((f) => f.includes('.part-')));
    const removed = await storage.removeOrphanTemps();
    expect(removed.files).toBe(2);
    expect(removed.bytes).toBe(1000);
    expect(filesOf(key)).toEqual([]);
    expect(existsSync(staleLock)).toBe(false);
    expect((await live).status).toBe(201);
    expect(filesOf(liveKey)).toEqual(['v1', 'v1.meta.json']);
  });

  it('serves the stored bytes back through a download URL', async () => {
    const key = newKey();
    const file = new Uint8Array(randomBytes(300_000));
    expect((await post(await uploadUrl(key), file)).status).toBe(201);
    const url = await storage.store.createDownloadUrl(key, {
      filename: 'Résumé.pdf',
      contentType: 'application/pdf',
      expiresInSeconds: 60,
    });
    const res = await fetch(`${served.origin}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Resume.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9.pdf`,
    );
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(file));
  });
});
