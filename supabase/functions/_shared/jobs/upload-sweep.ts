import type { ApiDeps } from '../context.ts';

/**
 * Removes uploads abandoned before upload-complete: pending files and unfinished version grants whose
 * URL has expired, with their bytes. Runs with the privileged connection (no user is asking).
 */
export async function sweepAbandonedUploads(deps: Pick<ApiDeps, 'sql' | 'blobs'>): Promise<{ files: number; keys: number }> {
  const keys: string[] = [];
  let files = 0;
  await deps.sql.begin(async (tx) => {
    const grants = await tx<{ storage_key: string }[]>`
      delete from public.upload_grants where completed_at is null and expires_at < now() returning storage_key`;
    keys.push(...grants.map((g) => g.storage_key));
    const pending = await tx<{ id: string }[]>`
      delete from public.files f where f.upload_state = 'pending'
        and not exists (select 1 from public.upload_grants g where g.file_id = f.id and g.expires_at >= now())
        and f.created_at < now() - interval '5 minutes'
      returning f.id`;
    files = pending.length;
  });
  await deps.blobs.delete(keys);
  return { files, keys: keys.length };
}
