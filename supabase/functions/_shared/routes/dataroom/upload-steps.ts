/**
 * What the upload flows of uploads.ts share: where a new file goes and under which name, the form's
 * declared size, the store's upload target, and recording the version whose bytes arrived.
 */
import type { Context } from 'hono';
import type { ApiDeps } from '../../context.ts';
import type { Tx } from '../../db.ts';
import { HttpError } from '../../errors.ts';
import { readJson } from '../../validate.ts';
import type { UploadTarget } from '../../ports.ts';
import type { ResumableUpload } from '../../contracts/dataroom.ts';
import { formFieldsJson } from '../../contracts/uploads.ts';
import {
  fileNameTaken,
  folderAtPath,
  freeName,
  itemName,
  requireCapability,
  RESUMABLE_UPLOAD_SECONDS,
  UPLOAD_URL_SECONDS,
  type DealContext,
} from './common.ts';

function conflict(name: string, existingId?: string): never {
  throw new HttpError(409, `A file named "${name}" already exists in this folder`, { existing_file_id: existingId });
}

async function existingFileId(tx: Tx, dealId: string, folderId: string | null, name: string): Promise<string | undefined> {
  const [row] = await tx<{ id: string }[]>`
    select id from public.files where deal_id = ${dealId} and folder_id is not distinct from ${folderId}
      and lower(name) = lower(${name}) and archived_at is null and upload_state = 'ready'`;
  return row?.id;
}

/**
 * Where a new file goes and under which name (409, or "name (2).ext" with keep_both). The name is
 * checked against every file of the folder, also those the caller cannot see; the 409 names the file
 * only when the caller sees it (for "Upload as new version").
 */
export async function placeNewFile(
  tx: Tx,
  ctx: DealContext,
  rawName: unknown,
  path: string | null | undefined,
  onConflict: string,
) {
  requireCapability(ctx, 'upload', 'upload files');
  const folderId = await folderAtPath(tx, ctx.dealId, path);
  let name = itemName(rawName, 'file');
  if (await fileNameTaken(tx, ctx.dealId, folderId, name)) {
    if (onConflict !== 'keep_both') conflict(name, await existingFileId(tx, ctx.dealId, folderId, name));
    name = await freeName(tx, ctx.dealId, folderId, name);
  }
  return { folderId, name };
}

/** Reads `file_size` from a form (multipart or urlencoded) or JSON body. */
export async function formFields(c: Context): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    const body = await readJson(c, formFieldsJson);
    return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
  }
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    let body: Record<string, unknown>;
    try {
      body = await c.req.parseBody();
    } catch {
      throw new HttpError(400, 'The form could not be read: send file_size as multipart/form-data, urlencoded or JSON.');
    }
    return Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  }
  throw new HttpError(400, 'Send the form fields as multipart/form-data, urlencoded or JSON.');
}

export function fileSizeField(fields: Record<string, string>): number {
  const raw = fields.file_size;
  if (raw === undefined || raw === '') throw new HttpError(400, 'file_size is required.');
  const size = Number(raw);
  if (!Number.isSafeInteger(size) || size < 0) throw new HttpError(400, 'file_size must be a whole number of bytes.');
  return size;
}

/** Records a stored version after checking the bytes that actually arrived. */
export async function recordVersion(deps: ApiDeps, tx: Tx, grant: Record<string, any>, declaredSize: number, userId: string) {
  const stored = await deps.blobs.stat(grant.storage_key);
  if (!stored) throw new HttpError(400, "The file's bytes have not arrived. Upload the file again.");
  if (stored.size !== declaredSize) {
    throw new HttpError(
      400,
      `The stored file is ${stored.size} bytes but file_size says ${declaredSize}. Upload the file again.`,
    );
  }
  await tx`
    insert into public.file_versions (file_id, deal_id, version_number, storage_key, size_bytes, sha256,
                                      original_name, content_type, uploaded_by)
    values (${grant.file_id}, ${grant.deal_id}, ${grant.version_number}, ${grant.storage_key}, ${stored.size},
            ${stored.sha256}, ${grant.original_name}, ${grant.content_type}, ${userId})`;
  await tx`update public.upload_grants set completed_at = now() where storage_key = ${grant.storage_key}`;
  return stored;
}

/** Both ways to send the bytes, with the lifetimes the store actually grants. */
export async function uploadTarget(deps: ApiDeps, key: string, contentType: string) {
  const target: UploadTarget = await deps.blobs.createUploadUrl(key, {
    expiresInSeconds: UPLOAD_URL_SECONDS,
    resumableSeconds: RESUMABLE_UPLOAD_SECONDS,
    maxBytes: deps.config.maxUploadBytes,
    contentType,
  });
  const { resumable } = target;
  const resumableUpload: ResumableUpload = {
    endpoint: resumable.endpoint,
    headers: resumable.headers,
    with_access_token: resumable.withAccessToken,
    metadata: resumable.metadata,
    chunk_size: resumable.chunkSize,
    expires_at: resumable.expiresAt.toISOString(),
  };
  return {
    upload_url: target.url,
    upload_fields: target.fields,
    upload_url_expires_at: target.expiresAt.toISOString(),
    resumable: resumableUpload,
  };
}

/** Runs `work` in a savepoint so a unique violation on the file name (and only that one) becomes a clean 409. */
export async function nameGuard<T>(
  tx: Tx,
  name: string,
  folderId: string | null,
  dealId: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return (await tx.savepoint(() => work())) as T;
  } catch (err) {
    const e = err as { code?: string; constraint_name?: string };
    if (e.code === '23505' && e.constraint_name === 'files_unique_name')
      conflict(name, await existingFileId(tx, dealId, folderId, name));
    throw err;
  }
}

/**
 * Completions of one file run one after another: a client that timed out and retried gets the same
 * answer as its first try, never a false "name exists" from the two racing for the same version row.
 */
export async function serialiseCompletions(tx: Tx, fileId: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${`upload-complete:${fileId}`}, 0))`;
}
