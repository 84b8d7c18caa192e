import { mkdir, open, readFile, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { contentDisposition } from '../supabase/functions/_shared/content-disposition.ts';
import { HttpError, isStorageFull, STORAGE_FULL } from '../supabase/functions/_shared/errors.ts';
import { answerRange, rangeNotSatisfiable, strongEtag } from '../supabase/functions/_shared/http-range.ts';
import { boundaryOf, bytesOf, readMultipart, type ByteSource } from '../supabase/functions/_shared/multipart.ts';
import type { BlobStore, StoredObject } from '../supabase/functions/_shared/ports.ts';
import type { resumableUploads } from './resumable-uploads.ts';
import type { DownloadClaim, UploadClaim } from './signed-tokens.ts';

// Multipart framing around the file: allowed on top of maxBytes in the Content-Length pre-check.
const FORM_OVERHEAD = 64 * 1024;
// Reads of a download in 1 MiB pieces rather than fs streams' 64 KiB: fewer reads and turns of the event loop.
const DOWNLOAD_CHUNK_BYTES = 1024 * 1024;

/**
 * Bytes `start` to `end` (inclusive) of an open file as a web stream, one piece read ahead, the file
 * closed at the end or when the client goes. Not `Readable.toWeb` of a read stream: its adapter copies
 * every chunk (to detach it from Buffer's pool, which pieces this large never come from), 9 % of the
 * server's time while it served downloads (decision 69).
 */
function fileBytes(handle: FileHandle, start: number, end: number): ReadableStream<Uint8Array> {
  let position = start;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close().catch(() => {});
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const want = Math.min(DOWNLOAD_CHUNK_BYTES, end + 1 - position);
        const { bytesRead, buffer } = await handle.read(Buffer.allocUnsafe(want), 0, want, position);
        // Shorter than its recorded size: the answer's Content-Length cannot be kept, so the stream fails.
        if (bytesRead === 0) throw new Error('The stored file ended before its recorded size.');
        position += bytesRead;
        controller.enqueue(bytesRead === want ? buffer : buffer.subarray(0, bytesRead));
        if (position > end) {
          await close();
          controller.close();
        }
      } catch (err) {
        await close();
        controller.error(err);
      }
    },
    cancel: close,
  });
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
 * The URLs the disk blob store hands out, mounted at its `basePath` by the embedded server: the tus
 * endpoint, the single-request upload and the download.
 */
export function blobRoutes(opts: {
  store: BlobStore;
  resumable: ReturnType<typeof resumableUploads>;
  verify: <T extends { exp: number; op: string }>(token: string, op: T['op']) => T;
  pathOf: (key: string) => string;
  /** Where the used-URL markers and attempt locks are kept. */
  nonceDir: string;
  isUsed: (nonce: string) => Promise<boolean>;
  /** Upload-URL attempt locks held by requests of this process. */
  activeLocks: Set<string>;
}) {
  const { store, resumable, verify, pathOf, nonceDir, isUsed, activeLocks } = opts;
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
    if (c.req.method === 'HEAD' || !range) return new Response(null, { status: answer.status, headers });
    const handle = await open(target, 'r').catch(() => {
      throw new HttpError(404, 'The file is no longer stored.');
    });
    return new Response(fileBytes(handle, range.start, range.end), { status: answer.status, headers });
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

  return routes;
}
