import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { contentDisposition } from '../supabase/functions/_shared/content-disposition.ts';
import { HttpError, isStorageFull, STORAGE_FULL } from '../supabase/functions/_shared/errors.ts';
import { answerRange, rangeNotSatisfiable, strongEtag } from '../supabase/functions/_shared/http-range.ts';
import { boundaryOf, bytesOf, readMultipart, type ByteSource } from '../supabase/functions/_shared/multipart.ts';
import type { BlobStore, StoredObject } from '../supabase/functions/_shared/ports.ts';
import { batchedWriter, syncDirectory } from './file-writes.ts';
import { resumableUploads } from './resumable-uploads.ts';

// A version's bytes, the PDF an Office version was converted to (`v<n>.pdf`, decision 50), or a ZIP
// export's archive (decision 48).
const KEY_RE = /^deals\/[0-9a-f-]{36}\/(files\/[0-9a-f-]{36}\/v[1-9][0-9]{0,5}(\.pdf)?|exports\/[0-9a-f-]{36}\.zip)$/;
// Multipart framing around the file: allowed on top of maxBytes in the Content-Length pre-check.
const FORM_OVERHEAD = 64 * 1024;
// Chunks of a resumable upload: one PATCH each; a dropped connection costs at most the one in flight.
export const RESUMABLE_CHUNK_BYTES = 50 * 1024 * 1024;
// Reads of a download in 1 MiB pieces rather than fs streams' 64 KiB: fewer reads and turns of the event loop.
const DOWNLOAD_CHUNK_BYTES = 1024 * 1024;

interface UploadClaim {
  op: 'up';
  key: string;
  exp: number;
  max: number;
  n: string;
}
interface DownloadClaim {
  op: 'down';
  key: string;
  exp: number;
  name: string;
  type: string;
}

/**
 * The request body, read straight from Node's request when nothing has turned it into a Web stream yet:
 * that conversion cost as much CPU as hashing the upload. Stopping early leaves the request to the Node
 * server, which drains it after the answer (a 413 reaches the client instead of a reset connection).
 * Elsewhere (tests through app.request), the Web body.
 */
function requestBytes(c: Context): ByteSource | null {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming && !incoming.readableDidRead && incoming.listenerCount('data') === 0) {
    return { [Symbol.asyncIterator]: () => incoming.iterator({ destroyOnReturn: false }) };
  }
  return c.req.raw.body;
}

/**
 * The embedded blob store: files under `dir`, written by streaming to a temporary file and renamed
 * into place, behind HMAC-signed URLs that expire (uploads also single use).
 */
