/**
 * A ZIP written as a stream (fflate's Zip with ZipPassThrough entries): each file's bytes pass through
 * as they are read, with a CRC and a data descriptor, never the whole archive in memory or on disk.
 * Entries are stored, not deflated: documents in a data room (PDF, DOCX, XLSX, JPEG) are compressed
 * already, and deflating them costs CPU for a few per cent (docs/decisions.md decision 48).
 * fflate writes no ZIP64: an archive stays below 4 GiB and 65,535 entries (EXPORT_LIMITS).
 */
import { Zip, ZipPassThrough } from 'fflate';

/** What one archive may hold without ZIP64 (offsets and sizes of 32 bits, entry counts of 16). */
export const EXPORT_LIMITS = {
  // Headers take 100 bytes and twice the path per entry: 3.9 GB of files leaves room for 65,000 of them.
  bytes: 3_900_000_000,
  files: 65_000,
};

export interface ZipSource {
  path: string;
  /** The entry's bytes, read when the archive reaches it. */
  open(): Promise<AsyncIterable<Uint8Array>>;
}

/** The archive's bytes, in order; pulling drives reading, so a slow reader slows the reads. */
export async function* zipStream(sources: Iterable<ZipSource>, modified = new Date()): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, data) => {
    if (err) failure = err;
    else out.push(data);
  });
  const take = () => {
    if (failure) throw failure;
    return out.splice(0, out.length);
  };
  for (const source of sources) {
    const entry = new ZipPassThrough(source.path);
    entry.mtime = modified;
    zip.add(entry);
    for await (const chunk of await source.open()) {
      if (chunk.length) entry.push(chunk);
      yield* take();
    }
    entry.push(new Uint8Array(0), true);
    yield* take();
  }
  zip.end();
  yield* take();
}

/** A generator as a Web stream: one chunk per pull, the generator closed when the reader cancels. */
export function readableOf(chunks: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** Bytes of a string, as one chunk. */
export function bytesSource(path: string, text: string): ZipSource {
  const bytes = new TextEncoder().encode(text);
  return {
    path,
    open: () =>
      Promise.resolve(
        (async function* () {
          yield bytes;
        })(),
      ),
  };
}
