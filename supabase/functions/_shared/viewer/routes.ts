/**
 * GET /deals/{dealId}/files/{fileId}/viewer[?version=n]: what the in-app viewer loads and how
 * (decision 44). Whoever sees the file (file permissions apply) may read it; only those who may download
 * it get the original bytes, everyone else a PDF stamped on the server with who they are.
 */
import { type Context, Hono } from 'hono';
import type { ApiDeps, ApiEnv } from '../context.ts';
import type { Tx } from '../db.ts';
import { withDeal, type DealContext } from '../deal-scope.ts';
import { HttpError } from '../errors.ts';
import { fileIdParam, fileRightsOf, loadReadyFile } from '../files.ts';
import { parseOrThrow } from '../validate.ts';
import { viewerQuery, type RenderAs, type ViewerAnswer } from '../contracts/viewer.ts';
import { viewKindOf } from './kinds.ts';
import { officeRendition } from './office-renditions.ts';
import { fallbackSecret, signSource, SOURCE_URL_SECONDS, type SourceClaim } from './source-token.ts';
import { warmStampedSource } from './serve.ts';
import { SOURCE_MAX_BYTES } from './template-store.ts';

/** The API's own prefix as this request reached it (`/api` embedded, none in tests), for the URLs it hands out. */
function apiPrefix(c: Context<ApiEnv>): string {
  const path = new URL(c.req.url).pathname;
  return path.replace(/\/deals\/.*$/, '');
}

/** A signed source URL for the caller: bound to them, their session, the deal, the file, the version and the mode. */
export async function sourceUrl(
  deps: ApiDeps,
  c: Context<ApiEnv>,
  claim: Omit<SourceClaim, 'u' | 's' | 'a' | 't' | 'exp'>,
  seconds = SOURCE_URL_SECONDS,
): Promise<string> {
  const claims = c.get('claims');
  const now = Math.floor(Date.now() / 1000);
  const token = await signSource(deps.signingSecret ?? fallbackSecret(), {
    ...claim,
    u: claims.sub,
    s: claims.session_id,
    ...(claims.aal ? { a: claims.aal } : {}),
    t: now,
    exp: now + seconds,
  });
  return `${apiPrefix(c)}/viewer-source/${token}`;
}

/**
 * With the deal's "Watermark downloads" on, a PDF or image downloaded by someone allowed to is the
 * stamped PDF (an attachment); undefined for every other file and when the setting is off.
 */
export async function stampedDownloadUrl(
  deps: ApiDeps,
  c: Context<ApiEnv>,
  tx: Tx,
  ctx: DealContext,
  file: { id: string; name: string; contentType: string; version: number },
  seconds: number,
): Promise<string | undefined> {
  const kind = viewKindOf(file.name, file.contentType);
  if (kind !== 'pdf' && kind !== 'image') return undefined;
  const [deal] = await tx<{ on: boolean }[]>`select watermark_downloads as on from public.deals where id = ${ctx.dealId}`;
  if (!deal?.on) return undefined;
  return sourceUrl(deps, c, { d: ctx.dealId, f: file.id, n: file.version, m: 'stamped-download', k: kind }, seconds);
}

async function viewerAnswer(deps: ApiDeps, c: Context<ApiEnv>, tx: Tx, ctx: DealContext): Promise<ViewerAnswer> {
  const fileId = fileIdParam(c);
  const { version } = parseOrThrow(viewerQuery, { version: c.req.query('version') });
  // Who may not see the file gets the file page's own 404.
  const file = await loadReadyFile(tx, ctx.dealId, fileId);
  const wanted = version ?? (file.current_version as number);
  const [row] = await tx<{ content_type: string; original_name: string; size_bytes: number }[]>`
    select content_type, original_name, size_bytes::float8 as size_bytes from public.file_versions
    where file_id = ${fileId} and version_number = ${wanted}`;
  if (!row) throw new HttpError(404, `Version ${wanted} of this file does not exist.`);
  const canDownload = (await fileRightsOf(tx, ctx, fileId)).can_download;
  const filename = wanted === file.current_version ? (file.name as string) : row.original_name;
  const kind = viewKindOf(filename, row.content_type);
  const answer: ViewerAnswer = {
    file_id: fileId,
    version_number: wanted,
    filename,
    mime_type: row.content_type,
    size_bytes: row.size_bytes,
    render_as: 'none',
    source_url: null,
    expires_in: SOURCE_URL_SECONDS,
    watermarked: false,
    can_download: canDownload,
    conversion: null,
  };
  const base = { d: ctx.dealId, f: fileId, n: wanted };
  const serve = async (renderAs: RenderAs, claim: Pick<SourceClaim, 'm' | 'k' | 'r'>) => {
    answer.render_as = renderAs;
    answer.watermarked = claim.m === 'stamped';
    answer.source_url = await sourceUrl(deps, c, { ...base, ...claim });
    if (claim.m === 'stamped') warmStampedSource(deps, answer.source_url);
  };
  if (kind === 'office') {
    const rendition = await officeRendition(deps, tx, { id: fileId, deal_id: ctx.dealId }, wanted);
    if (rendition.state !== 'ready') {
      answer.conversion = { status: rendition.state, detail: rendition.detail };
      return answer;
    }
    answer.conversion = { status: 'ready', detail: null };
    await serve('pdf', { m: canDownload ? 'original' : 'stamped', k: 'pdf', r: rendition.storageKey });
    return answer;
  }
  if (kind === 'other' || (kind === 'web-image' && !canDownload)) return answer;
  // Too large to read into memory here: the web offers the download to those allowed.
  if (row.size_bytes > SOURCE_MAX_BYTES) return answer;
  if (canDownload) {
    const renderAs = kind === 'web-image' ? 'image' : kind;
    await serve(renderAs, { m: 'original', k: kind === 'web-image' ? 'image' : kind });
  } else {
    await serve('pdf', { m: 'stamped', k: kind as 'pdf' | 'image' | 'text' | 'csv' });
  }
  return answer;
}

export function viewerRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  app.get('/:dealId/files/:fileId/viewer', async (c) =>
    c.json(await withDeal(deps, c, (tx, ctx) => viewerAnswer(deps, c, tx, ctx))),
  );
  return app;
}
