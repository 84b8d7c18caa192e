import { open, type FileHandle } from 'node:fs/promises';

/** Bytes gathered before one write: 64 KiB socket chunks written one by one cost a thread-pool round trip each. */
export const WRITE_BATCH_BYTES = 1024 * 1024;

/**
 * Writes every byte of `chunks`, at `position` or else at the file's own position; writev may write
 * fewer bytes than asked.
 */
export async function writeAll(file: FileHandle, chunks: Uint8Array[], position?: number): Promise<void> {
  let pending = chunks;
  let at = position;
  while (pending.length) {
    const total = pending.reduce((sum, chunk) => sum + chunk.length, 0);
    let { bytesWritten } = await file.writev(pending, at);
    if (at !== undefined) at += bytesWritten;
    if (bytesWritten === total) return;
    const rest: Uint8Array[] = [];
    for (const chunk of pending) {
      if (bytesWritten >= chunk.length) bytesWritten -= chunk.length;
      else {
        rest.push(bytesWritten ? chunk.subarray(bytesWritten) : chunk);
        bytesWritten = 0;
      }
    }
    pending = rest;
  }
}

/**
 * Bytes written between two background flushes. The kernel starts writing dirty pages back only past a
 * tenth of memory (gigabytes here), so without these a 1 GiB upload reached the disk only in its final
 * fsync, after the last byte arrived; flushed as it goes, the disk works while the socket does.
 */
export const FLUSH_EVERY_BYTES = 8 * 1024 * 1024;

/**
 * Writes pushed chunks in batches of WRITE_BATCH_BYTES, one batch in flight while the next is gathered
 * (the disk and the socket work at the same time), from `start` or the file's own position. Every
 * FLUSH_EVERY_BYTES a datasync runs in the background (one at a time); `finish` waits for it and
 * reports its failure, so an error of the disk is never lost to a later handle's fsync.
 */
export function batchedWriter(file: FileHandle, start?: number) {
  let batch: Uint8Array[] = [];
  let batchBytes = 0;
  let writing: Promise<void> = Promise.resolve();
  let position = start;
  let unflushedBytes = 0;
  let flushing: Promise<void> | undefined;
  let flushFailure: unknown;
  const flushInBackground = () => {
    if (flushing || unflushedBytes < FLUSH_EVERY_BYTES) return;
    unflushedBytes = 0;
    flushing = writing
      .then(() => file.datasync())
      .catch((err: unknown) => {
        flushFailure ??= err;
      })
      .finally(() => {
        flushing = undefined;
      });
  };
  const flush = async () => {
    await writing;
    const chunks = batch;
    const at = position;
    if (position !== undefined) position += batchBytes;
    unflushedBytes += batchBytes;
    batch = [];
    batchBytes = 0;
    writing = writeAll(file, chunks, at);
    // The write runs while the caller waits for the next chunk from the network; its failure (a full disk)
    // reaches the caller at the next push or finish. Unobserved until then, Node would end the whole server.
    writing.catch(() => {});
    flushInBackground();
  };
  return {
    async push(bytes: Uint8Array): Promise<void> {
      batch.push(bytes);
      batchBytes += bytes.length;
      if (batchBytes >= WRITE_BATCH_BYTES) await flush();
    },
    /** Everything pushed is written. */
    async finish(): Promise<void> {
      await flush();
      await writing;
      await flushing;
      if (flushFailure) throw flushFailure;
    },
    /**
     * After a failure: lets the write in flight end and, with `keep`, writes what was gathered too, unless
     * that write failed: after it, the gathered bytes would land past a hole (or in its place at the
     * file's own position), and the file's size would claim bytes that were never stored.
     */
    async abandon(keep: boolean): Promise<void> {
      const written = await writing.then(
        () => true,
        () => false,
      );
      await flushing;
      if (keep && written && batch.length) await writeAll(file, batch, position).catch(() => {});
    },
  };
}

/** Makes a rename in `dir` survive a crash. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
