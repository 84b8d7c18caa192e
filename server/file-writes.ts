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
 * Writes pushed chunks in batches of WRITE_BATCH_BYTES, one batch in flight while the next is gathered
 * (the disk and the socket work at the same time), from `start` or the file's own position.
 */
export function batchedWriter(file: FileHandle, start?: number) {
  let batch: Uint8Array[] = [];
  let batchBytes = 0;
  let writing: Promise<void> = Promise.resolve();
  let position = start;
  const flush = async () => {
    await writing;
    const chunks = batch;
    const at = position;
    if (position !== undefined) position += batchBytes;
    batch = [];
    batchBytes = 0;
    writing = writeAll(file, chunks, at);
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
    },
    /** After a failure: lets the write in flight end and, with `keep`, writes what was gathered too. */
    async abandon(keep: boolean): Promise<void> {
      await writing.catch(() => {});
      if (keep && batch.length) await writeAll(file, batch, position).catch(() => {});
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
