/**
 * ZIP exports (docs/decisions.md decision 48): POST resolves the selection as the caller and either hands
 * back a short-lived link that streams the ZIP (direct), or queues a job whose ZIP the server writes to
 * the blob store and mails a link to (over 1 GiB or 1,000 files). GET reads one's own exports.
 */
import { type Context, Hono } from 'hono';
import type { ApiDeps, ApiEnv } from '../context.ts';
import { dealScoped, idParam, requireCapability } from '../deal-scope.ts';
import type { Tx } from '../db.ts';
import { HttpError } from '../errors.ts';
import { readJson } from '../validate.ts';
import { exportBody, type ExportStarted, type ExportState } from '../contracts/exports.ts';
import { exportArchive, planExport, type StoredEntry, type StoredRename } from '../export-plan.ts';
import { safeName } from '../export-names.ts';
import { readableOf } from '../export-zip.ts';

/** Over either, an export runs as a job (the brief's 1 GiB or 1,000 files); tests lower it through ApiConfig. */
export const EXPORT_JOB_THRESHOLD = { bytes: 1024 ** 3, files: 1000 };
/** How long a direct export's link streams the ZIP. */
export const DIRECT_LINK_SECONDS = 300;
const EXPORT_NOT_FOUND = 'Export not found';
const LINK_INVALID = 'This export link is not valid or has expired. Start the export again.';

const toHex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
const sha256Hex = async (text: string) => toHex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The API's own base ("/api" embedded, "/functions/v1/api" on Supabase), from the request's path. */
function apiBase(c: Context): string {
  const url = new URL(c.req.url);
  return `${url.origin}${url.pathname.replace(/\/deals\/.*$/, '')}`;
}

/** `attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266). */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

interface ExportRow {
  id: string;
  mode: 'direct' | 'job';
  status: ExportState['status'];
  file_count: number;
  total_bytes: string;
  refused: ExportState['refused'];
  storage_key: string | null;
  created_at: Date;
  expires_at: Date;
  error: string | null;
  deal_name: string;
}

async function stateOf(deps: ApiDeps, row: ExportRow): Promise<ExportState> {
  const seconds = Math.floor((new Date(row.expires_at).getTime() - Date.now()) / 1000);
  const ready = row.mode === 'job' && row.status === 'ready' && row.storage_key && seconds > 0;
  return {
    export_id: row.id,
    mode: row.mode,
    status: row.status,
    file_count: row.file_count,
    total_bytes: Number(row.total_bytes),
    refused: row.refused,
    download_url: ready
      ? await deps.blobs.createDownloadUrl(row.storage_key!, {
          filename: `${safeName(row.deal_name)} export.zip`,
          contentType: 'application/zip',
          expiresInSeconds: seconds,
        })
      : null,
    created_at: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
    error: row.error,
  };
}

const exportColumns = (tx: Tx) => tx`
  e.id, e.mode, e.status, e.file_count, e.total_bytes::text, e.refused, e.storage_key, e.created_at, e.expires_at, e.error,
  d.name as deal_name`;

export function exportRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const withDeal = dealScoped(deps);
  const threshold = deps.config.exportJobThreshold ?? EXPORT_JOB_THRESHOLD;

  app.post('/:dealId/exports', async (c) => {
    const body = await readJson(c, exportBody);
    const answer = await withDeal(c, async (tx, ctx): Promise<ExportStarted> => {
      if (!ctx.can('download') && ctx.role !== 'admin') {
        // Uploaders may take their own files without `download`; everyone else is told at once.
        const [own] = await tx`select 1 from public.files where deal_id = ${ctx.dealId} and uploaded_by = ${ctx.userId} limit 1`;
        if (!own) requireCapability(ctx, 'download', 'download files in this deal');
      }
      const plan = await planExport(tx, ctx, body.file_ids, body.folder_ids);
      const mode = plan.totalBytes > threshold.bytes || plan.entries.length > threshold.files ? 'job' : 'direct';
      const token = mode === 'direct' ? randomToken() : null;
      const [row] = await tx<{ id: string }[]>`
        select private.create_export(${ctx.dealId}, ${mode}, ${tx.json(plan.entries as never)}, ${tx.json(plan.refused as never)},
          ${tx.json([...plan.renamed, ...plan.emptyFolders] as never)}, ${token && (await sha256Hex(token))},
          ${mode === 'direct' ? DIRECT_LINK_SECONDS : null}::integer) as id`;
      return {
        export_id: row.id,
        mode,
        download_url: token ? `${apiBase(c)}/exports/${row.id}/zip?token=${token}` : null,
        file_count: plan.entries.length,
        total_bytes: plan.totalBytes,
        refused: plan.refused,
        renamed: plan.renamed,
        expires_in: mode === 'direct' ? DIRECT_LINK_SECONDS : 24 * 3600,
      };
    });
    if (answer.mode === 'job') await deps.wakeExportWorker?.();
    return c.json(answer, 201);
  });

  // The caller's own exports of the deal that have not expired, newest first (the data room's "Exports").
  app.get('/:dealId/exports', async (c) => {
    const rows = await withDeal(
      c,
      (tx, ctx) => tx<ExportRow[]>`
        select ${exportColumns(tx)} from public.exports e join public.deals d on d.id = e.deal_id
        where e.deal_id = ${ctx.dealId} and e.user_id = ${ctx.userId} and e.mode = 'job' and e.expires_at > now()
        order by e.created_at desc limit 20`,
    );
    return c.json({ items: await Promise.all(rows.map((r) => stateOf(deps, r))) });
  });

  app.get('/:dealId/exports/:exportId', async (c) => {
    // The deal first: a stranger learns nothing of the deal's exports, not even that the id is malformed.
    const [row] = await withDeal(c, (tx, ctx) => {
      const id = idParam(c, 'exportId', EXPORT_NOT_FOUND);
      return tx<ExportRow[]>`
        select ${exportColumns(tx)} from public.exports e join public.deals d on d.id = e.deal_id
        where e.id = ${id} and e.deal_id = ${ctx.dealId}`;
    });
    if (!row) throw new HttpError(404, EXPORT_NOT_FOUND);
    return c.json(await stateOf(deps, row));
  });

  return app;
}

/**
 * GET /exports/{id}/zip?token=…: the direct export's link, opened by the browser without the access
 * token. The token is the export's own (only its hash is stored), lives DIRECT_LINK_SECONDS, and works
 * while its requester is an active member of the deal. The ZIP is streamed as it is read.
 */
export function exportDownloadRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  app.get('/:exportId/zip', async (c) => {
    const id = idParam(c, 'exportId', LINK_INVALID);
    const token = c.req.query('token') ?? '';
    if (!token) throw new HttpError(403, LINK_INVALID);
    const [row] = await deps.sql<
      {
        deal_name: string;
        created_at: Date;
        entries: StoredEntry[];
        renames: StoredRename[];
        refused: ExportStarted['refused'];
      }[]
    >`
      select d.name as deal_name, e.created_at, e.entries, e.renames, e.refused
      from public.exports e join public.deals d on d.id = e.deal_id
      where e.id = ${id} and e.mode = 'direct' and e.link_token_hash = ${await sha256Hex(token)} and e.link_expires_at > now()
        and exists (select 1 from public.deal_members m
                    where m.deal_id = e.deal_id and m.user_id = e.user_id and m.status = 'active')`;
    if (!row) throw new HttpError(403, LINK_INVALID);
    return new Response(readableOf(exportArchive(deps.blobs, row)), {
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': attachment(`${safeName(row.deal_name)} export.zip`),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
  return app;
}
