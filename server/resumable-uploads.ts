import { Server } from '@tus/server';
import { isStorageFull, STORAGE_FULL } from '../supabase/functions/_shared/errors.ts';
import type { StoredObject } from '../supabase/functions/_shared/ports.ts';
import { DiskResumableStore } from './disk-resumable-store.ts';
import { TusError } from './tus-error.ts';

/** The part of an upload URL's signed claim the resumable endpoint needs. */
export interface ResumableClaim {
  key: string;
  /** Seconds since the epoch after which the upload is refused and swept. */
  exp: number;
  max: number;
  /** The URL's single-use nonce: it names the upload, so one grant is one upload. */
  n: string;
}

/**
 * A full disk ends the upload: its partial bytes are removed at once (kept, they would hold the space
 * for the grant's 24 hours), so HEAD answers 404 and a tus client creates the upload again.
 */
const UPLOAD_DISCARDED_STORAGE_FULL = `${STORAGE_FULL} What was sent of this upload was discarded: send the file again.`;

/**
 * The tus 1.0 endpoint of the embedded server (creation, creation-with-upload, termination), at the path
 * Supabase Storage serves it. Every request carries the upload URL's signed token as `x-signature`, as
 * Storage's signed resumable uploads do; `finish` moves the completed file to its storage key.
 */
