/**
 * Runs AI jobs (docs/architecture.md "Background jobs"): claims them in the database under a lease,
 * reads the file's bytes, extracts its text, asks the AI port and records the result once. Any failure
 * is handed back to the database, which retries with backoff and then marks the file try_again; the
 * file itself is never touched. The same code runs embedded (startAiWorker, woken by NOTIFY) and on
 * Supabase (drainAiJobs, called by the ai-worker edge function).
 */
import type { Db } from '../db.ts';
import type { Logger } from '../logger.ts';
import { consoleLogger, errorFields } from '../logger.ts';
import type { BlobStore } from '../ports.ts';
import { drainJobs, startJobLoop, type JobLoop } from '../jobs/job-loop.ts';
import { capUnread, type ChecklistEntry } from './classifier.ts';
import { bytesNeeded, extractText, kindOf } from './extract.ts';
import type { AiPort } from './providers.ts';

export interface AiWorkerDeps {
  sql: Db;
  blobs: BlobStore;
  ai: AiPort;
  log?: Logger;
  /** Names this worker in the job table; unique per process. */
  workerId: string;
  /** How long a claimed job stays this worker's before another may take it. */
  leaseSeconds?: number;
  /** Only this deal's jobs (benchmarks and tests that share a database with other work). */
  dealId?: string;
  /**
   * Reads a file's text: extractText in this thread by default (Deno, the edge function); the embedded
   * server passes its AI threads' (server/ai-threads.ts), keeping pdf.js out of the API's process.
   */
  extract?: typeof extractText;
  /** Told of each file once its analysis is recorded (the embedded server prepares its viewer stamp). */
  onAnalysed?: (file: { storageKey: string; fileName: string; contentType: string; sizeBytes: number }) => void;
}

interface ClaimedJob {
  job_id: string;
  file_id: string;
  deal_id: string;
  version_number: number;
  attempts: number;
  storage_key: string;
  file_name: string;
  content_type: string;
  size_bytes: string;
}

export type JobOutcome = 'done' | 'queued' | 'failed' | 'lost';

async function claim(deps: AiWorkerDeps, limit: number): Promise<ClaimedJob[]> {
  return await deps.sql<ClaimedJob[]>`
    select job_id::text, file_id, deal_id, version_number, attempts, storage_key, file_name, content_type, size_bytes::text
    from private.claim_ai_jobs(${deps.workerId}, ${limit}, ${deps.leaseSeconds ?? 120}, ${deps.dealId ?? null}::uuid)`;
}

const CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

/** Whether an error says the database is unreachable (not that it refused what was asked). */
export function isConnectionError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CONNECTION_CODES.has(code);
}

/** Runs `work`, trying again while the database is unreachable, for up to a minute (within the lease). */
async function whileDatabaseIsBack<T>(work: () => Promise<T>, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (let wait = 250; ; wait = Math.min(wait * 2, 5_000)) {
    try {
      return await work();
    } catch (err) {
      if (!isConnectionError(err) || Date.now() + wait > until) throw err;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** Analyses one claimed job and records the outcome. */
export async function runJob(deps: AiWorkerDeps, job: ClaimedJob): Promise<JobOutcome> {
  const log = deps.log ?? consoleLogger();
  try {
    const checklist = await whileDatabaseIsBack(
      () => deps.sql<ChecklistEntry[]>`
      select item_id, item_code, name, description, category, requirements, catalog_title, catalog_description
      from private.ai_checklist(${job.deal_id})`,
    );
    const kind = kindOf(job.file_name, job.content_type);
    const want = bytesNeeded(kind);
    const bytes = want > 0 ? await deps.blobs.read(job.storage_key, want) : undefined;
    const extracted = await (deps.extract ?? extractText)(job.file_name, job.content_type, bytes, Number(job.size_bytes));
    const answer = await deps.ai.classify({ fileName: job.file_name, text: extracted.text, textNote: extracted.note, checklist });
    if (answer.fallbackReason)
      log.warn('the AI provider failed; the built-in classifier answered', { job: job.job_id, reason: answer.fallbackReason });
    const result = {
      provider: answer.provider,
      // Matched on its name alone (damaged, scanned, protected...): the suggestion says so and is capped.
      candidates: extracted.extraction === 'name_only' ? capUnread(answer.result.candidates) : answer.result.candidates,
      reasoning:
        extracted.note && !answer.result.reasoning.includes(extracted.note)
          ? `${answer.result.reasoning} ${extracted.note}`.trim()
          : answer.result.reasoning,
      ai_tags: answer.result.ai_tags,
      extraction: extracted.extraction,
      text: extracted.text,
      text_truncated: extracted.truncated,
      text_note: extracted.note ?? null,
      page_starts: extracted.pageStarts ?? null,
    };
    // The result is worth keeping through a database restart: retry while the connection is down.
    const [row] = await whileDatabaseIsBack(
      () => deps.sql<{ ok: boolean }[]>`
      select private.finish_ai_job(${job.job_id}::bigint, ${deps.workerId}, ${deps.sql.json(result as never)}) as ok`,
    );
    if (!row.ok) return 'lost';
    deps.onAnalysed?.({
      storageKey: job.storage_key,
      fileName: job.file_name,
      contentType: job.content_type,
      sizeBytes: Number(job.size_bytes),
    });
    return 'done';
  } catch (err) {
    log.error('an AI job failed', { job: job.job_id, file: job.file_id, ...errorFields(err) });
    if (isConnectionError(err)) return 'lost'; // the lease runs out and the job is claimed again
    try {
      const [row] = await whileDatabaseIsBack(
        () => deps.sql<{ status: string | null }[]>`
        select private.fail_ai_job(${job.job_id}::bigint, ${deps.workerId}, ${err instanceof Error ? err.message : String(err)}) as status`,
      );
      return (row.status as JobOutcome | null) ?? 'lost';
    } catch {
      // The database is away: the lease runs out and the job is claimed again.
      return 'lost';
    }
  }
}

/**
 * Claims and runs jobs until none is claimable or `deadline` (ms since epoch) passes, `concurrency` at a
 * time. Returns how many jobs it ran.
 */
export async function drainAiJobs(deps: AiWorkerDeps, opts: { concurrency?: number; deadline?: number } = {}): Promise<number> {
  return await drainJobs(
    (limit) => claim(deps, limit),
    (job) => runJob(deps, job),
    { concurrency: opts.concurrency ?? 2, deadline: opts.deadline },
  );
}

export type RunningAiWorker = JobLoop;

/**
 * The embedded worker: `concurrency` jobs at a time, woken by NOTIFY on channel ai_jobs and by a timer set
 * to the next job's run_after (a retry's backoff, a dead worker's lease); no polling loop.
 */
export function startAiWorker(deps: AiWorkerDeps, opts: { concurrency?: number } = {}): RunningAiWorker {
  return startJobLoop({
    name: 'the AI worker',
    log: deps.log ?? consoleLogger(),
    concurrency: opts.concurrency ?? 2,
    claim: (limit) => claim(deps, limit),
    run: (job) => runJob(deps, job),
    listen: { sql: deps.sql, channel: 'ai_jobs' },
    nextAt: async () => (await deps.sql<{ at: Date | null }[]>`select private.next_ai_job_at() as at`)[0]?.at,
  });
}
