import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { HttpError } from '../supabase/functions/_shared/errors.ts';
import type { BlobStore, StoredObject } from '../supabase/functions/_shared/ports.ts';
import { blobRoutes } from './blob-routes.ts';
import { batchedWriter, syncDirectory } from './file-writes.ts';
import { resumableUploads } from './resumable-uploads.ts';
import { signedTokens, type DownloadClaim, type UploadClaim } from './signed-tokens.ts';

// A version's bytes, the PDF an Office version was converted to (`v<n>.pdf`, decision 50), either's
// stamp template (`.stamp`, decision 59), or a ZIP export's archive (decision 48).
const KEY_RE = /^deals\/[0-9a-f-]{36}\/(files\/[0-9a-f-]{36}\/v[1-9][0-9]{0,5}(\.pdf)?(\.stamp)?|exports\/[0-9a-f-]{36}\.zip)$/;
// Chunks of a resumable upload: one PATCH each; a dropped connection costs at most the one in flight.
export const RESUMABLE_CHUNK_BYTES = 50 * 1024 * 1024;

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

  const { sign, verify } = signedTokens(secret);

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
  const routes = blobRoutes({ store, resumable, verify, pathOf, nonceDir, isUsed, activeLocks });

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
