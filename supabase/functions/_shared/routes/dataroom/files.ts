import { type Context, Hono } from 'hono';
import { withDeal as withDealScope } from '../../deal-scope.ts';
import type { ApiDeps, ApiEnv } from '../../context.ts';
import type { Tx } from '../../db.ts';
import { HttpError } from '../../errors.ts';
import { digestOf, noneMatchHits, strongEtag } from '../../http-range.ts';
import { readJson } from '../../validate.ts';
import {
  downloadUrlSeconds,
  fileIdParam,
  itemName,
  fileRightsOf,
  loadReadyFile,
  requireCapability,
  type DealContext,
} from './common.ts';
import {
  approvalBody,
  commentBody,
  DATE_RANGE_ERROR,
  fileUpdate,
  metadataUpdate,
  permissionsUpdate,
  tagsLinksBody,
} from '../../contracts/files.ts';
import { stampedDownloadUrl } from '../../viewer/routes.ts';
import { pdfName } from '../../viewer/kinds.ts';

/**
 * The `If-Match` of an edit: the `version` (edit_version) the client's copy of the file had; undefined when
 * not sent or `*`. Accepts the file's ETag (`"<edit_version>-<digest>"`, weak or strong: compression
 * weakens it) or the bare version the web app sends (`"3"`): only the edit version counts (decision 45).
 */
function ifMatch(c: Context): number | undefined {
  const raw = c.req.header('if-match')?.trim();
  if (raw === undefined || raw === '*') return undefined;
  const m = /^(?:W\/)?"?(\d{1,15})(?:-[0-9a-f]*)?"?$/.exec(raw);
  const version = Number(m?.[1]);
  if (!m || !Number.isSafeInteger(version) || version < 1)
    throw new HttpError(400, 'If-Match must be the version of the file you edited, e.g. "3".');
  return version;
}

/** The file details' ETag: the edit version an edit is based on, then a digest of the exact answer. */
const detailEtag = async (file: Record<string, any>, body: string) => strongEtag(`${file.edit_version}-${await digestOf(body)}`);

/**
 * Edits of one file run one after another; one based on an older version than the stored one is a 412
 * (the precondition If-Match failed) that names who changed it and carries the current file, so nobody's
 * edit is silently lost. 409 stays for real conflicts (a name taken in the folder).
 */