export function diskBlobStore(opts: { dir: string; secret: string; basePath?: string }) {
  const { dir, secret } = opts;
  const basePath = opts.basePath ?? '/storage/v1';
  const nonceDir = join(dir, '.used-upload-urls');
  // Temporary files of uploads this process is writing now; any other `*.part-*` is a crash's leftover.
  const liveTemps = new Set<string>();
  // Upload-URL attempt locks held by requests of this process.
  const activeLocks = new Set<string>();

  const pathOf = (key: string): string => {
    if (!KEY_RE.test(key)) throw new Error(`Refusing a storage key that is not ours: ${key}`);
    return join(dir, ...key.split('/'));
  };

  const sign = (payload: object): string => {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    const mac = createHmac('sha256', secret).update(body).digest('base64url');
    return `${body}.${mac}`;
  };

  const verify = <T extends { exp: number; op: string }>(token: string, op: T['op']): T => {
    const [body, mac] = token.split('.');
    if (!body || !mac) throw new HttpError(403, 'This link is not valid.');
    const expected = createHmac('sha256', secret).update(body).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new HttpError(403, 'This link is not valid.');
    const claim = JSON.parse(Buffer.from(body, 'base64url').toString()) as T;
    if (claim.op !== op) throw new HttpError(403, 'This link is not valid.');
    if (claim.exp < Date.now() / 1000) throw new HttpError(403, 'This link has expired.');
    return claim;
  };

  const store: BlobStore = {
    async createUploadUrl(key, { expiresInSeconds, resumableSeconds, maxBytes, contentType }) {
      pathOf(key);
      const now = Math.floor(Date.now() / 1000);
      // One nonce for both ways: whichever completes first uses the grant up.
      const nonce = randomBytes(16).toString('hex');
      const single: UploadClaim = { op: 'up', key, exp: now + expiresInSeconds, max: maxBytes, n: nonce };
      const resumable: UploadClaim = { ...single, exp: now + resumableSeconds };
      return {
        url: `${basePath}/upload/${sign(single)}`,
        fields: {},
        expiresAt: new Date(single.exp * 1000),
        resumable: {
          endpoint: `${basePath}/upload/resumable`,
          headers: { 'x-signature': sign(resumable) },
          withAccessToken: false,
          metadata: { contentType },
          chunkSize: RESUMABLE_CHUNK_BYTES,
          expiresAt: new Date(resumable.exp * 1000),
        },
      };
    },

    async createDownloadUrl(key, { filename, contentType, expiresInSeconds }) {
      pathOf(key);
      const claim: DownloadClaim = {
        op: 'down',
        key,
        exp: Math.floor(Date.now() / 1000) + expiresInSeconds,
        name: filename,
        type: contentType,
      };
      return `${basePath}/download/${sign(claim)}`;
    },

    async put(key, body, { maxBytes }) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const temp = `${target}.part-${randomBytes(6).toString('hex')}`;
      const hash = createHash('sha256');
      liveTemps.add(temp);
      let file: FileHandle;
      try {
        file = await open(temp, 'wx');
      } catch (err) {
        liveTemps.delete(temp);
        throw err;
      }
      // Batched writes: 64 KiB socket chunks written one by one held uploads to a third of the disk's speed.
      const writer = batchedWriter(file);
      let size = 0;
      try {
        for await (const value of body) {
          size += value.length;
          if (size > maxBytes) throw new HttpError(413, `The file is larger than the limit of ${maxBytes} bytes.`);
          hash.update(value);
          await writer.push(value);
        }
        await writer.finish();
        // Durable before it is acknowledged: the version row that follows names these bytes and their digest.
        await file.datasync();
        await file.close();
        const stored: StoredObject = { size, sha256: hash.digest('hex') };
        await writeFile(`${target}.meta.json`, JSON.stringify(stored), { flush: true });
        await rename(temp, target);
        await syncDirectory(dirname(target));
        return stored;
      } catch (err) {
        await writer.abandon(false);
        await file.close().catch(() => {});
        await rm(temp, { force: true });
        throw err;
      } finally {
        liveTemps.delete(temp);
      }
    },

    async stat(key) {
      const target = pathOf(key);
      try {
        const info = await stat(target);
        const meta = JSON.parse(await readFile(`${target}.meta.json`, 'utf8')) as StoredObject;
        return meta.size === info.size ? meta : undefined;
      } catch {
        return undefined;
      }
    },

    async read(key, maxBytes) {
      const target = pathOf(key);
      let handle: FileHandle | undefined;
      try {
        handle = await open(target, 'r');
        const size = (await handle.stat()).size;
        const buffer = new Uint8Array(Math.min(size, maxBytes));
        let offset = 0;
        while (offset < buffer.length) {
          const { bytesRead } = await handle.read(buffer, offset, buffer.length - offset, offset);
          if (bytesRead === 0) break;
          offset += bytesRead;
        }
        return buffer.subarray(0, offset);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      } finally {
        await handle?.close();
      }
    },

    async stream(key, range) {
      const target = pathOf(key);
      try {
        // Opened now, so a missing file is undefined here rather than an error halfway through an archive.
        const handle = await open(target, 'r');
        return handle.createReadStream({ highWaterMark: 256 * 1024, ...range });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },

    async delete(keys) {
      for (const key of keys) {
        const target = pathOf(key);
        await rm(target, { force: true });
        await rm(`${target}.meta.json`, { force: true });
      }
    },
  };

  const isUsed = (nonce: string) =>
    stat(join(nonceDir, nonce)).then(
      () => true,
      () => false,
    );

  const resumable = resumableUploads({
    dir: join(dir, '.resumable'),
    path: `${basePath}/upload/resumable`,
    verify: (token) => verify<UploadClaim>(token, 'up'),
    isUsed,
    async finish(claim, sealed) {
      const target = pathOf(claim.key);
      // The single-request URL of the same grant may have stored it first: never overwrite stored bytes.
      if (await isUsed(claim.n)) throw new HttpError(403, 'This upload link was already used.');
      await mkdir(dirname(target), { recursive: true });
      await writeFile(`${target}.meta.json`, JSON.stringify({ size: sealed.size, sha256: sealed.sha256 }), { flush: true });
      await rename(sealed.path, target);
      await syncDirectory(dirname(target));
      await mkdir(nonceDir, { recursive: true });
      await writeFile(join(nonceDir, claim.n), '', { flush: true });
    },
    log: (message, err) => console.error(`[storage] ${message}`, err),
  });

  /** The URLs the store hands out, mounted at `basePath` by the embedded server. */
  const routes = new Hono();

  // tus: creation at the endpoint, then HEAD, PATCH and DELETE on the upload's own URL.
  routes.all('/upload/resumable', (c) => resumable.handle(c.req.raw));
  routes.patch('/upload/resumable/:id', (c) => {
    const body = requestBytes(c);
    return resumable.patch(c.req.raw, c.req.param('id'), body && bytesOf(body));
  });
  routes.all('/upload/resumable/:id', (c) => resumable.handle(c.req.raw, c.req.param('id')));

  routes.post('/upload/:token', async (c) => {
    const claim = verify<UploadClaim>(c.req.param('token'), 'up');
    const declared = Number(c.req.header('content-length') ?? NaN);
    if (declared > claim.max + FORM_OVERHEAD) {
      return c.json({ detail: `The file is larger than the limit of ${claim.max} bytes.` }, 413);
    }
    const boundary = boundaryOf(c.req.header('content-type'));
    // Single use, but a failed attempt does not burn the URL: an attempt holds `<nonce>.lock` while it
    // runs (a second attempt meanwhile gets 409), a success turns it into the permanent `<nonce>`
    // marker (a replay gets 403), a failure removes it so the browser can try again.
    await mkdir(nonceDir, { recursive: true });
    const used = join(nonceDir, claim.n);
    const lock = `${used}.lock`;
    if (await isUsed(claim.n)) throw new HttpError(403, 'This upload link was already used.');
    try {
      const handle = await open(lock, 'wx');
      await handle.close();
    } catch {
      throw new HttpError(409, 'This upload link is being used by another upload right now.');
    }
    activeLocks.add(lock);
    let stored: StoredObject | undefined;
    try {
      // The whole form is read before answering: a request abandoned halfway drops the connection on Node.
      for await (const part of readMultipart(requestBytes(c), boundary)) {
        if (part.kind !== 'file' || stored) continue;
        stored = await store.put(claim.key, part.bytes, { maxBytes: claim.max, contentType: part.contentType });
      }
      if (!stored) throw new HttpError(400, 'The form has no file.');
      await rename(lock, used);
    } catch (err) {
      await rm(lock, { force: true });
      throw err;
    } finally {
      activeLocks.delete(lock);
    }
    return c.json({ key: claim.key, size: stored.size }, 201);
  });

  // Downloads honour Range, If-Range and If-None-Match (decision 45): a cut download resumes where it
  // stopped, within the URL's life, and the ETag is the SHA-256 the store recorded for the bytes.
  routes.get('/download/:token', async (c) => {
    const claim = verify<DownloadClaim>(c.req.param('token'), 'down');
    const target = pathOf(claim.key);
    let size: number;
    try {
      size = (await stat(target)).size;
    } catch {
      throw new HttpError(404, 'The file is no longer stored.');
    }
    const meta = await readFile(`${target}.meta.json`, 'utf8').then(
      (text) => JSON.parse(text) as StoredObject,
      () => undefined,
    );
    const etag = meta?.size === size ? strongEtag(meta.sha256) : undefined;
    const answer = answerRange(
      {
        method: c.req.method,
        range: c.req.header('range'),
        ifRange: c.req.header('if-range'),
        ifNoneMatch: c.req.header('if-none-match'),
      },
      { size, etag },
    );
    const headers: Record<string, string> = {
      ...answer.headers,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    };
    if (answer.status === 416) return c.json({ detail: rangeNotSatisfiable(size) }, 416, headers);
    if (answer.status === 304) return new Response(null, { status: 304, headers });
    headers['Content-Type'] = claim.type || 'application/octet-stream';
    headers['Content-Disposition'] = contentDisposition(claim.name);
    // HEAD (which Hono answers through this handler) opens nothing.
    const { range } = answer;
    const body =
      c.req.method === 'HEAD' || !range
        ? null
        : (Readable.toWeb(
            createReadStream(target, { start: range.start, end: range.end, highWaterMark: DOWNLOAD_CHUNK_BYTES }),
          ) as unknown as ReadableStream);
    return new Response(body, { status: answer.status, headers });
  });

  routes.onError((err, c) => {
    if (err instanceof HttpError) return c.json({ detail: err.message }, err.status as 400);
    if (isStorageFull(err)) {
      // put() has removed what was written; a retry cannot succeed until space is freed.
      console.warn('[storage] an upload failed: the disk is full');
      return c.json({ detail: STORAGE_FULL }, 507);
    }
    if ((err as NodeJS.ErrnoException).code === 'ECONNRESET') {
      // The client went away mid-upload: nothing was stored and nobody is left to answer.
      console.info('[storage] an upload was abandoned by the client; nothing was stored');
      return c.json({ detail: 'The upload was interrupted.' }, 400);
    }
    console.error('[storage] unexpected error', err);
    return c.json({ detail: 'The file could not be stored. Please try again.' }, 500);
  });

  /** Used-URL markers outlive their URL by nothing: drop those older than the longest URL lifetime. */
  const pruneUsedUploadUrls = async (maxAgeSeconds: number): Promise<number> => {
    let removed = 0;
    let names: string[];
    try {
      names = await readdir(nonceDir);
    } catch {
      return 0;
    }
    const cutoff = Date.now() - maxAgeSeconds * 1000;
    for (const name of names) {
      const path = join(nonceDir, name);
      try {
        if ((await stat(path)).mtimeMs < cutoff) {
          await rm(path, { force: true });
          removed++;
        }
      } catch {
        /* already gone */
      }
    }
    return removed;
  };

  /**
   * Removes what a crash leaves behind: temporary files of uploads no longer being written, attempt
   * locks of upload URLs no request holds, and resumable uploads past their grant's expiry. Safe at
   * any time; at start nothing is live.
   */
  const removeOrphanTemps = async (): Promise<{ files: number; bytes: number }> => {
    let { files, bytes } = await resumable.removeExpired();
    let entries: string[];
    try {
      entries = (await readdir(dir, { recursive: true })) as string[];
    } catch {
      return { files, bytes };
    }
    for (const entry of entries) {
      const path = join(dir, entry);
      const orphanTemp = /\.part-[0-9a-f]{12}$/.test(entry) && !liveTemps.has(path);
      const orphanLock = entry.startsWith('.used-upload-urls') && entry.endsWith('.lock') && !activeLocks.has(path);
      if (!orphanTemp && !orphanLock) continue;
      try {
        bytes += (await stat(path)).size;
        await rm(path, { force: true });
        files++;
      } catch {
        /* gone meanwhile */
      }
    }
    return { files, bytes };
  };

  return { store, routes, pruneUsedUploadUrls, removeOrphanTemps };
}
