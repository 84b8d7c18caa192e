/**
 * Converts queued Office renditions to PDF (docs/architecture.md "Background jobs", docs/decisions.md
 * decision 50): claims one at a time under a lease (`private.claim_file_renditions`, FOR UPDATE SKIP
 * LOCKED), reads the version's bytes from the blob store, runs LibreOffice (server/office-converter.ts),
 * stores the PDF beside the version (`deals/<deal>/files/<file>/v<n>.pdf`) and marks it ready. A failure
 * is handed to `private.fail_file_rendition`: retried after 10 s and 40 s, then failed with its reason.
 * One conversion at a time: LibreOffice takes a whole core, and this machine serves the API too. Woken by
 * NOTIFY on channel file_renditions and by a timer set to the next retry or lease end.
 */
import type { Db } from '../supabase/functions/_shared/db.ts';
import { consoleLogger, errorFields, type Logger } from '../supabase/functions/_shared/logger.ts';
import type { BlobStore } from '../supabase/functions/_shared/ports.ts';
import { startJobLoop, type JobLoop } from '../supabase/functions/_shared/jobs/job-loop.ts';
import type { OfficeConverter } from './office-converter.ts';

/** Larger documents are not converted: the viewer offers the download. */
export const OFFICE_MAX_BYTES = 100 * 1024 * 1024;
const PDF_MAX_BYTES = 1024 * 1024 * 1024;

export interface OfficeWorkerDeps {
  sql: Db;
  blobs: BlobStore;
  converter: OfficeConverter;
  log?: Logger;
  /** Names this worker in the rendition rows; unique per process. */
  workerId: string;
  /** How long a claimed conversion stays this worker's (default 180 s: the converter's timeout and more). */
  leaseSeconds?: number;
  /** The first retry's wait; the second waits four times as long (default 10 s). */
  retrySeconds?: number;
  /** Only this deal's renditions (tests and benchmarks sharing a database). */
  dealId?: string;
}

interface Claimed {
  file_id: string;
  deal_id: string;
  version_number: number;
  attempts: number;
  source_key: string;
  file_name: string;
  content_type: string;
  size_bytes: string;
}

export type RenditionOutcome = 'ready' | 'queued' | 'failed' | 'unavailable' | 'lost';

export const renditionKey = (dealId: string, fileId: string, version: number) =>
  `deals/${dealId}/files/${fileId}/v${version}.pdf`;

async function* once(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}

/** Converts one claimed rendition and records the outcome. */
export async function convertOne(deps: OfficeWorkerDeps, job: Claimed): Promise<RenditionOutcome> {
  const log = deps.log ?? consoleLogger();
  const fail = async (error: string, unavailable = false): Promise<RenditionOutcome> => {
    const [row] = await deps.sql<{ status: RenditionOutcome | null }[]>`
      select private.fail_file_rendition(${job.file_id}::uuid, ${job.version_number}::int, ${deps.workerId}, ${error},
                                         ${deps.retrySeconds ?? 10}::int, ${unavailable}) as status`;
    return row?.status ?? 'lost';
  };
  try {
    if (Number(job.size_bytes) > OFFICE_MAX_BYTES)
      return await fail(
        `This document is too large to preview (over ${OFFICE_MAX_BYTES / 1024 / 1024} MB): download it to read it.`,
        true,
      );
    const bytes = await deps.blobs.read(job.source_key, OFFICE_MAX_BYTES + 1);
    if (!bytes) throw new Error('The stored file is missing');
    const started = performance.now();
    const pdf = await deps.converter.convert(bytes, job.file_name);
    const key = renditionKey(job.deal_id, job.file_id, job.version_number);
    await deps.blobs.put(key, once(pdf), { maxBytes: PDF_MAX_BYTES, contentType: 'application/pdf' });
    const [row] = await deps.sql<{ ok: boolean }[]>`
      select private.finish_file_rendition(${job.file_id}::uuid, ${job.version_number}::int, ${deps.workerId}, ${key}) as ok`;
    log.info('converted an Office file to PDF', {
      file: job.file_id,
      version: job.version_number,
      ms: Math.round(performance.now() - started),
      pdf_bytes: pdf.length,
    });
    return row?.ok ? 'ready' : 'lost';
  } catch (err) {
    log.warn('an Office conversion failed', { file: job.file_id, version: job.version_number, ...errorFields(err) });
    try {
      return await fail(err instanceof Error ? err.message : String(err));
    } catch {
      return 'lost'; // the database is away: the lease runs out and the rendition is claimed again
    }
  }
}

export type RunningOfficeWorker = JobLoop;

export function startOfficeWorker(deps: OfficeWorkerDeps): RunningOfficeWorker {
  return startJobLoop({
    name: 'the Office converter',
    log: deps.log ?? consoleLogger(),
    concurrency: 1,
    // One conversion at a time: the function claims one rendition.
    claim: () => deps.sql<Claimed[]>`
      select file_id, deal_id, version_number, attempts, source_key, file_name, content_type, size_bytes::text
      from private.claim_file_renditions(${deps.workerId}, ${deps.leaseSeconds ?? 180}::int, ${deps.dealId ?? null}::uuid)`,
    run: (job) => convertOne(deps, job),
    listen: { sql: deps.sql, channel: 'file_renditions' },
    nextAt: async () => (await deps.sql<{ at: Date | null }[]>`select private.next_file_rendition_at() as at`)[0]?.at,
  });
}