async function beginEdit(tx: Tx, ctx: DealContext, fileId: string, expected: number | undefined): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${`file-edit:${fileId}`}, 0))`;
  if (expected === undefined) return;
  const [row] = await tx<{ edit_version: number; editor: string | null }[]>`
    select f.edit_version, nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), '') as editor
    from public.files f left join public.profiles p on p.id = f.edited_by
    where f.id = ${fileId} and f.deal_id = ${ctx.dealId}`;
  if (row && row.edit_version !== expected) {
    throw new HttpError(
      412,
      `This file was changed by ${row.editor ?? 'someone else'} meanwhile. Review the current details and make your change again.`,
      { current: await fileDetail(tx, ctx, fileId) },
    );
  }
}

/** Records that a person edited the file (the next edit must be based on this version). */
async function endEdit(tx: Tx, ctx: DealContext, fileId: string): Promise<void> {
  await tx`update public.files set edit_version = edit_version + 1, edited_by = ${ctx.userId} where id = ${fileId}`;
}

async function storageKeysOf(tx: Tx, fileId: string): Promise<string[]> {
  const rows = await tx<{ storage_key: string }[]>`select storage_key from private.file_storage_keys(${fileId})`;
  return rows.map((r) => r.storage_key);
}

async function fileDetail(tx: Tx, ctx: DealContext, fileId: string): Promise<Record<string, any>> {
  const file = await loadReadyFile(tx, ctx.dealId, fileId);
  const rights = await fileRightsOf(tx, ctx, fileId);
  const versions = await tx`
    select v.version_number, v.uploaded_at, v.size_bytes::float8 as file_size, v.sha256, v.original_name, v.content_type,
           v.people_mentioned, v.named_organizations, v.languages_used,
           p.email as uploaded_by_email, p.first_name as uploaded_by_first_name, p.last_name as uploaded_by_last_name
    from public.file_versions v left join public.profiles p on p.id = v.uploaded_by
    where v.file_id = ${fileId} order by v.version_number desc`;
  // The latest analysis' recommendation (docs/product.md §3 File: AI recommended item, category, confidence, reasoning).
  const [ai] = await tx`
    select a.id as ai_analysis_id, a.status as ai_analysis_status, a.confidence as ai_confidence, a.reasoning as ai_reasoning,
           a.recommended_category as ai_category,
           case when a.recommended_item_id is null then null
                else json_build_object('id', a.recommended_item_id, 'name', a.recommended_item_name, 'category', a.recommended_category) end
             as ai_recommended_item
    from public.file_ai_analyses a where a.file_id = ${fileId} and a.status <> 'superseded'
    order by a.created_at desc limit 1`;
  // The items the file is linked to, by code and name, as far as the caller may see them (RLS).
  const checklistLinks = await tx`
    select i.id, i.item_code, i.name from public.checklist_items i
    where i.deal_id = ${ctx.dealId} and i.id = any(${file.checklist_items ?? []}::uuid[])
    order by i.item_code nulls last, i.name`;
  return {
    ...file,
    checklist_links: checklistLinks,
    versions,
    ...rights,
    can_upload_version: rights.can_edit,
    ai_analysis_id: ai?.ai_analysis_id ?? null,
    ai_analysis_status: ai?.ai_analysis_status ?? null,
    ai_recommended_item: ai?.ai_recommended_item ?? null,
    ai_category: ai?.ai_category ?? null,
    ai_confidence: ai?.ai_confidence ?? null,
    ai_reasoning: ai?.ai_reasoning ?? null,
  };
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

/** One file and everything about it (docs/product.md §7 Files, except uploads). */
export function fileRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const withDeal = <T>(c: Context<ApiEnv>, work: (tx: Tx, ctx: DealContext) => Promise<T>) => withDealScope(deps, c, work);

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
    await deps.blobs.delete(keys).catch((err) => console.error('[dataroom] could not remove stored bytes', err));
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

  app.get('/:dealId/files/:fileId/comments', async (c) =>
    c.json(
      await withDeal(c, async (tx, ctx) => {
        const fileId = fileIdParam(c);
        await loadReadyFile(tx, ctx.dealId, fileId);
        return tx`
        select cm.id, cm.comment, cm.created_at, cm.user_id,
               p.first_name as user_first_name, p.last_name as user_last_name, p.email as user_email
        from public.file_comments cm left join public.profiles p on p.id = cm.user_id
        where cm.file_id = ${fileId} order by cm.created_at, cm.id`;
      }),
    ),
  );

  app.post('/:dealId/files/:fileId/comments', async (c) => {
    const body = await readJson(c, commentBody);
    const comment = await withDeal(c, async (tx, ctx) => {
      const fileId = fileIdParam(c);
      await loadReadyFile(tx, ctx.dealId, fileId);
      requireCapability(ctx, 'comment', 'comment on files');
      const [row] = await tx`
        insert into public.file_comments (file_id, deal_id, user_id, comment)
        values (${fileId}, ${ctx.dealId}, ${ctx.userId}, ${body.comment})
        returning id, comment, created_at, user_id`;
      const [me] = await tx`select first_name, last_name, email from public.profiles where id = ${ctx.userId}`;
      return { ...row, user_first_name: me.first_name, user_last_name: me.last_name, user_email: me.email };
    });
    return c.json(comment, 201);
  });

  const metadataOf = async (tx: Tx, fileId: string) => {
    const [row] = await tx`
      select m.custom_file_category, m.document_type, m.quick_summary, m.confidentiality_level,
             m.date_range_start::text, m.date_range_end::text, m.people_mentioned, m.named_organizations,
             m.languages_used, m.ai_generated_at, m.updated_at
      from public.file_metadata m where m.file_id = ${fileId}`;
    return (
      row ?? {
        custom_file_category: null,
        document_type: null,
        quick_summary: null,
        confidentiality_level: null,
        date_range_start: null,
        date_range_end: null,
        people_mentioned: [],
        named_organizations: [],
        languages_used: [],
        ai_generated_at: null,
        updated_at: null,
      }
    );
  };

  app.get('/:dealId/files/:fileId/metadata', async (c) =>
    c.json(
      await withDeal(c, async (tx, ctx) => {
        const fileId = fileIdParam(c);
        const file = await fileDetail(tx, ctx, fileId);
        const metadata = await metadataOf(tx, fileId);
        return { file, metadata: { ...metadata, formatted_title: file.formatted_title, file_size: file.size_bytes } };
      }),
    ),
  );

  app.put('/:dealId/files/:fileId/metadata', async (c) => {
    const body = await readJson(c, metadataUpdate);
    const expected = ifMatch(c);
    const result = await withDeal(c, async (tx, ctx) => {
      const fileId = fileIdParam(c);
      await beginEdit(tx, ctx, fileId, expected);
      const file = await loadReadyFile(tx, ctx.dealId, fileId);
      if (!(await fileRightsOf(tx, ctx, file.id)).can_edit)
        throw new HttpError(403, "You don't have permission to edit this file.");
      const { formatted_title, ...fields } = body;
      if (formatted_title !== undefined) {
        await tx`update public.files set formatted_title = ${formatted_title ?? null} where id = ${fileId}`;
      }
      const current = await metadataOf(tx, fileId);
      const merged = { ...current, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) };
      // The range as it will be stored: a new end must not fall before the start saved earlier.
      if (merged.date_range_start && merged.date_range_end && merged.date_range_start > merged.date_range_end) {
        throw new HttpError(400, DATE_RANGE_ERROR);
      }
      await tx`
        insert into public.file_metadata (file_id, deal_id, custom_file_category, document_type, quick_summary,
          confidentiality_level, date_range_start, date_range_end, people_mentioned, named_organizations, languages_used, updated_at)
        values (${fileId}, ${ctx.dealId}, ${merged.custom_file_category ?? null}, ${merged.document_type ?? null},
          ${merged.quick_summary ?? null}, ${merged.confidentiality_level ?? null}, ${merged.date_range_start ?? null}::text::date,
          ${merged.date_range_end ?? null}::text::date, ${merged.people_mentioned}, ${merged.named_organizations}, ${merged.languages_used}, now())
        on conflict (file_id) do update set
          custom_file_category = excluded.custom_file_category, document_type = excluded.document_type,
          quick_summary = excluded.quick_summary, confidentiality_level = excluded.confidentiality_level,
          date_range_start = excluded.date_range_start, date_range_end = excluded.date_range_end,
          people_mentioned = excluded.people_mentioned, named_organizations = excluded.named_organizations,
          languages_used = excluded.languages_used, updated_at = now()`;
      await endEdit(tx, ctx, fileId);
      const fresh = await fileDetail(tx, ctx, fileId);
      return {
        file: fresh,
        metadata: { ...(await metadataOf(tx, fileId)), formatted_title: fresh.formatted_title, file_size: fresh.size_bytes },
      };
    });
    return c.json(result);
  });

  app.get('/:dealId/files/:fileId/permissions', async (c) =>
    c.json(
      await withDeal(c, async (tx, ctx) => {
        const fileId = fileIdParam(c);
        const file = await loadReadyFile(tx, ctx.dealId, fileId);
        const [p] = await tx`
        select allowed_users, allowed_groups, allowed_tags, denied_users, denied_groups, denied_tags
        from public.file_permissions where file_id = ${fileId}`;
        return {
          type: file.permission_type,
          allowed_users: p?.allowed_users ?? [],
          allowed_groups: p?.allowed_groups ?? [],
          allowed_tags: p?.allowed_tags ?? [],
          denied_users: p?.denied_users ?? [],
          denied_groups: p?.denied_groups ?? [],
          denied_tags: p?.denied_tags ?? [],
          can_edit: (await fileRightsOf(tx, ctx, file.id)).can_edit,
        };
      }),
    ),
  );

  app.put('/:dealId/files/:fileId/permissions', async (c) => {
    const body = await readJson(c, permissionsUpdate);
    const result = await withDeal(c, async (tx, ctx) => {
      const fileId = fileIdParam(c);
      const file = await loadReadyFile(tx, ctx.dealId, fileId);
      if (!(await fileRightsOf(tx, ctx, file.id)).can_edit)
        throw new HttpError(403, "You don't have permission to change who can see this file.");
      const members = new Set(
        (
          await tx<{ user_id: string }[]>`
        select user_id from public.deal_members where deal_id = ${ctx.dealId}`
        ).map((m) => m.user_id),
      );
      const strangers = [...body.allowed_users, ...body.denied_users].filter((id) => !members.has(id));
      if (strangers.length) throw new HttpError(400, 'Permissions can only name members of this deal.');
      // Denied entries win, so an id in both lists is simply denied.
      const allowedUsers = body.allowed_users.filter((id) => !body.denied_users.includes(id));
      await tx`
        insert into public.file_permissions (file_id, deal_id, allowed_users, allowed_groups, allowed_tags,
          denied_users, denied_groups, denied_tags, updated_at)
        values (${fileId}, ${ctx.dealId}, ${allowedUsers}::uuid[], ${body.allowed_groups}::uuid[], ${body.allowed_tags}::uuid[],
          ${body.denied_users}::uuid[], ${body.denied_groups}::uuid[], ${body.denied_tags}::uuid[], now())
        on conflict (file_id) do update set
          allowed_users = excluded.allowed_users, allowed_groups = excluded.allowed_groups, allowed_tags = excluded.allowed_tags,
          denied_users = excluded.denied_users, denied_groups = excluded.denied_groups, denied_tags = excluded.denied_tags,
          updated_at = now()`;
      await tx`update public.files set permission_type = ${body.type} where id = ${fileId}`;
      return {
        type: body.type,
        allowed_users: allowedUsers,
        allowed_groups: body.allowed_groups,
        allowed_tags: body.allowed_tags,
        denied_users: body.denied_users,
        denied_groups: body.denied_groups,
        denied_tags: body.denied_tags,
        can_edit: true,
      };
    });
    return c.json(result);
  });

  return app;
}
