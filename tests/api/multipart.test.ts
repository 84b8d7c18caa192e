/**
 * The streaming multipart reader on its own: delimiters split across chunks at every position, file
 * bytes that almost contain the delimiter, both kinds of source, early stops, and what it leaves of
 * the source (a complete form is read to its end; an abandoned one is cancelled).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Delimiter, readMultipart, type ByteSource } from '../../supabase/functions/_shared/multipart.ts';
import { HttpError } from '../../supabase/functions/_shared/errors.ts';

const BOUNDARY = 'XyZ-boundary-42';
const text = new TextEncoder();

/** Bytes that hold every proper prefix of the part delimiter, and the delimiter without its CRLF. */
function nearMisses(): Uint8Array {
  const delimiter = `\r\n--${BOUNDARY}`;
  const pieces: string[] = [];
  for (let n = 1; n < delimiter.length; n++) pieces.push(delimiter.slice(0, n), 'x');
  pieces.push(`--${BOUNDARY}`, `\n--${BOUNDARY}`, `\r--${BOUNDARY}`, '\r\n\r\n', `\r\n-${BOUNDARY}`);
  return text.encode(pieces.join(''));
}

function join(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function form(fileBytes: Uint8Array, epilogue = '\r\n'): Uint8Array {
  return join(
    text.encode(`preamble\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="path"\r\n\r\n/Deal Docs/Ünïcode\r\n`),
    text.encode(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="near.bin"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    fileBytes,
    text.encode(`\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="tags"\r\n\r\n["a"]\r\n--${BOUNDARY}--${epilogue}`),
  );
}

/** The body cut into chunks of the given sizes (cycled), as an async iterable that records how it was left. */
function source(body: Uint8Array, sizes: number[]) {
  const state = { served: 0, ended: false, returned: false };
  const iterable: AsyncIterable<Uint8Array> = {
    [Symbol.asyncIterator]() {
      let i = 0;
      return {
        async next() {
          if (state.served >= body.length) {
            state.ended = true;
            return { done: true, value: undefined };
          }
          const size = sizes[i++ % sizes.length];
          // A fresh buffer each time, as a socket read gives.
          const chunk = body.slice(state.served, state.served + size);
          state.served += chunk.length;
          return { done: false, value: chunk };
        },
        async return() {
          state.returned = true;
          return { done: true, value: undefined };
        },
      };
    },
  };
  return { iterable, state };
}

function webStream(body: Uint8Array, size: number) {
  const state = { cancelled: false };
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= body.length) return controller.close();
      controller.enqueue(body.slice(at, at + size));
      at += size;
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

async function readAll(body: ByteSource) {
  const fields: Record<string, string> = {};
  const files: { name: string; filename: string; contentType: string; bytes: Uint8Array }[] = [];
  for await (const part of readMultipart(body, BOUNDARY)) {
    if (part.kind === 'field') {
      fields[part.name] = part.value;
      continue;
    }
    const chunks: Uint8Array[] = [];
    for await (const chunk of part.bytes) chunks.push(chunk);
    files.push({ name: part.name, filename: part.filename, contentType: part.contentType, bytes: join(...chunks) });
  }
  return { fields, files };
}

function expectParsed(result: Awaited<ReturnType<typeof readAll>>, fileBytes: Uint8Array) {
  expect(result.fields).toEqual({ path: '/Deal Docs/Ünïcode', tags: '["a"]' });
  expect(result.files).toHaveLength(1);
  expect(result.files[0]).toMatchObject({ name: 'file', filename: 'near.bin', contentType: 'application/pdf' });
  expect(Buffer.from(result.files[0].bytes).equals(Buffer.from(fileBytes))).toBe(true);
}

describe('multipart reader', () => {
  it('reads the same form whatever the chunking, with the body split at every position', async () => {
    const fileBytes = nearMisses();
    const body = form(fileBytes);
    for (let cut = 1; cut < body.length; cut++) {
      const { iterable } = source(body, [cut, body.length]);
      expectParsed(await readAll(iterable), fileBytes);
    }
  });

  it('reads the same form in chunks of 1, 2, 3, 7, 64 bytes and of mixed sizes', async () => {
    const fileBytes = join(nearMisses(), new Uint8Array(randomBytes(50_000)), nearMisses());
    const body = form(fileBytes);
    for (const sizes of [[1], [2], [3], [7], [64], [65536], [5, 1, 4093, 17, 1]]) {
      const { iterable, state } = source(body, sizes);
      expectParsed(await readAll(iterable), fileBytes);
      expect(state.ended, `chunks of ${sizes}`).toBe(true);
      expect(state.returned, `chunks of ${sizes}`).toBe(false);
    }
  });

  it('reads a Web ReadableStream the same way', async () => {
    const fileBytes = join(new Uint8Array(randomBytes(300_000)), nearMisses());
    for (const size of [1000, 65536]) {
      const { stream, state } = webStream(form(fileBytes), size);
      expectParsed(await readAll(stream), fileBytes);
      expect(state.cancelled).toBe(false);
    }
  });

  it('hands a file over in pieces, not as one buffer', async () => {
    const fileBytes = new Uint8Array(randomBytes(1 << 20));
    const { iterable } = source(form(fileBytes), [65536]);
    let pieces = 0;
    for await (const part of readMultipart(iterable, BOUNDARY)) {
      if (part.kind === 'file')
        for await (const chunk of part.bytes) {
          pieces++;
          expect(chunk.length).toBeLessThanOrEqual(65536 * 2);
        }
    }
    expect(pieces).toBeGreaterThanOrEqual(16);
  });

  it('reads a complete form to the end of the body, epilogue included', async () => {
    const { iterable, state } = source(form(nearMisses(), '\r\nan epilogue the reader must skip\r\n'), [10]);
    await readAll(iterable);
    expect(state.ended).toBe(true);
    expect(state.returned).toBe(false);
  });

  it('skips a file part its consumer left unread, and reads the next part', async () => {
    const { iterable } = source(form(nearMisses()), [13]);
    const fields: Record<string, string> = {};
    for await (const part of readMultipart(iterable, BOUNDARY)) {
      if (part.kind === 'field') fields[part.name] = part.value;
      else for await (const _ of part.bytes) break; // takes one chunk, then leaves
    }
    expect(fields).toEqual({ path: '/Deal Docs/Ünïcode', tags: '["a"]' });
  });

  it('cancels the source when the consumer stops before the end of the form', async () => {
    const { iterable, state } = source(form(new Uint8Array(randomBytes(10_000))), [100]);
    for await (const part of readMultipart(iterable, BOUNDARY)) if (part.kind === 'file') break;
    expect(state.returned).toBe(true);
    expect(state.ended).toBe(false);
  });

  it('stops with a 400 when the body ends inside the file', async () => {
    const body = form(new Uint8Array(randomBytes(10_000)));
    const { iterable, state } = source(body.subarray(0, 5_000), [333]);
    const error = await readAll(iterable).then(
      () => undefined,
      (err) => err,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, message: 'The upload ended before the file was complete.' });
    expect(state.ended).toBe(true);
  });

  it('stops with a 400 when the closing delimiter never comes', async () => {
    const body = text.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="path"\r\n\r\n/`);
    const error = await readAll(source(body, [7]).iterable).then(
      () => undefined,
      (err) => err,
    );
    expect(error).toMatchObject({ status: 400, message: 'The multipart body ended early.' });
  });
});

describe('Delimiter search', () => {
  const naive = (haystack: Uint8Array, needle: Uint8Array) => Buffer.from(haystack).indexOf(Buffer.from(needle));

  it('finds the first occurrence exactly where a plain search does', () => {
    const delimiter = new Delimiter(`\r\n--${BOUNDARY}`);
    for (let round = 0; round < 300; round++) {
      // Random bytes over a small alphabet drawn from the delimiter itself, so near misses are frequent.
      const alphabet = delimiter.bytes;
      const haystack = Uint8Array.from(randomBytes(2_000), (b) => alphabet[b % 4]);
      if (round % 3 === 0) haystack.set(delimiter.bytes, (round * 7) % (haystack.length - delimiter.bytes.length));
      expect(delimiter.indexIn(haystack)).toBe(naive(haystack, delimiter.bytes));
    }
  });

  it('keeps exactly the tail that could still become the delimiter', () => {
    const delimiter = new Delimiter('\r\n--abc');
    const bytes = (s: string) => text.encode(s);
    expect(delimiter.partialStartIn(bytes('data\r\n--ab'))).toBe(4);
    expect(delimiter.partialStartIn(bytes('data\r\n-'))).toBe(4);
    expect(delimiter.partialStartIn(bytes('data\r'))).toBe(4);
    expect(delimiter.partialStartIn(bytes('data\r\n--abx'))).toBe('data\r\n--abx'.length); // nothing to keep
    expect(delimiter.partialStartIn(bytes('\r\r\n--'))).toBe(1);
    expect(delimiter.partialStartIn(bytes(''))).toBe(0);
  });
});
