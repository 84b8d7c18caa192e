/**
 * The embedded server's stamper (decision 53): the viewer's stamp is drawn in a worker thread of its own
 * (server/ai-threads.ts's pool, started apart so a stamp never waits behind an AI analysis), never on the
 * API's event loop: a first stamp of 300 pages takes seconds of CPU that every other request would wait
 * for. A bounded queue: beyond it a reader is told to try again in a few seconds (503, Retry-After),
 * as is one whose stamp outlives the timeout; a document that crashes its thread is a 422 like a damaged one.
 */
import { HttpError } from '../supabase/functions/_shared/errors.ts';
import type { StamperPort } from '../supabase/functions/_shared/ports.ts';
import { notStampable } from '../supabase/functions/_shared/viewer/stamper.ts';
import { QueueFull, startAiThreads, ThreadFailure, type AiThreadOptions } from './ai-threads.ts';

export const STAMPER_BUSY = 'The server is busy preparing other documents. Please try again in a few seconds.';
const RETRY_AFTER_SECONDS = 5;

export interface StampThreads {
  stamper: StamperPort;
  close(): Promise<void>;
}

export function startStampThreads(
  opts: Pick<AiThreadOptions, 'threads' | 'maxQueue' | 'timeoutMs' | 'log' | 'threadFile'> = {},
): StampThreads {
  const pool = startAiThreads({
    // One thread, at the API's priority: a reader waits for it.
    threads: opts.threads ?? 1,
    background: false,
    maxQueue: opts.maxQueue ?? 8,
    timeoutMs: opts.timeoutMs ?? 120_000,
    // A stamped 256 MB PDF holds the document twice over.
    maxOldGenerationSizeMb: 1536,
    label: 'stamping',
    ...(opts.threadFile ? { threadFile: opts.threadFile } : {}),
    ...(opts.log ? { log: opts.log } : {}),
  });
  const busy = () => new HttpError(503, STAMPER_BUSY, undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
  return {
    stamper: {
      async prepare(bytes, kind) {
        try {
          return await pool.prepareStamp(bytes, kind);
        } catch (err) {
          if (err instanceof QueueFull || (err instanceof ThreadFailure && err.why === 'timeout')) throw busy();
          if (err instanceof ThreadFailure) throw new HttpError(422, notStampable(kind));
          throw err;
        }
      },
    },
    close: () => pool.close(),
  };
}
