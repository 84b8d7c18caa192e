/**
 * Range requests and validators for any answer that sends a stored file's bytes (RFC 9110 §13–14),
 * runtime-neutral: the embedded blob store's download URLs use it, and so may any other endpoint that
 * serves bytes (docs/decisions.md decision 45). It decides the status and the headers; the caller sends
 * the bytes `start..end` (inclusive) of its own source.
 */

/** Bytes `start` to `end`, both included (as in `Content-Range`). */
export interface ByteRange {
  start: number;
  end: number;
}

/** One `first-last`, `first-` or `-suffix`, without spaces inside. */
const SPEC_RE = /^(\d*)-(\d*)$/;

function parseSpec(spec: string, size: number): ByteRange | 'unsatisfiable' | null {
  const m = SPEC_RE.exec(spec);
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // The last n bytes: of an empty file, or the last 0, there is nothing to send.
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const last = m[2] === '' ? undefined : Number(m[2]);
  if (last !== undefined && last < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(last ?? size - 1, size - 1) };
}

/**
 * The one range a `Range` header asks of `size` bytes: null when there is none to honour (no header, a
 * unit other than bytes, bad syntax, or several ranges: the whole file answers those, as RFC 9110
 * allows), 'unsatisfiable' when it asks only for bytes past the end (416).
 */
export function parseRange(header: string | null | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!m) return null;
  const specs = m[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!specs.length) return null;
  const parsed = specs.map((spec) => parseSpec(spec, size));
  if (parsed.includes(null)) return null;
  if (parsed.every((p) => p === 'unsatisfiable')) return 'unsatisfiable';
  return parsed.length === 1 ? parsed[0] : null;
}

/** A strong entity tag for an opaque value (a SHA-256, a digest of a JSON answer). */
export const strongEtag = (value: string): string => `"${value}"`;

/** The entity tags of an If-None-Match / If-Match list; `*` stands for any. */
function entityTags(header: string): string[] {
  return header.match(/\*|(?:W\/)?"[^"]*"/g) ?? [];
}

/** The first 128 bits of the SHA-256 of a text, hex (Web Crypto: the same on Node, Deno and the edge). */
export async function digestOf(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(digest.subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
}

const opaque = (tag: string) => tag.replace(/^W\//, '');

/** If-None-Match against the current tag, compared weakly (RFC 9110 §13.1.2): true means "not modified". */
export function noneMatchHits(header: string | null | undefined, etag: string | undefined): boolean {
  if (!header || !etag) return false;
  return entityTags(header).some((tag) => tag === '*' || opaque(tag) === opaque(etag));
}

/**
 * Whether an If-Range lets the Range apply: only a strong tag equal to the current one does (a date, a
 * weak tag or another tag means the client holds other bytes, so it gets the whole file).
 */
export function ifRangeHolds(header: string | null | undefined, etag: string | undefined): boolean {
  if (header === null || header === undefined) return true;
  const tag = header.trim();
  return etag !== undefined && !etag.startsWith('W/') && tag === etag;
}

/** The request headers an answer with bytes depends on. */
export interface RangeRequest {
  method?: string;
  range?: string | null;
  ifRange?: string | null;
  ifNoneMatch?: string | null;
}

export interface RangeAnswer {
  status: 200 | 206 | 304 | 416;
  /** The bytes to send (200: all of them; none for 304, 416 or an empty file). */
  range?: ByteRange;
  /** Accept-Ranges and ETag always; Content-Length for 200/206; Content-Range for 206/416. */
  headers: Record<string, string>;
}

/**
 * What to answer for `size` bytes whose strong tag is `etag` (RFC 9110 §13.2.2: If-None-Match first,
 * then Range under If-Range). 416's body is the caller's (a JSON detail here); 304 has none.
 */
export function answerRange(req: RangeRequest, entity: { size: number; etag?: string }): RangeAnswer {
  const { size, etag } = entity;
  const headers: Record<string, string> = { 'Accept-Ranges': 'bytes' };
  if (etag) headers.ETag = etag;
  const method = (req.method ?? 'GET').toUpperCase();
  const reads = method === 'GET' || method === 'HEAD';
  if (reads && noneMatchHits(req.ifNoneMatch, etag)) return { status: 304, headers };
  const whole = (): RangeAnswer => ({
    status: 200,
    range: size > 0 ? { start: 0, end: size - 1 } : undefined,
    headers: { ...headers, 'Content-Length': String(size) },
  });
  if (!reads || !ifRangeHolds(req.ifRange, etag)) return whole();
  const range = parseRange(req.range, size);
  if (range === null) return whole();
  if (range === 'unsatisfiable') return { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } };
  return {
    status: 206,
    range,
    headers: {
      ...headers,
      'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
      'Content-Length': String(range.end - range.start + 1),
    },
  };
}

/** The detail of a 416. */
export const rangeNotSatisfiable = (size: number) =>
  `The requested range is outside the file, which has ${size} byte${size === 1 ? '' : 's'}.`;
