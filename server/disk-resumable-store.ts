import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { DataStore, ERRORS, Upload } from '@tus/server';
import type { StoredObject } from '../supabase/functions/_shared/ports.ts';
import { batchedWriter } from './file-writes.ts';
import { TusError } from './tus-error.ts';

interface UploadInfo {
  size: number;
  key: string;
  exp: number;
  creation_date: string;
  done?: boolean;
}

const ID_RE = /^[0-9a-f]{32}$/;

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
export class DiskResumableStore extends DataStore {
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

  /**
   * Not flushed, like a chunk acknowledged before the last (only the finished upload is made durable, by
   * `seal` and the store's `finish`): after a crash of the machine, an upload whose record was lost
   * answers 404 and its client creates it again. Three fsyncs fewer an upload (decision 73).
   */
  async saveInfo(id: string, info: UploadInfo): Promise<void> {
    await writeFile(this.infoPath(id), JSON.stringify(info));
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
    await writeFile(this.dataPath(upload.id), new Uint8Array(0));
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
