import { type Context, Hono } from 'hono';
import { dealScoped } from '../../deal-scope.ts';
import type { ApiDeps, ApiEnv } from '../../context.ts';
import type { Tx } from '../../db.ts';
import { HttpError } from '../../errors.ts';
import { digestOf, noneMatchHits, strongEtag } from '../../http-range.ts';
import { readJson } from '../../validate.ts';
import { beginEdit, endEdit, fileDetail, ifMatch } from './file-edits.ts';
import {
  downloadUrlSeconds,
  fileIdParam,
  itemName,
  fileRightsOf,
  loadReadyFile,
  requireCapability,
  type DealContext,
} from './common.ts';
import { approvalBody, fileUpdate, tagsLinksBody } from '../../contracts/files.ts';
import { stampedDownloadUrl } from '../../viewer/routes.ts';
import { pdfName } from '../../viewer/kinds.ts';
import { withStampTemplates } from '../../viewer/template-store.ts';

/** The file details' ETag: the edit version an edit is based on, then a digest of the exact answer. */
const detailEtag = async (file: Record<string, any>, body: string) => strongEtag(`${file.edit_version}-${await digestOf(body)}`);

async function storageKeysOf(tx: Tx, fileId: string): Promise<string[]> {
  const rows = await tx<{ storage_key: string }[]>`select storage_key from private.file_storage_keys(${fileId})`;
  return rows.map((r) => r.storage_key);
}

async function downloadUrl(deps: ApiDeps, c: Context<ApiEnv>, tx: Tx, ctx: DealContext, fileId: string, version?: number) {
  const file = await loadReadyFile(tx, ctx.dealId, fileId);
  const wanted = version ?? (file.current_version as number);
  const [row] = await tx<{ storage_key: string; content_type: string; original_name: string; size: number }[]>`
    select storage_key, content_type, original_name, size_bytes::float8 as size from public.file_versions
    where file_id = ${fileId} and version_number = ${wanted}`;
  if (!row) throw new HttpError(404, `Version ${wanted} of this file does not exist.`);
  const [allowed] = await tx<{ ok: boolean }[]>`select private.record_download(${fileId}, ${wanted}) as ok`;
  if (!allowed.ok) throw new HttpError(403, "You don't have permission to download this file.");
  const filename = version && version !== file.current_version ? (row.original_name as string) : (file.name as string);
  const expiresIn = downloadUrlSeconds(row.size);
  // "Watermark downloads" on: a PDF or an image comes stamped, as a PDF (decision 44).
  const target = { id: fileId, name: filename, contentType: row.content_type, version: wanted };
  const stamped = await stampedDownloadUrl(deps, c, tx, ctx, target, expiresIn);
  if (stamped) return { download_url: stamped, filename: pdfName(filename), version_number: wanted, expires_in: expiresIn };
  const url = await deps.blobs.createDownloadUrl(row.storage_key, {
    filename,
    contentType: row.content_type,
    expiresInSeconds: expiresIn,
  });
  return { download_url: url, filename, version_number: wanted, expires_in: expiresIn };
}

