import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { DataStore, ERRORS, Server, Upload } from '@tus/server';
import { isStorageFull, STORAGE_FULL } from '../supabase/functions/_shared/errors.ts';
import type { StoredObject } from '../supabase/functions/_shared/ports.ts';
import { batchedWriter } from './file-writes.ts';

/** The part of an upload URL's signed claim the resumable endpoint needs. */
export interface ResumableClaim {
  key: string;
  /** Seconds since the epoch after which the upload is refused and swept. */
  exp: number;
  max: number;
  /** The URL's single-use nonce: it names the upload, so one grant is one upload. */
  n: string;
}

interface UploadInfo {
  size: number;
  key: string;
  exp: number;
  creation_date: string;
  done?: boolean;
}

const ID_RE = /^[0-9a-f]{32}$/;

/**
 * A full disk ends the upload: its partial bytes are removed at once (kept, they would hold the space
 * for the grant's 24 hours), so HEAD answers 404 and a tus client creates the upload again.
 */
const UPLOAD_DISCARDED_STORAGE_FULL = `${STORAGE_FULL} What was sent of this upload was discarded: send the file again.`;

class TusError extends Error {
  constructor(
    readonly status_code: number,
    detail: string,
  ) {
    super(detail);
  }
  // @tus/server sends `body` as is: the product's error shape (docs/architecture.md "Errors").
  get body(): string {
    return JSON.stringify({ detail: this.message });
  }
}

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The tus data store of the embedded server: each upload is a file under `dir` written in place at the
 * offsets the client sends, beside a small JSON record. Bytes are hashed on the way while the PATCHes
 * follow each other in one process; after a restart the digest is computed from the file at the end.
 */
class DiskResumableStore extends DataStore {
  /** Running SHA-256 per upload, valid while `offset` matches the bytes written. */
  private readonly digests = new Map<string, { hash: Hash; offset: number }>();

  constructor(private readonly dir: string) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'termination'];
  }

  dataPath(id: string): string {
    if (!ID_RE.test(id)) throw ERRORS.FILE_NOT_FOUND;
    return join(this.dir, id);
  }

  infoPath(id: string): string {
    return `${this.dataPath(id)}.json`;
  }

  async info(id: string): Promise<UploadInfo> {
    try {
      return JSON.parse(await readFile(this.infoPath(id), 'utf8')) as UploadInfo;
    } catch {
      throw ERRORS.FILE_NOT_FOUND;
    }
  }

  async saveInfo(id: string, info: UploadInfo): Promise<void> {
    await writeFile(this.infoPath(id), JSON.stringify(info), { flush: true });
  }

  override async create(upload: Upload): Promise<Upload> {
    await mkdir(this.dir, { recursive: true });
    const meta = upload.metadata ?? {};
    const info: UploadInfo = {
      size: upload.size ?? 0,
      key: String(meta.storage_key),
      exp: Number(meta.expires),
      creation_date: new Date().toISOString(),
    };
    // A second creation with the same grant (a client retrying its POST) starts the upload over.
    await writeFile(this.dataPath(upload.id), new Uint8Array(0), { flush: true });
    await this.saveInfo(upload.id, info);
    this.digests.set(upload.id, { hash: createHash('sha256'), offset: 0 });
    upload.creation_date = info.creation_date;
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const info = await this.info(id);
    let offset = info.size;
    if (!info.done) {
      try {
        offset = (await stat(this.dataPath(id))).size;
      } catch {
        throw ERRORS.FILE_NOT_FOUND;
      }
    }
    return new Upload({ id, size: info.size, offset, creation_date: info.creation_date, metadata: { storage_key: info.key } });
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    return this.writeBytes(stream as AsyncIterable<Uint8Array>, id, offset, Number.POSITIVE_INFINITY);
  }

  /** Writes `body` at `offset`; past `maxBytes` it fails with 413, keeping what was written before. */
  async writeBytes(body: AsyncIterable<Uint8Array>, id: string, offset: number, maxBytes: number): Promise<number> {
    const file = await open(this.dataPath(id), 'r+');
    const running = this.digests.get(id);
    const digest = running && running.offset === offset ? running : undefined;
    if (!digest) this.digests.delete(id);
    const writer = batchedWriter(file, offset);
    let received = 0;
    try {
      for await (const bytes of body) {
        received += bytes.length;
        if (received > maxBytes) throw new TusError(413, 'The chunk goes past the length declared for this upload.');
        digest?.hash.update(bytes);
        await writer.push(bytes);
      }
      await writer.finish();
      if (digest) digest.offset = offset + received;
      return offset + received;
    } catch (err) {
      // What arrived stays (the client resumes from HEAD's offset); the running digest cannot follow.
      await writer.abandon(true);
      this.digests.delete(id);
      throw err;
    } finally {
      await file.close();
    }
  }

  /** Makes the finished upload durable and returns its size and digest; the caller moves the file into place. */
  async seal(id: string): Promise<StoredObject & { path: string }> {
    const path = this.dataPath(id);
    const handle = await open(path, 'r+');
    let size: number;
    try {
      await handle.datasync();
      size = (await handle.stat()).size;
    } finally {
      await handle.close();
    }
    const running = this.digests.get(id);
    this.digests.delete(id);
    const sha256 = running && running.offset === size ? running.hash.digest('hex') : await sha256OfFile(path);
    return { path, size, sha256 };
  }

  async markDone(id: string): Promise<void> {
    const info = await this.info(id);
    await this.saveInfo(id, { ...info, done: true });
  }

  override async remove(id: string): Promise<void> {
    this.digests.delete(id);
    await rm(this.dataPath(id), { force: true });
    await rm(this.infoPath(id), { force: true });
  }

  /** Uploads past their grant's expiry, finished or not: removed with their bytes. */
  async removeExpired(nowSeconds = Date.now() / 1000): Promise<{ files: number; bytes: number }> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return { files: 0, bytes: 0 };
    }
    let files = 0;
    let bytes = 0;
    const ids = new Set(names.map((name) => name.replace(/\.json$/, '')).filter((id) => ID_RE.test(id)));
    for (const id of ids) {
      let expired: boolean;
      try {
        expired = (await this.info(id)).exp < nowSeconds;
      } catch {
        // Data without a record: a crash between the two writes of create, older than any live upload.
        const modified = (await stat(this.dataPath(id)).catch(() => undefined))?.mtimeMs ?? 0;
        expired = modified < Date.now() - 24 * 3600 * 1000;
      }
      if (!expired) continue;
      for (const path of [this.dataPath(id), this.infoPath(id)]) {
        const size = (await stat(path).catch(() => undefined))?.size;
        if (size === undefined) continue;
        await rm(path, { force: true });
        files++;
        bytes += size;
      }
      this.digests.delete(id);
    }
    return { files, bytes };
  }
}

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
