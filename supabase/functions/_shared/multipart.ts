/**
 * A streaming multipart/form-data reader over any source of byte chunks (runtime-neutral): a Web
 * ReadableStream, or anything async-iterable such as a Node request. Files are never held in memory
 * whole. Fields are read as text (bounded); a file part is handed over as an async iterable of chunks
 * that must be consumed, or abandoned, before the next part is read.
 */
import { HttpError } from './errors.ts';

export type ByteSource = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

export interface MultipartField {
  kind: 'field';
  name: string;
  value: string;
}
export interface MultipartFile {
  kind: 'file';
  name: string;
  filename: string;
  contentType: string;
  /** The file's bytes as views into the request's chunks: never written to by the reader. */
  bytes: AsyncIterable<Uint8Array>;
}
export type MultipartPart = MultipartField | MultipartFile;

const MAX_HEADER_BYTES = 16 * 1024;
const MAX_FIELD_BYTES = 256 * 1024;
const MAX_EPILOGUE_BYTES = 64 * 1024;
const encoder = new TextEncoder();

export function boundaryOf(contentType: string | undefined): string {
  const match = /^multipart\/form-data\s*;.*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary || boundary.length > 200) throw new HttpError(400, 'The request must be multipart/form-data with a boundary.');
  return boundary;
}

/**
 * A byte string searched with Boyer-Moore-Horspool: in file data it skips about its own length per
 * step, where checking every candidate first byte cost more CPU than hashing the upload.
 */
export class Delimiter {
  readonly bytes: Uint8Array;
  private readonly shift = new Uint32Array(256);
  constructor(text: string) {
    this.bytes = encoder.encode(text);
    const n = this.bytes.length;
    this.shift.fill(n);
    for (let i = 0; i < n - 1; i++) this.shift[this.bytes[i]] = n - 1 - i;
  }

  /** First index of the delimiter in `haystack`, or -1. */
  indexIn(haystack: Uint8Array): number {
    const needle = this.bytes;
    const last = needle.length - 1;
    for (let at = 0; at + last < haystack.length; at += this.shift[haystack[at + last]]) {
      let j = last;
      while (j >= 0 && haystack[at + j] === needle[j]) j--;
      if (j < 0) return at;
    }
    return -1;
  }

  /** Where a possible start of the delimiter begins within the last `length - 1` bytes, else `haystack.length`. */
  partialStartIn(haystack: Uint8Array): number {
    const needle = this.bytes;
    for (let at = Math.max(0, haystack.length - (needle.length - 1)); at < haystack.length; at++) {
      let j = 0;
      while (at + j < haystack.length && haystack[at + j] === needle[j]) j++;
      if (at + j === haystack.length) return at;
    }
    return haystack.length;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** A request body of either kind as one async iterable of its chunks. */
export function bytesOf(body: ByteSource): AsyncIterable<Uint8Array> {
  return { [Symbol.asyncIterator]: () => chunksOf(body) };
}

function chunksOf(body: ByteSource): AsyncIterator<Uint8Array> {
  if ('getReader' in body) {
    const reader = body.getReader();
    return {
      next: () => reader.read() as Promise<IteratorResult<Uint8Array>>,
      return: async () => {
        await reader.cancel().catch(() => {});
        return { done: true, value: undefined };
      },
    };
  }
  return body[Symbol.asyncIterator]();
}

class Scanner {
  private buf: Uint8Array = new Uint8Array(0);
  private done = false;
  constructor(private readonly chunks: AsyncIterator<Uint8Array>) {}

  private async fill(): Promise<boolean> {
    if (this.done) return false;
    const { value, done } = await this.chunks.next();
    if (done) {
      this.done = true;
      return false;
    }
    this.buf = concat(this.buf, value);
    return true;
  }

  /** One search step: bytes known to come before `delimiter`, and whether the delimiter was consumed. */
  async next(delimiter: Delimiter): Promise<{ chunk?: Uint8Array; found: boolean; eof: boolean }> {
    for (;;) {
      const at = delimiter.indexIn(this.buf);
      if (at !== -1) {
        // Views, not copies: buffers are never written after they are read (concat makes new ones).
        const chunk = at > 0 ? this.buf.subarray(0, at) : undefined;
        this.buf = this.buf.subarray(at + delimiter.bytes.length);
        return { chunk, found: true, eof: false };
      }
      // Keep only a tail that could be the start of the delimiter.
      const safe = delimiter.partialStartIn(this.buf);
      if (safe > 0) {
        const chunk = this.buf.subarray(0, safe);
        this.buf = this.buf.subarray(safe);
        return { chunk, found: false, eof: false };
      }
      if (!(await this.fill())) return { found: false, eof: true };
    }
  }

  /** Passes bytes before `delimiter` to `emit` and consumes the delimiter; false when the stream ends first. */
  async until(delimiter: Delimiter, emit: (chunk: Uint8Array) => void): Promise<boolean> {
    for (;;) {
      const step = await this.next(delimiter);
      if (step.chunk) emit(step.chunk);
      if (step.found) return true;
      if (step.eof) return false;
    }
  }

  async take(n: number): Promise<Uint8Array | undefined> {
    while (this.buf.length < n) if (!(await this.fill())) return undefined;
    const out = this.buf.slice(0, n);
    this.buf = this.buf.slice(n);
    return out;
  }

  /** Reads what follows the closing delimiter (an epilogue, normally just CRLF); gives up past `limit` bytes. */
  async drain(limit: number): Promise<void> {
    let seen = this.buf.length;
    this.buf = new Uint8Array(0);
    while (!this.done && seen <= limit) {
      const { value, done } = await this.chunks.next();
      if (done) this.done = true;
      else seen += value.length;
    }
    await this.cancel();
  }

  /** Stops reading the source: a Node request is destroyed, a Web stream cancelled. */
  async cancel(): Promise<void> {
    if (this.done) return;
    this.done = true;
    await this.chunks.return?.()?.catch(() => {});
  }
}

function parseHeaders(raw: string): { name: string; filename?: string; contentType: string } {
  let name: string | undefined;
  let filename: string | undefined;
  let contentType = 'application/octet-stream';
  for (const line of raw.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-disposition') {
      name = /(?:^|;)\s*name="((?:[^"\\]|\\.)*)"/i.exec(value)?.[1];
      const star = /filename\*=(?:UTF-8|utf-8)''([^;]+)/.exec(value)?.[1];
      const plain = /(?:^|;)\s*filename="((?:[^"\\]|\\.)*)"/i.exec(value)?.[1];
      if (star) {
        try {
          filename = decodeURIComponent(star);
        } catch {
          throw new HttpError(400, 'The file name is not valid UTF-8.');
        }
      } else if (plain !== undefined) {
        filename = plain.replace(/\\(.)/g, '$1');
      }
    } else if (key === 'content-type') {
      contentType = value;
    }
  }
  if (name === undefined) throw new HttpError(400, 'A form part has no name.');
  return { name: name.replace(/\\(.)/g, '$1'), filename, contentType };
}

