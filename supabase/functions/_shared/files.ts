/**
 * One file of a deal as every area reads it: its id from the path (404 for anything but a uuid), the
 * columns every file answer carries (docs/product.md §3 File), and loading it as the caller (RLS decides).
 */
import type { Context } from 'hono';
import type { FileRights } from './contracts/dataroom.ts';
import type { DealContext } from './deal-scope.ts';
import type { Tx } from './db.ts';
import { isUuid } from './db.ts';
import { HttpError } from './errors.ts';

export const FILE_NOT_FOUND = 'File not found';

export function fileIdParam(c: Context): string {
  const id = c.req.param('fileId') ?? '';
  if (!isUuid(id)) throw new HttpError(404, FILE_NOT_FOUND);
  return id;
}

/** The columns every file answer carries (docs/product.md §3 File). Sizes are JSON numbers, as in the listing (int8 would be a string). */
export const fileSelect = (tx: Tx) => tx`
  f.id, f.deal_id, f.folder_id, f.name, f.formatted_title, f.file_type, f.content_type,
  f.current_version, f.size_bytes::float8 as size_bytes, f.tags, f.checklist_items,
  f.approval_status, f.approval_note, f.ai_status, f.permission_type, f.upload_state,
  f.created_at, f.updated_at, f.archived_at, f.uploaded_by, f.edit_version,
  coalesce((select fo.full_path from public.folders fo where fo.id = f.folder_id), '/') as path,
  (select json_build_object('id', p.id, 'email', p.email, 'first_name', p.first_name, 'last_name', p.last_name)
     from public.profiles p where p.id = f.uploaded_by) as uploader`;

export async function loadFile(tx: Tx, dealId: string, fileId: string): Promise<Record<string, any>> {
  const [file] = await tx`
    select ${fileSelect(tx)} from public.files f
    where f.id = ${fileId} and f.deal_id = ${dealId}`;
  if (!file) throw new HttpError(404, FILE_NOT_FOUND);
  return file;
}

export async function loadReadyFile(tx: Tx, dealId: string, fileId: string): Promise<Record<string, any>> {
  const file = await loadFile(tx, dealId, fileId);
  if (file.upload_state !== 'ready') throw new HttpError(404, FILE_NOT_FOUND);
  return file;
}

/**
 * What the caller may do with each file, computed beside the row (`f`) in SQL: the listing, search and
 * the file page answer with these flags, and the web shows its buttons by them instead of deriving the
 * rule again. An admin and the uploader may edit, replace and download the file; others by their
 * capabilities. In an archived deal no one edits, not even an admin or the uploader (docs/decisions.md
 * decision 8). The AI rights are those of private.can_request_ai and private.can_decide_ai.
 */
export function fileRightsColumns(tx: Tx, ctx: DealContext) {
  const open = !ctx.archived;
  const admin = open && ctx.role === 'admin';
  const has = (capability: string) => ctx.capabilities.has(capability);
  const orMine = (granted: boolean) => tx`(${granted}::boolean or (${open}::boolean and f.uploaded_by = ${ctx.userId}::uuid))`;
  return tx`
    ${orMine(admin || has('edit_files'))} as can_edit,
    ${orMine(admin || has('download'))} as can_download,
    ${has('approve')}::boolean as can_approve,
    ${has('comment')}::boolean as can_comment,
    ${orMine(open && (admin || ['upload', 'edit_files', 'approve'].some(has)))} as can_request_ai,
    ${orMine(open && (admin || ['edit_files', 'approve'].some(has)))} as can_decide_ai`;
}

/** The caller's rights on one file, by the same rule as the listing's. */
export async function fileRightsOf(tx: Tx, ctx: DealContext, fileId: string): Promise<FileRights> {
  const [rights] = await tx<FileRights[]>`select ${fileRightsColumns(tx, ctx)} from public.files f where f.id = ${fileId}`;
  if (!rights) throw new HttpError(404, FILE_NOT_FOUND);
  return rights;
}
