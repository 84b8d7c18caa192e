/**
 * Compression on the embedded server (decision 39): which encodings a request accepts, and the middleware
 * that compresses the API's JSON answers. Static files are compressed at build time instead
 * (web/precompress.ts) and sent as they are by web.ts.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

export type ContentEncoding = 'br' | 'gzip';

/** The encodings a request's Accept-Encoding allows (q > 0), brotli first: it is the smaller. */
export function acceptedEncodings(header: string | undefined): ContentEncoding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const any = weights.get('*') ?? 0;
  const weightOf = (encoding: ContentEncoding) =>
    weights.get(encoding) ?? (encoding === 'gzip' ? weights.get('x-gzip') : undefined) ?? any;
  return (['br', 'gzip'] as const).filter((encoding) => weightOf(encoding) > 0);
}

/** Below this a JSON answer goes as it is: compressing it saves less than the time it takes. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The smallest window, in bits, through which any byte of the body can still refer back to its first
 * (deflate keeps 262 bytes of its window for look-ahead, brotli 16): brotli (up to 24 bits) and deflate
 * (up to 15) set up their window's buffers for every answer, and at the defaults (brotli 22: 4 MiB) that
 * cost more than compressing a few kilobytes. The answer compresses as well as before (decision 69).
 */
const windowBitsFor = (bytes: number, min: number, max: number) =>
  Math.min(max, Math.max(min, Math.ceil(Math.log2(bytes + 262))));

/**
 * Compresses on zlib's thread pool (the callback API), never on the event loop. Brotli quality 3 and gzip
 * level 4, each with a window fitted to the body. Measured on this machine (CPU a call, the answer's
 * size): a 109 KB listing page, brotli quality 4 with the default window 2.07 ms, 18,331 bytes; quality
 * 3 fitted 0.63 ms, 18,327 bytes; a 1.5 KB answer 0.22 ms against 0.05 ms, 405 bytes against 409.
 * Quality 5 and level 6 cost twice the CPU of 4 for answers 3 % smaller at best (decisions 39 and 69).
 */
async function compress(body: Uint8Array, encoding: ContentEncoding): Promise<Uint8Array<ArrayBuffer>> {
  if (encoding === 'gzip')
    return new Uint8Array(await gzipAsync(body, { level: 4, windowBits: windowBitsFor(body.length, 9, 15) }));
  const packed = await brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 3,
      [constants.BROTLI_PARAM_LGWIN]: windowBitsFor(
        body.length,
        constants.BROTLI_MIN_WINDOW_BITS,
        constants.BROTLI_MAX_WINDOW_BITS,
      ),
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  return new Uint8Array(packed);
}

const isJson = (type: string | null) => type !== null && /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type);

/**
 * The text a route's `c.json` gave, read without building the answer's web stream. @hono/node-server's
 * lightweight Response keeps its body beside its status and headers (a symbol described "cache") until
 * something asks for its stream: reading `body` or `arrayBuffer()` built an undici Response, piped the
 * string through a ReadableStream and lost the server's fast path for writing it, about 95 µs of CPU for
 * every JSON answer to a client that accepts compression, most of them too small to compress. Undefined
 * for any other Response: those take the general path (decision 66).
 */
function lightweightText(res: Response): string | undefined {
  const key = Object.getOwnPropertySymbols(res).find((symbol) => symbol.description === 'cache');
  const cached = key ? (res as unknown as Record<symbol, unknown>)[key] : undefined;
  return Array.isArray(cached) && typeof cached[1] === 'string' ? cached[1] : undefined;
}

/**
 * JSON answers of COMPRESS_MIN_BYTES or more, in the best encoding the client accepts. Never: HEAD, a
 * partial (206) or empty answer, one already encoded, a download (Content-Disposition: the stored file's
 * bytes go as they are), an event stream or any other type (tus answers have no JSON body worth it).
 */
export const compressJson: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  const [encoding] = acceptedEncodings(c.req.header('accept-encoding'));
  if (!encoding || c.req.method === 'HEAD' || res.status === 206) return;
  const headers = res.headers;
  if (headers.has('content-encoding') || headers.has('content-disposition') || !isJson(headers.get('content-type'))) return;
  if (/\bno-transform\b/i.test(headers.get('cache-control') ?? '')) return;
  const declared = Number(headers.get('content-length') ?? Number.NaN);
  if (declared < COMPRESS_MIN_BYTES) return;
  const text = lightweightText(res);
  if (text !== undefined && Buffer.byteLength(text) < COMPRESS_MIN_BYTES) return;
  if (text === undefined && !res.body) return;
  const plain = text !== undefined ? Buffer.from(text) : new Uint8Array(await res.arrayBuffer());
  const small = plain.length < COMPRESS_MIN_BYTES;
  const body = small ? plain : await compress(plain, encoding);
  // The new answer carries the old one's headers. Cleared first: assigning over an answer makes Hono
  // rebuild the new one from its `body` stream, and the server then pipes that stream instead of
  // writing the bytes at once.
  c.res = undefined;
  c.res = new Response(body, { status: res.status, headers });
  if (small) return;
  const compressed = c.res;
  compressed.headers.set('Content-Encoding', encoding);
  compressed.headers.set('Content-Length', String(body.length));
  compressed.headers.append('Vary', 'Accept-Encoding');
  // A strong validator names exact bytes; the compressed bytes differ (as nginx does, it becomes weak).
  const etag = compressed.headers.get('etag');
  if (etag?.startsWith('"')) compressed.headers.set('ETag', `W/${etag}`);
};
