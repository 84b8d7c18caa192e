/**
 * GET /viewer-source/{token}: the bytes behind a viewer's source URL (decision 44). The token says who
 * asked and how to serve; whether they still may is asked again here, as them (`asUser`): a membership
 * revoked, a file hidden or a session ended since the link was made is a 404.
 */
import { Hono } from 'hono';
import type { ApiDeps, ApiEnv } from '../context.ts';
import { asUser } from '../db.ts';
import { loadDeal } from '../deal-scope.ts';
import { HttpError } from '../errors.ts';
import { FILE_NOT_FOUND, loadReadyFile } from '../files.ts';
import { contentDisposition } from '../content-disposition.ts';
import type { TokenClaims } from '../ports.ts';
import { fallbackSecret, type SourceClaim, verifySource } from './source-token.ts';
import { pdfName, readingType } from './kinds.ts';

/** Larger files are not read into memory to be served or stamped. */
export const SOURCE_MAX_BYTES = 256 * 1024 * 1024;
const TOO_LARGE = 'This file is too large to show in the viewer.';

interface Resolved {
  storageKey: string;
  filename: string;
  email: string;
  dealName: string;
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
  return asUser(deps.sql, claims, async (tx) => {
    const deal = await loadDeal(tx, claim.d);
    const file = await loadReadyFile(tx, claim.d, claim.f);
    const [version] = await tx<{ storage_key: string; original_name: string }[]>`
      select storage_key, original_name from public.file_versions where file_id = ${claim.f} and version_number = ${claim.n}`;
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
    };
  });
}

/** pdf-lib loads with the first stamp, not with the server. */
let watermark: Promise<typeof import('./watermark.ts')> | undefined;
const loadWatermark = () => (watermark ??= import('./watermark.ts'));

/**
 * Stamped answers, kept while their links live: pdf.js asks again (and a stamp of 300 pages costs more
 * than a second), and every request of one link carries the same stamp. Bounded by bytes.
 */
const CACHE_BYTES = 128 * 1024 * 1024;
const CACHE_SECONDS = 6 * 60;
const stamped = new Map<string, { bytes: Promise<Uint8Array>; size: number; until: number }>();

function cached(key: string, make: () => Promise<Uint8Array>): Promise<Uint8Array> {
  const now = Date.now();
  for (const [k, entry] of stamped) if (entry.until < now) stamped.delete(k);
  const hit = stamped.get(key);
  if (hit) {
    stamped.delete(key);
    stamped.set(key, hit);
    return hit.bytes;
  }
  const entry = { bytes: make(), size: 0, until: now + CACHE_SECONDS * 1000 };
  stamped.set(key, entry);
  entry.bytes.then(
    (bytes) => {
      entry.size = bytes.length;
      let total = 0;
      for (const e of stamped.values()) total += e.size;
      for (const [k, e] of stamped) {
        if (total <= CACHE_BYTES) break;
        total -= e.size;
        stamped.delete(k);
      }
    },
    () => stamped.delete(key),
  );
  return entry.bytes;
}

async function readAll(deps: ApiDeps, key: string): Promise<Uint8Array> {
  const info = await deps.blobs.stat(key);
  if (!info) throw new HttpError(404, 'The file is no longer stored.');
  if (info.size > SOURCE_MAX_BYTES) throw new HttpError(413, TOO_LARGE);
  const bytes = await deps.blobs.read(key, info.size);
  if (!bytes) throw new HttpError(404, 'The file is no longer stored.');
  return bytes;
}

export function viewerSourceRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const secret = deps.signingSecret ?? fallbackSecret();

  app.get('/:token', async (c) => {
    const claim = await verifySource(secret, c.req.param('token'));
    const found = await resolve(deps, claim);
    let body: Uint8Array;
    let type: string;
    let filename = found.filename;
    if (claim.m === 'original') {
      if (claim.k === 'bytes') throw new HttpError(404, FILE_NOT_FOUND);
      body = await readAll(deps, found.storageKey);
      type = readingType(claim.k, body);
    } else {
      const { imageToStampedPdf, stampPdf, stampText, textToStampedPdf } = await loadWatermark();
      const text = stampText(found.email, found.dealName, new Date(claim.t * 1000));
      body = await cached(`${found.storageKey}\n${claim.k}\n${text}`, async () => {
        const bytes = await readAll(deps, found.storageKey);
        if (claim.k === 'pdf') return stampPdf(bytes, text);
        if (claim.k === 'image') return imageToStampedPdf(bytes, text);
        if (claim.k === 'text' || claim.k === 'csv') return textToStampedPdf(new TextDecoder().decode(bytes), text);
        throw new HttpError(404, FILE_NOT_FOUND);
      });
      type = 'application/pdf';
      filename = pdfName(filename);
    }
    return new Response(body as BodyInit, {
      headers: {
        'Content-Type': type,
        'Content-Length': String(body.length),
        'Content-Disposition': contentDisposition(filename, claim.m === 'stamped-download' ? 'attachment' : 'inline'),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      },
    });
  });

  return app;
}
