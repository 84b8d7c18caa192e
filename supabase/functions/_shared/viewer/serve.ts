/**
 * GET /viewer-source/{token}: the bytes behind a viewer's source URL (decision 44). The token says who
 * asked and how to serve; whether they still may is asked again here, as them (`asUser`): a membership
 * revoked, a file hidden or a session ended since the link was made is a 404. Every answer honours Range,
 * If-Range and If-None-Match (decision 45) so pdf.js loads a large PDF by ranges and a download resumes:
 * an original streamed from the blob store (never read whole), a stamped copy from the stamp cache.
 */
import { type Context, Hono } from 'hono';
import type { ApiDeps, ApiEnv } from '../context.ts';
import { asUser } from '../db.ts';
import { loadDeal } from '../deal-scope.ts';
import { HttpError } from '../errors.ts';
import { FILE_NOT_FOUND, loadReadyFile } from '../files.ts';
import { contentDisposition } from '../content-disposition.ts';
import { readableOf } from '../export-zip.ts';
import { answerRange, type ByteRange, rangeNotSatisfiable, strongEtag } from '../http-range.ts';
import type { StamperPort, TokenClaims } from '../ports.ts';
import { boundedCache } from './bounded-cache.ts';
import { fillTemplate } from './stamp-fill.ts';
import { GONE, stampTemplate } from './template-store.ts';
import { fallbackSecret, type SourceClaim, verifySource } from './source-token.ts';
import { pdfName, readingType } from './kinds.ts';
import { inProcessStamper, stampText } from './stamper.ts';

interface Resolved {
  storageKey: string;
  filename: string;
  email: string;
  dealName: string;
  /** The stored bytes' size and SHA-256 (the version's, or the stored rendition's). */
  size: number;
  sha256: string | undefined;
}

/** What the token names, if the person may still have it; else 404 (403 for a download right lost). */
async function resolve(deps: ApiDeps, claim: SourceClaim): Promise<Resolved> {
  const [account] = await deps.sql<{ live: boolean }[]>`
    select private.session_is_live(${claim.s}::uuid) as live
    from auth.users u where u.id = ${claim.u} and u.deleted_at is null`;
  if (!account?.live) throw new HttpError(404, FILE_NOT_FOUND);
  const claims: TokenClaims = {
    sub: claim.u,
    email: '',
    role: 'authenticated',
    aud: 'authenticated',
    exp: claim.exp,
    session_id: claim.s,
    ...(claim.a ? { aal: claim.a } : {}),
  };
  const found = await asUser(deps.sql, claims, async (tx) => {
    const deal = await loadDeal(tx, claim.d);
    const file = await loadReadyFile(tx, claim.d, claim.f);
    const [version] = await tx<{ storage_key: string; original_name: string; size_bytes: number; sha256: string }[]>`
      select storage_key, original_name, size_bytes::float8 as size_bytes, sha256
      from public.file_versions where file_id = ${claim.f} and version_number = ${claim.n}`;
    if (!version) throw new HttpError(404, FILE_NOT_FOUND);
    if (claim.m !== 'stamped') {
      const [allowed] = await tx<{ ok: boolean }[]>`select private.can_download_file(${claim.f}) as ok`;
      if (!allowed?.ok) throw new HttpError(403, "You don't have permission to download this file.");
    }
    const [me] = await tx<{ email: string }[]>`select email from public.profiles where id = ${claim.u}`;
    return {
      storageKey: claim.r ?? version.storage_key,
      filename: claim.n === file.current_version ? (file.name as string) : version.original_name,
      email: me?.email ?? '',
      dealName: deal.name as string,
      size: version.size_bytes,
      sha256: version.sha256 as string | undefined,
    };
  });
  if (!claim.r) return found;
  // An Office file's PDF rendition (embedded only, where the store's stat reads a small record).
  const info = await deps.blobs.stat(claim.r);
  if (!info) throw new HttpError(404, GONE);
  return { ...found, size: info.size, sha256: info.sha256 };
}

/**
 * Stamped answers, kept while their links live: pdf.js asks again, by ranges, and every request of one
 * link carries the same stamp. Each entry has its own entity tag: the same bytes for as long as it is kept.
 */
interface Stamped {
  body: Uint8Array;
  etag: string;
}
const stamped = boundedCache<Stamped>({ maxBytes: 64 * 1024 * 1024, seconds: 6 * 60, sizeOf: (s) => s.body.length });

