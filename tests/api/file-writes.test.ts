/**
 * The one writer of uploaded bytes (server/file-writes.ts): batches land at their offsets, the disk is
 * flushed in the background as the bytes arrive, and a failed background flush fails the write instead
 * of being lost (a later handle's fsync would not report it).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { batchedWriter, FLUSH_EVERY_BYTES, WRITE_BATCH_BYTES } from '../../server/file-writes.ts';

const dir = mkdtempSync(join(tmpdir(), 'file-writes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A real file handle whose datasync calls are counted and, with `failWith`, fail after syncing. */
function watchedHandle(file: FileHandle, failWith?: NodeJS.ErrnoException) {
  const calls = { datasync: 0 };
  const handle = new Proxy(file, {
    get(target, property) {
      if (property === 'datasync')
        return async () => {
          calls.datasync++;
          await target.datasync();
          if (failWith) throw failWith;
        };
      const value = Reflect.get(target, property) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { handle, calls };
}

/** Pushes `bytes` in socket-sized pieces, as a request body arrives. */
async function pushAll(writer: ReturnType<typeof batchedWriter>, bytes: Buffer) {
  for (let at = 0; at < bytes.length; at += 65536) await writer.push(bytes.subarray(at, at + 65536));
}

describe('batchedWriter', () => {
  it('writes every byte at its offset and flushes the disk while the bytes arrive', async () => {
    const path = join(dir, 'flushed.bin');
    const head = Buffer.from('kept head');
    const bytes = randomBytes(FLUSH_EVERY_BYTES * 3 + 12345);
    const file = await open(path, 'w+');
    await file.write(head, 0, head.length, 0);
    const { handle, calls } = watchedHandle(file);
    const writer = batchedWriter(handle, head.length);
    await pushAll(writer, bytes);
    await writer.finish();
    await file.close();
    expect(calls.datasync).toBeGreaterThanOrEqual(1);
    expect(readFileSync(path).equals(Buffer.concat([head, bytes]))).toBe(true);
  });

  it('does not flush in the background for a write smaller than the flush interval', async () => {
    const file = await open(join(dir, 'small.bin'), 'w+');
    const { handle, calls } = watchedHandle(file);
    const writer = batchedWriter(handle);
    await pushAll(writer, randomBytes(WRITE_BATCH_BYTES * 2));
    await writer.finish();
    await file.close();
    expect(calls.datasync).toBe(0);
  });

  it('fails the write when a background flush failed', async () => {
    const failure = Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
    const file = await open(join(dir, 'failing.bin'), 'w+');
    const { handle, calls } = watchedHandle(file, failure);
    const writer = batchedWriter(handle);
    await pushAll(writer, randomBytes(FLUSH_EVERY_BYTES + WRITE_BATCH_BYTES));
    await expect(writer.finish()).rejects.toBe(failure);
    await file.close();
    expect(calls.datasync).toBeGreaterThanOrEqual(1);
  });

  it('a write that fails while the next bytes are still on their way fails the upload, not the server', async () => {
    // A full disk refuses the batch while the request body waits for its next chunk; nothing awaits the
    // write yet. Unobserved, that rejection ended the whole server process (Node's default).
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const file = await open(join(dir, 'full.bin'), 'w+');
    let refused!: () => void;
    const writeRefused = new Promise<void>((resolve) => (refused = resolve));
    const handle = new Proxy(file, {
      get(target, property) {
        if (property === 'writev')
          return async () => {
            queueMicrotask(refused);
            throw full;
          };
        const value = Reflect.get(target, property) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const writer = batchedWriter(handle);
      await writer.push(new Uint8Array(WRITE_BATCH_BYTES)); // a full batch: its write starts now
      await writeRefused;
      // Node reports unobserved rejections once the microtasks of this turn have run.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
      await expect(writer.push(new Uint8Array(WRITE_BATCH_BYTES))).rejects.toBe(full);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await file.close();
    }
  });
});

describe('batchedWriter.abandon', () => {
  it('keeps no bytes gathered after a write that failed: they would land past a hole', async () => {
    // The batch in flight fails (a disk error), the request is dropped with bytes gathered after it. Written
    // at their offset, those bytes left zeros where the failed batch was, and the file's size, which HEAD
    // reports as the upload's offset, told the client to go on past bytes that were never stored.
    const failure = Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' });
    const path = join(dir, 'abandoned.bin');
    const file = await open(path, 'w+');
    let failures = 0;
    const handle = new Proxy(file, {
      get(target, property) {
        if (property === 'writev' && failures === 0)
          return async () => {
            failures++;
            throw failure;
          };
        const value = Reflect.get(target, property) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    try {
      const writer = batchedWriter(handle, 0); // at offsets, as a tus PATCH writes
      await writer.push(randomBytes(WRITE_BATCH_BYTES)); // a full batch: its write starts (and fails)
      await writer.push(randomBytes(1000)); // gathered while that write runs
      await writer.abandon(true);
      expect(failures).toBe(1);
      expect((await file.stat()).size).toBe(0);
    } finally {
      await file.close();
    }
  });

  it('keeps the bytes gathered after writes that succeeded', async () => {
    const path = join(dir, 'kept.bin');
    const file = await open(path, 'w+');
    const bytes = randomBytes(WRITE_BATCH_BYTES + 1000);
    const writer = batchedWriter(file);
    await pushAll(writer, bytes);
    await writer.abandon(true);
    await file.close();
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });
});
