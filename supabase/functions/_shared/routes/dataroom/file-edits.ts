/** What the edits of one file share: its details, the If-Match an edit is based on, and one edit at a time (decision 45). */
import type { Context } from 'hono';
import type { Tx } from '../../db.ts';
import { HttpError } from '../../errors.ts';
import { FILE_NOT_FOUND, fileRightsColumns, fileSelect, type DealContext } from './common.ts';
import type { FileRights } from '../../contracts/dataroom.ts';

/**
 * The `If-Match` of an edit: the `version` (edit_version) the client's copy of the file had; undefined when
 * not sent or `*`. Accepts the file's ETag (`"<edit_version>-<digest>"`, weak or strong: compression
 * weakens it) or the bare version the web app sends (`"3"`): only the edit version counts (decision 45).
 */
export function ifMatch(c: Context): number | undefined {
  const raw = c.req.header('if-match')?.trim();
  if (raw === undefined || raw === '*') return undefined;
  const m = /^(?:W\/)?"?(\d{1,15})(?:-[0-9a-f]*)?"?$/.exec(raw);
  const version = Number(m?.[1]);
  if (!m || !Number.isSafeInteger(version) || version < 1)
    throw new HttpError(400, 'If-Match must be the version of the file you edited, e.g. "3".');
  return version;
}

/**
 * Edits of one file run one after another; one based on an older version than the stored one is a 412
 * (the precondition If-Match failed) that names who changed it and carries the current file, so nobody's
 * edit is silently lost. 409 stays for real conflicts (a name taken in the folder).
 */
export async function beginEdit(tx: Tx, ctx: DealContext, fileId: string, expected: number | undefined): Promise<void> {
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
export async function endEdit(tx: Tx, ctx: DealContext, fileId: string): Promise<void> {
  await tx`update public.files set edit_version = edit_version + 1, edited_by = ${ctx.userId} where id = ${fileId}`;
}

/** A file with its versions, the caller's rights on it, its checklist links and the latest AI recommendation. */
export async function fileDetail(tx: Tx, ctx: DealContext, fileId: string): Promise<Record<string, any>> {
  // One round trip: the four reads leave together and the connection answers them in order.
  const [[row], versions, [ai], checklistLinks] = await Promise.all([
    // The file with what the caller may do with it (the listing's rule).
    tx`select ${fileSelect(tx)}, ${fileRightsColumns(tx, ctx)} from public.files f
       where f.id = ${fileId} and f.deal_id = ${ctx.dealId}`,
    tx`
      select v.version_number, v.uploaded_at, v.size_bytes::float8 as file_size, v.sha256, v.original_name, v.content_type,
             v.people_mentioned, v.named_organizations, v.languages_used,
             p.email as uploaded_by_email, p.first_name as uploaded_by_first_name, p.last_name as uploaded_by_last_name
      from public.file_versions v left join public.profiles p on p.id = v.uploaded_by
      where v.file_id = ${fileId} order by v.version_number desc`,
    // The latest analysis' recommendation (docs/product.md §3 File: AI recommended item, category, confidence, reasoning).
    tx`
      select a.id as ai_analysis_id, a.status as ai_analysis_status, a.confidence as ai_confidence, a.reasoning as ai_reasoning,
             a.recommended_category as ai_category,
             case when a.recommended_item_id is null then null
                  else json_build_object('id', a.recommended_item_id, 'name', a.recommended_item_name, 'category', a.recommended_category) end
               as ai_recommended_item
      from public.file_ai_analyses a where a.file_id = ${fileId} and a.status <> 'superseded'
      order by a.created_at desc limit 1`,
    // The items the file is linked to, by code and name, as far as the caller may see them (RLS, the file's too).
    tx`
      select i.id, i.item_code, i.name from public.checklist_items i
      where i.deal_id = ${ctx.dealId}
        and i.id = any(coalesce((select f.checklist_items from public.files f where f.id = ${fileId}), '{}'))
      order by i.item_code nulls last, i.name`,
  ]);
  if (!row || row.upload_state !== 'ready') throw new HttpError(404, FILE_NOT_FOUND);
  const { can_edit, can_download, can_approve, can_comment, can_request_ai, can_decide_ai, ...file } = row;
  const rights: FileRights = { can_edit, can_download, can_approve, can_comment, can_request_ai, can_decide_ai };
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
