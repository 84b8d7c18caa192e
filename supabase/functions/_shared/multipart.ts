/**
 * A streaming multipart/form-data reader on Web Streams (runtime-neutral): files are never held in
 * memory whole. Fields are read as text (bounded); a file part is handed over as a stream that must be
 * consumed before the next part is read.
 */
import { HttpError } from './errors.ts';

export interface MultipartField { kind: 'field'; name: string; value: string }
export interface MultipartFile {
  kind: 'file';
  name: string;
  filename: string;
  contentType: string;
  stream: ReadableStream<Uint8Array>;
}
export type MultipartPart = MultipartField | MultipartFile;

const MAX_HEADER_BYTES = 16 * 1024;
const MAX_FIELD_BYTES = 256 * 1024;
const encoder = new TextEncoder();

export function boundaryOf(contentType: string | undefined): string {
  const match = /^multipart\/form-data\s*;.*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary || boundary.length > 200) throw new HttpError(400, 'The request must be multipart/form-data with a boundary.');
  return boundary;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0];
  for (let i = haystack.indexOf(first, from); i !== -1 && i <= haystack.length - needle.length; i = haystack.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

class Scanner {
  private buf: Uint8Array = new Uint8Array(0);
  private done = false;
  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  private async fill(): Promise<boolean> {
    if (this.done) return false;
    const { value, done } = await this.reader.read();
    if (done) {
      this.done = true;
      return false;
    }
    this.buf = concat(this.buf, value);
    return true;
  }

  /** One search step: bytes known to come before `delimiter`, and whether the delimiter was consumed. */
  async next(delimiter: Uint8Array): Promise<{ chunk?: Uint8Array; found: boolean; eof: boolean }> {
    for (;;) {
      const at = indexOf(this.buf, delimiter);
      if (at !== -1) {
        // Views, not copies: buffers are never written after they are read (concat makes new ones).
        const chunk = at > 0 ? this.buf.subarray(0, at) : undefined;
        this.buf = this.buf.subarray(at + delimiter.length);
        return { chunk, found: true, eof: false };
      }
      // Keep only a tail that could be the start of the delimiter: one beginning with its first byte.
      const tailFrom = Math.max(0, this.buf.length - (delimiter.length - 1));
      const partial = this.buf.indexOf(delimiter[0], tailFrom);
      const safe = partial === -1 ? this.buf.length : partial;
      if (safe > 0) {
        const chunk = this.buf.subarray(0, safe);
        this.buf = this.buf.subarray(safe);
        return { chunk, found: false, eof: false };
      }
      if (!(await this.fill())) return { found: false, eof: true };
    }
  }

  /** Passes bytes before `delimiter` to `emit` and consumes the delimiter; false when the stream ends first. */
  async until(delimiter: Uint8Array, emit: (chunk: Uint8Array) => void): Promise<boolean> {
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

  cancel(): Promise<void> {
    return this.reader.cancel().catch(() => {});
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
        try { filename = decodeURIComponent(star); } catch { throw new HttpError(400, 'The file name is not valid UTF-8.'); }
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

/** Reads parts in order. Stop early with `return` (the rest of the body is discarded). */
export async function* readMultipart(body: ReadableStream<Uint8Array> | null, boundary: string): AsyncGenerator<MultipartPart> {
  if (!body) throw new HttpError(400, 'The request has no body.');
  const scanner = new Scanner(body.getReader());
  const dashBoundary = encoder.encode(`--${boundary}`);
  const partEnd = encoder.encode(`\r\n--${boundary}`);
  const headerEnd = encoder.encode('\r\n\r\n');
  try {
    if (!(await scanner.until(dashBoundary, () => {}))) throw new HttpError(400, 'The multipart body is malformed.');
    for (;;) {
      const after = await scanner.take(2);
      if (!after) throw new HttpError(400, 'The multipart body ended early.');
      if (after[0] === 45 && after[1] === 45) return; // "--": closing delimiter
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

      // Hand the file's bytes over as a pull stream: one search step per pull, so memory stays flat.
      let finished = false;
      let failure: unknown;
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          for (;;) {
            let step;
            try {
              step = await scanner.next(partEnd);
            } catch (err) {
              failure = err;
              finished = true;
              controller.error(err);
              return;
            }
            if (step.found || step.eof) {
              finished = true;
              if (step.chunk) controller.enqueue(step.chunk);
              if (step.eof) {
                failure = new HttpError(400, 'The upload ended before the file was complete.');
                controller.error(failure);
              } else {
                controller.close();
              }
              return;
            }
            if (step.chunk) {
              controller.enqueue(step.chunk);
              return;
            }
          }
        },
      }, { highWaterMark: 0 });
      yield { kind: 'file', name: headers.name, filename: headers.filename, contentType: headers.contentType, stream };
      if (!finished) {
        // The consumer stopped early: skip the rest of the part so the next one can be read.
        if (!(await scanner.until(partEnd, () => {}))) throw new HttpError(400, 'The upload ended before the file was complete.');
        finished = true;
      }
      if (failure) throw failure;
    }
  } finally {
    await scanner.cancel();
  }
}