/** One file: its details, edits, archive, deletion, versions and downloads (docs/product.md §7 Files; comments, metadata and permissions beside it). */
export function fileRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  // Every statement here finds its rows by key (docs/decisions.md decision 65).
  const withDeal = dealScoped(deps, 'cached');

  app.get('/:dealId/files/:fileId', async (c) => {
    const file = await withDeal(c, (tx, ctx) => fileDetail(tx, ctx, fileIdParam(c)));
    const body = JSON.stringify(file);
    // Send it back as If-Match with an edit (see beginEdit), or as If-None-Match to be told "not modified".
    const etag = await detailEtag(file, body);
    c.header('ETag', etag);
    if (noneMatchHits(c.req.header('if-none-match'), etag)) return c.body(null, 304);
    return c.body(body, 200, { 'Content-Type': 'application/json' });
  });

  app.put('/:dealId/files/:fileId', async (c) => {
    const body = await readJson(c, fileUpdate);
    const expected = ifMatch(c);
    const result = await withDeal(c, async (tx, ctx) => {
      const fileId = fileIdParam(c);
      await beginEdit(tx, ctx, fileId, expected);
      const file = await loadReadyFile(tx, ctx.dealId, fileId);
      const name = body.name === undefined ? undefined : itemName(body.name, 'file');
      if (name && name.toLowerCase() !== (file.name as string).toLowerCase()) {
        const [clash] = await tx`
          select 1 from public.files where deal_id = ${ctx.dealId} and folder_id is not distinct from ${file.folder_id as string | null}
            and lower(name) = lower(${name}) and archived_at is null and upload_state = 'ready' and id <> ${fileId}`;
        if (clash) throw new HttpError(409, `A file named "${name}" already exists in this folder`);
      }
      const updated = await tx`
        update public.files set
          name = coalesce(${name ?? null}, name),
          formatted_title = case when ${body.formatted_title !== undefined} then ${body.formatted_title ?? null} else formatted_title end,
          tags = coalesce(${body.tags ?? null}::text[], tags),
          checklist_items = coalesce(${body.checklist_items ?? null}::uuid[], checklist_items),
          approval_status = coalesce(${body.approval_status ?? null}, approval_status)
        where id = ${fileId} returning id`;
      if (!updated.length) throw new HttpError(403, "You don't have permission to edit this file.");
      if (body.name !== undefined || body.formatted_title !== undefined || body.tags || body.checklist_items)
        await endEdit(tx, ctx, fileId);
      return fileDetail(tx, ctx, fileId);
    });
    return c.json(result);
  });

  app.put('/:dealId/files/:fileId/tags-links', async (c) => {
    const body = await readJson(c, tagsLinksBody);
    const result = await withDeal(c, async (tx, ctx) => {
      const fileId = fileIdParam(c);
      await loadReadyFile(tx, ctx.dealId, fileId);
      const updated = await tx`
        update public.files set tags = coalesce(${body.tags ?? null}::text[], tags),
          checklist_items = coalesce(${body.checklist_items ?? null}::uuid[], checklist_items)
        where id = ${fileId} returning id`;
      if (!updated.length) throw new HttpError(403, "You don't have permission to edit this file.");
      if (body.tags || body.checklist_items) await endEdit(tx, ctx, fileId);
      return fileDetail(tx, ctx, fileId);
    });
    return c.json(result);
  });

  app.put('/:dealId/files/:fileId/approval', async (c) => {
    const body = await readJson(c, approvalBody);
    const result = await withDeal(c, async (tx, ctx) => {
      const fileId = fileIdParam(c);
      await loadReadyFile(tx, ctx.dealId, fileId);
      requireCapability(ctx, 'approve', 'change the approval status');
      await tx`update public.files set approval_status = ${body.status}, approval_note = ${body.note ?? null} where id = ${fileId}`;
      return fileDetail(tx, ctx, fileId);
    });
    return c.json(result);
  });

  app.put('/:dealId/files/:fileId/archive', async (c) => {
    const result = await withDeal(c, async (tx, ctx) => {
      const fileId = fileIdParam(c);
      await loadReadyFile(tx, ctx.dealId, fileId);
      const updated =
        await tx`update public.files set archived_at = coalesce(archived_at, now()) where id = ${fileId} returning id`;
      if (!updated.length) throw new HttpError(403, "You don't have permission to archive this file.");
      return { id: fileId, archived: true };
    });
    return c.json(result);
  });

  app.delete('/:dealId/files/:fileId', async (c) => {
    const { keys, fileId } = await withDeal(c, async (tx, ctx) => {
      const id = fileIdParam(c);
      const file = await loadReadyFile(tx, ctx.dealId, id);
      if (!(await fileRightsOf(tx, ctx, file.id)).can_edit)
        throw new HttpError(403, "You don't have permission to delete this file.");
      const storageKeys = await storageKeysOf(tx, id);
      const deleted = await tx`delete from public.files where id = ${id} returning id`;
      if (!deleted.length) throw new HttpError(403, "You don't have permission to delete this file.");
      return { keys: storageKeys, fileId: id };
    });
    await deps.blobs
      .delete(withStampTemplates(keys))
      .catch((err) => console.error('[dataroom] could not remove stored bytes', err));
    return c.json({ id: fileId, deleted: true });
  });

  const download = async (c: Context<ApiEnv>) =>
    c.json(await withDeal(c, (tx, ctx) => downloadUrl(deps, c, tx, ctx, fileIdParam(c))));
  app.get('/:dealId/files/:fileId/download', download);
  app.get('/:dealId/files/:fileId/download-url', download);

  app.get('/:dealId/files/:fileId/versions', async (c) =>
    c.json(await withDeal(c, async (tx, ctx) => (await fileDetail(tx, ctx, fileIdParam(c))).versions)),
  );

  app.get('/:dealId/files/:fileId/versions/:n/download-url', async (c) => {
    const n = Number(c.req.param('n'));
    // version_number is an integer column: anything past its range cannot exist (and must not reach Postgres).
    if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) throw new HttpError(404, 'That version does not exist.');
    return c.json(await withDeal(c, (tx, ctx) => downloadUrl(deps, c, tx, ctx, fileIdParam(c), n)));
  });

  return app;
}