/** The stamped copy a `stamped` link serves, from the cache or stamped now. */
function stampedCopy(deps: ApiDeps, stamper: StamperPort, claim: SourceClaim, found: Resolved): Promise<Stamped> {
  const kind = claim.k as Exclude<SourceClaim['k'], 'bytes'>;
  const text = stampText(found.email, found.dealName, new Date(claim.t * 1000));
  return stamped(`${found.storageKey}\n${kind}\n${text}`, async () => {
    // Preparing a 300-page PDF costs most of a second of a thread, filling a reader's stamp milliseconds.
    const template = await stampTemplate({ blobs: deps.blobs, stamper, log: deps.log }, found, kind);
    return { body: fillTemplate(template, text), etag: strongEtag(`stamped-${crypto.randomUUID()}`) };
  });
}

/**
 * Starts stamping what a `stamped` source link will serve and returns at once: GET …/viewer calls it as it
 * hands the link out, so the stamp runs while the browser loads pdf.js instead of after it asks. Only where
 * stamping has a thread of its own (the embedded server); a failure is left for the link's request to meet
 * and report.
 */
export function warmStampedSource(deps: ApiDeps, sourceUrl: string): void {
  const stamper = deps.stamper;
  if (!stamper) return;
  const token = sourceUrl.slice(sourceUrl.lastIndexOf('/') + 1);
  void (async () => {
    const claim = await verifySource(deps.signingSecret ?? fallbackSecret(), token);
    if (claim.m !== 'stamped' || claim.k === 'bytes') return;
    await stampedCopy(deps, stamper, claim, await resolve(deps, claim));
  })().catch(() => undefined);
}

/** The answer for `size` bytes tagged `etag` as the request's Range and validators ask: 200, 206, 304 or 416. */
async function ranged(
  c: Context<ApiEnv>,
  entity: { size: number; etag?: string },
  headers: Record<string, string>,
  bytes: (range: ByteRange) => Promise<BodyInit>,
): Promise<Response> {
  const answer = answerRange(
    {
      method: c.req.method,
      range: c.req.header('range'),
      ifRange: c.req.header('if-range'),
      ifNoneMatch: c.req.header('if-none-match'),
    },
    entity,
  );
  const all = { ...headers, ...answer.headers };
  if (answer.status === 416) return c.json({ detail: rangeNotSatisfiable(entity.size) }, 416, all);
  if (answer.status === 304) return new Response(null, { status: 304, headers: all });
  // HEAD (which Hono answers through this handler) reads nothing.
  const body = c.req.method === 'HEAD' || !answer.range ? null : await bytes(answer.range);
  return new Response(body, { status: answer.status, headers: all });
}

export function viewerSourceRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const secret = deps.signingSecret ?? fallbackSecret();
  const stamper = deps.stamper ?? inProcessStamper;

  app.get('/:token', async (c) => {
    const claim = await verifySource(secret, c.req.param('token'));
    const found = await resolve(deps, claim);
    const attachment = claim.m === 'stamped-download' ? 'attachment' : 'inline';
    const headers = {
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    };
    if (claim.m === 'original') {
      if (claim.k === 'bytes') throw new HttpError(404, FILE_NOT_FOUND);
      // An image's type is judged by its first bytes; the rest is streamed, never read whole.
      const head = claim.k === 'image' ? await deps.blobs.read(found.storageKey, 16) : new Uint8Array(0);
      if (!head) throw new HttpError(404, GONE);
      return ranged(
        c,
        { size: found.size, etag: found.sha256 ? strongEtag(found.sha256) : undefined },
        {
          ...headers,
          'Content-Type': readingType(claim.k, head),
          'Content-Disposition': contentDisposition(found.filename, attachment),
        },
        async (range) => {
          const chunks = await deps.blobs.stream(found.storageKey, range);
          if (!chunks) throw new HttpError(404, GONE);
          return readableOf(
            (async function* () {
              yield* chunks;
            })(),
          );
        },
      );
    }
    if (claim.k === 'bytes') throw new HttpError(404, FILE_NOT_FOUND);
    const { body, etag } = await stampedCopy(deps, stamper, claim, found);
    return ranged(
      c,
      { size: body.length, etag },
      {
        ...headers,
        'Content-Type': 'application/pdf',
        'Content-Disposition': contentDisposition(pdfName(found.filename), attachment),
      },
      async (range) => body.subarray(range.start, range.end + 1) as BodyInit,
    );
  });

  return app;
}
