/**
 * The ZIP export worker (docs/decisions.md decision 48): claims a queued export under a lease, streams its
 * archive into the blob store (`deals/<deal>/exports/<id>.zip`), marks it ready for 24 hours and mails
 * the requester a link; removes expired exports with their archives. Runs with the privileged connection:
 * the files were resolved and checked as the requester when the export was recorded (private.create_export).
 * Embedded, `npm start` runs it, woken by NOTIFY export_jobs; on Supabase the ai-worker edge function
 * drains queued exports after its AI jobs (`drainExports`), woken by the API as it queues one.
 */
import type { Db } from '../db.ts';
import type { Logger } from '../logger.ts';
import { consoleLogger, errorFields } from '../logger.ts';
import type { BlobStore, MailPort } from '../ports.ts';
import type { RefusedFile } from '../contracts/exports.ts';
import { archiveBound, exportArchive, formatBytes, type StoredEntry, type StoredRename } from '../export-plan.ts';
import { safeName } from '../export-names.ts';
import { startJobLoop, type JobLoop } from './job-loop.ts';

export interface ExportWorkerDeps {
  sql: Db;
  blobs: BlobStore;
  mail: MailPort;
  /** The web app's public origin, for links in mail. */
  publicUrl: string;
  log?: Logger;
}

const LEASE_MINUTES = 30;
const MAX_ATTEMPTS = 3;
const LINK_SECONDS = 24 * 3600;

interface ClaimedExport {
  id: string;
  deal_id: string;
  attempts: number;
  entries: StoredEntry[];
  renames: StoredRename[];
  refused: RefusedFile[];
  created_at: Date;
  file_count: number;
  total_bytes: string;
  deal_name: string;
  email: string | null;
}

export const exportKey = (dealId: string, exportId: string) => `deals/${dealId}/exports/${exportId}.zip`;

/** Fails exports whose lease ran out too often, and claims the oldest queued one under a lease. */
async function claimExport(deps: ExportWorkerDeps): Promise<ClaimedExport[]> {
  await deps.sql`
    update public.exports set status = 'failed', lease_until = null, finished_at = now(),
      error = 'The export could not be prepared. Please try again.'
    where mode = 'job' and status = 'running' and lease_until < now() and attempts >= ${MAX_ATTEMPTS}`;
  const [job] = await deps.sql<ClaimedExport[]>`
    update public.exports e set status = 'running', attempts = e.attempts + 1,
      lease_until = now() + make_interval(mins => ${LEASE_MINUTES})
    where e.id = (select id from public.exports
                  where mode = 'job' and expires_at > now()
                    and (status = 'queued' or (status = 'running' and lease_until < now()))
                  order by created_at for update skip locked limit 1)
    returning e.id, e.deal_id, e.attempts, e.entries, e.renames, e.refused, e.created_at, e.file_count,
      e.total_bytes::text, (select d.name from public.deals d where d.id = e.deal_id) as deal_name,
      (select u.email from auth.users u where u.id = e.user_id) as email`;
  return job ? [job] : [];
}

/** Claims and prepares one queued export; false when there was none. */
export async function runOneExport(deps: ExportWorkerDeps): Promise<boolean> {
  const [job] = await claimExport(deps);
  if (job) await prepareExport(deps, job);
  return !!job;
}

/** Writes a claimed export's archive, marks it ready and mails its link; or marks it failed. */
async function prepareExport(deps: ExportWorkerDeps, job: ClaimedExport): Promise<void> {
  const key = exportKey(job.deal_id, job.id);
  try {
    await deps.blobs.put(key, exportArchive(deps.blobs, job), { maxBytes: archiveBound(job), contentType: 'application/zip' });
    const [done] = await deps.sql<{ id: string }[]>`
      update public.exports set status = 'ready', storage_key = ${key}, lease_until = null, finished_at = now(),
        expires_at = now() + make_interval(secs => ${LINK_SECONDS})
      where id = ${job.id} and status = 'running' returning id`;
    if (!done) return;
    if (job.email) {
      let url = await deps.blobs.createDownloadUrl(key, {
        filename: `${safeName(job.deal_name)} export.zip`,
        contentType: 'application/zip',
        expiresInSeconds: LINK_SECONDS,
      });
      if (url.startsWith('/')) url = `${deps.publicUrl.replace(/\/$/, '')}${url}`;
      await deps.mail.send({
        to: job.email,
        subject: `Your export of "${job.deal_name}" is ready`,
        body:
          `Your ZIP export of ${job.file_count} files (${formatBytes(Number(job.total_bytes))}) from "${job.deal_name}" is ready.\n\n` +
          `Download it within 24 hours:\n${url}\n\nIt is also listed under Exports in the deal's data room.` +
          (job.refused.length ? `\n\n${job.refused.length} files were left out; MANIFEST.txt in the ZIP lists them.` : ''),
      });
    }
  } catch (err) {
    (deps.log ?? consoleLogger()).error('a ZIP export failed', { export_id: job.id, ...errorFields(err) });
    await deps.blobs.delete([key]).catch(() => {});
    await deps.sql`
      update public.exports set status = 'failed', lease_until = null, finished_at = now(),
        error = 'The export could not be prepared. Please try again.'
      where id = ${job.id} and status = 'running'`;
  }
}

/** Removes exports past their 24 hours, with their archives. */
export async function sweepExpiredExports(deps: Pick<ExportWorkerDeps, 'sql' | 'blobs'>): Promise<number> {
  const gone = await deps.sql<{ storage_key: string | null }[]>`
    delete from public.exports where expires_at < now() returning storage_key`;
  await deps.blobs.delete(gone.map((g) => g.storage_key).filter((k): k is string => !!k));
  return gone.length;
}

/**
 * Sweeps expired exports, then prepares queued ones one at a time until none is left or `deadline` (epoch
 * ms) has passed: the ai-worker edge function's turn (an invocation is short; an export it could not
 * finish is claimed again once its lease has run out). Returns how many it prepared.
 */
export async function drainExports(deps: ExportWorkerDeps, deadline: number): Promise<number> {
  await sweepExpiredExports(deps);
  let prepared = 0;
  while (Date.now() < deadline && (await runOneExport(deps))) prepared += 1;
  return prepared;
}

/** Runs queued exports one at a time, woken by NOTIFY export_jobs and every minute; sweeps expired ones. */
export function startExportWorker(deps: ExportWorkerDeps): JobLoop {
  return startJobLoop({
    name: 'the export worker',
    log: deps.log ?? consoleLogger(),
    concurrency: 1,
    beforeClaims: () => sweepExpiredExports(deps),
    claim: () => claimExport(deps),
    run: (job) => prepareExport(deps, job),
    listen: { sql: deps.sql, channel: 'export_jobs' },
    pollMs: 60_000,
  });
}