export function resumableUploads(opts: {
  dir: string;
  path: string;
  /** Checks the token's signature and expiry; throws an error with `status` and `message` when refused. */
  verify: (token: string) => ResumableClaim;
  /** Whether the URL behind `nonce` was already used for a completed upload. */
  isUsed: (nonce: string) => Promise<boolean>;
  /** Moves the sealed file to `key` durably and marks the nonce used. */
  finish: (claim: ResumableClaim, sealed: StoredObject & { path: string }) => Promise<void>;
  log?: (message: string, err: unknown) => void;
}) {
  const store = new DiskResumableStore(opts.dir);

  const claimOf = (req: Request): ResumableClaim => {
    try {
      return opts.verify(req.headers.get('x-signature') ?? '');
    } catch (err) {
      const e = err as { status?: number; message?: string };
      throw new TusError(e.status ?? 403, e.message ?? 'This link is not valid.');
    }
  };

  const server = new Server({
    path: opts.path,
    datastore: store,
    relativeLocation: true,
    disableTerminationForFinishedUploads: true,
    allowedHeaders: ['x-signature'],
    namingFunction: (req) => claimOf(req).n,
    maxSize: (req) => claimOf(req).max,
    async onIncomingRequest(req, id) {
      const claim = claimOf(req);
      if (claim.n !== id) throw new TusError(403, 'This link is for another upload.');
      if (req.method === 'POST' && (await opts.isUsed(claim.n))) throw new TusError(403, 'This upload link was already used.');
    },
    async onUploadCreate(req, upload) {
      const claim = claimOf(req);
      return { metadata: { ...upload.metadata, storage_key: claim.key, expires: String(claim.exp) } };
    },
    async onUploadFinish(req, upload) {
      // A creation that carried every byte (creation-with-upload); chunks end in `patch` below.
      await finishUpload(claimOf(req), upload.id);
      return {};
    },
    async onResponseError(req, err) {
      if (err instanceof TusError) return { status_code: err.status_code, body: err.body };
      if (isStorageFull(err)) {
        let id: string | undefined;
        try {
          id = claimOf(req).n;
        } catch {
          /* no upload to discard */
        }
        await discard(id, err);
        return { status_code: 507, body: JSON.stringify({ detail: UPLOAD_DISCARDED_STORAGE_FULL }) };
      }
      const status = (err as { status_code?: number }).status_code ?? 500;
      if (status >= 500) {
        opts.log?.('a resumable upload failed', err);
        return { status_code: 500, body: JSON.stringify({ detail: 'The file could not be stored. Please try again.' }) };
      }
      const text = ((err as { body?: string }).body ?? (err as Error).message ?? '').trim();
      return { status_code: status, body: JSON.stringify({ detail: text }) };
    },
  });

  const discard = async (id: string | undefined, err: unknown) => {
    opts.log?.('a resumable upload failed: the disk is full; its partial bytes are removed', (err as Error).message);
    if (id) await store.remove(id).catch(() => {});
  };

  const finishUpload = async (claim: ResumableClaim, id: string) => {
    const sealed = await store.seal(id);
    await opts.finish(claim, sealed);
    await store.markDone(id);
  };

  // PATCHes of this process in flight, by upload: a second one at the same time is told to wait (423).
  const patching = new Map<string, Promise<unknown>>();

  /**
   * tus PATCH, served here rather than by @tus/server: the bytes are read straight from the request
   * (Node's own stream when there is one), without the Web-stream and pipeline stages that held chunked
   * uploads to two thirds of a single upload's speed. Same rules: offset must match (409), the
   * chunk may not pass the declared length (413), the last chunk seals the upload.
   */
  const patch = async (req: Request, id: string, body: AsyncIterable<Uint8Array> | null): Promise<Response> => {
    const answer = (status: number, extra: Record<string, string> = {}, detail?: string) =>
      new Response(detail === undefined ? null : JSON.stringify({ detail }), {
        status,
        headers: { 'Tus-Resumable': '1.0.0', 'Cache-Control': 'no-store', ...extra },
      });
    try {
      if (req.headers.get('tus-resumable') !== '1.0.0')
        return answer(412, { 'Tus-Version': '1.0.0' }, 'Send Tus-Resumable: 1.0.0.');
      const claim = claimOf(req);
      if (claim.n !== id) throw new TusError(403, 'This link is for another upload.');
      if (req.headers.get('content-type') !== 'application/offset+octet-stream')
        return answer(415, {}, 'Send the bytes as application/offset+octet-stream.');
      // Digits only: Number() would read "" as 0 and "1e1" or "0x10" as numbers.
      const offsetHeader = req.headers.get('upload-offset') ?? '';
      const offset = /^\d{1,16}$/.test(offsetHeader) ? Number(offsetHeader) : NaN;
      if (!Number.isSafeInteger(offset)) return answer(400, {}, 'Upload-Offset must be a whole number of bytes.');
      if (patching.has(id)) return answer(423, {}, 'Another request is sending bytes to this upload right now.');
      let done = () => {};
      patching.set(id, new Promise<void>((resolve) => (done = resolve)));
      try {
        const upload = await store.getUpload(id);
        const size = upload.size ?? 0;
        if (upload.offset !== offset) return answer(409, {}, `Upload-Offset is ${upload.offset}, not ${offset}.`);
        const declared = Number(req.headers.get('content-length') ?? NaN);
        if (declared > size - offset) return answer(413, {}, 'The chunk goes past the length declared for this upload.');
        const next = body && offset < size ? await store.writeBytes(body, id, offset, size - offset) : offset;
        if (next === size && (await store.info(id)).done !== true) await finishUpload(claim, id);
        return answer(204, { 'Upload-Offset': String(next) });
      } finally {
        patching.delete(id);
        done();
      }
    } catch (err) {
      if (err instanceof TusError) return answer(err.status_code, {}, err.message);
      const status = (err as { status_code?: number }).status_code;
      if (status === 404) return answer(404, {}, 'This upload does not exist or has expired.');
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || (err as Error).message === 'aborted')
        return answer(400, {}, 'The upload was interrupted; ask for the offset and go on.');
      if (isStorageFull(err)) {
        await discard(id, err);
        return answer(507, {}, UPLOAD_DISCARDED_STORAGE_FULL);
      }
      opts.log?.('a resumable upload failed', err);
      return answer(500, {}, 'The file could not be stored. Please try again.');
    }
  };

  /**
   * Every other tus request. A HEAD right after a dropped PATCH waits (briefly) for that PATCH to store
   * what it received, so the offset it reports is the one the next PATCH must send.
   */
  const handle = async (req: Request, id?: string): Promise<Response> => {
    const inFlight = id && req.method === 'HEAD' ? patching.get(id) : undefined;
    if (inFlight) {
      await Promise.race([inFlight, new Promise((resolve) => setTimeout(resolve, 2000))]);
      if (patching.has(id!))
        return new Response(null, { status: 423, headers: { 'Tus-Resumable': '1.0.0', 'Cache-Control': 'no-store' } });
    }
    return server.handleWeb(req);
  };

  return { handle, patch, removeExpired: () => store.removeExpired() };
}