/**
 * Reads parts in order. A complete form is read to the end of the body, so the request can still be
 * answered; stopping early with `return` (or an error) abandons the rest, which on Node drops the connection.
 */
export async function* readMultipart(body: ByteSource | null, boundary: string): AsyncGenerator<MultipartPart> {
  if (!body) throw new HttpError(400, 'The request has no body.');
  const scanner = new Scanner(chunksOf(body));
  const dashBoundary = new Delimiter(`--${boundary}`);
  const partEnd = new Delimiter(`\r\n--${boundary}`);
  const headerEnd = new Delimiter('\r\n\r\n');
  let complete = false;
  try {
    if (!(await scanner.until(dashBoundary, () => {}))) throw new HttpError(400, 'The multipart body is malformed.');
    for (;;) {
      const after = await scanner.take(2);
      if (!after) throw new HttpError(400, 'The multipart body ended early.');
      if (after[0] === 45 && after[1] === 45) {
        // "--": closing delimiter
        complete = true;
        return;
      }
      if (after[0] !== 13 || after[1] !== 10) throw new HttpError(400, 'The multipart body is malformed.');

      // A decoder of its own: header bytes may be split inside a character across reads, and a
      // streaming decoder shared between requests would hand those bytes to another upload.
      const headerDecoder = new TextDecoder();
      let headerBytes = 0;
      let headerText = '';
      const headersFound = await scanner.until(headerEnd, (chunk) => {
        headerBytes += chunk.length;
        if (headerBytes > MAX_HEADER_BYTES) throw new HttpError(400, 'A form part has too many headers.');
        headerText += headerDecoder.decode(chunk, { stream: true });
      });
      if (!headersFound) throw new HttpError(400, 'The multipart body ended early.');
      headerText += headerDecoder.decode();
      const headers = parseHeaders(headerText);

      if (headers.filename === undefined) {
        let size = 0;
        const chunks: Uint8Array[] = [];
        const found = await scanner.until(partEnd, (chunk) => {
          size += chunk.length;
          if (size > MAX_FIELD_BYTES) throw new HttpError(413, `The form field "${headers.name}" is too large.`);
          chunks.push(chunk.slice());
        });
        if (!found) throw new HttpError(400, 'The multipart body ended early.');
        const all = chunks.reduce((acc, c) => concat(acc, c), new Uint8Array(0));
        yield { kind: 'field', name: headers.name, value: new TextDecoder().decode(all) };
        continue;
      }

      // Hand the file's bytes over one search step at a time, so memory stays flat.
      let finished = false;
      let failure: unknown;
      const bytes = async function* (): AsyncGenerator<Uint8Array> {
        for (;;) {
          let step;
          try {
            step = await scanner.next(partEnd);
          } catch (err) {
            failure = err;
            finished = true;
            throw err;
          }
          if (step.found || step.eof) finished = true;
          if (step.eof) {
            failure = new HttpError(400, 'The upload ended before the file was complete.');
            throw failure;
          }
          if (step.chunk) yield step.chunk;
          if (step.found) return;
        }
      };
      yield { kind: 'file', name: headers.name, filename: headers.filename, contentType: headers.contentType, bytes: bytes() };
      if (!finished) {
        // The consumer stopped early: skip the rest of the part so the next one can be read.
        if (!(await scanner.until(partEnd, () => {}))) throw new HttpError(400, 'The upload ended before the file was complete.');
        finished = true;
      }
      if (failure) throw failure;
    }
  } finally {
    if (complete) await scanner.drain(MAX_EPILOGUE_BYTES);
    else await scanner.cancel();
  }
}
