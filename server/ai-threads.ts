/**
 * The embedded server's AI pool (docs/architecture.md "Background jobs", docs/decisions.md decision 43):
 * reading documents (pdf.js, DOCX, XLSX) and the built-in classifier and metadata reader run in worker
 * threads, so neither their CPU nor pdf.js's polyfills of globals (JSON.stringify 12-15x slower, issue 33)
 * reach the API's event loop. One job per thread at a time; a job's bytes are transferred, not copied.
 * A thread that crashes or outlives the timeout is ended and replaced, and only its job pays: a document
 * it was reading counts as unreadable (classified from its name, as a damaged or slow file always was),
 * a classification fails like any AI failure (retried by the job table's rules). Idle threads end, giving
 * their memory back, and start again with the next job. The same pool, started on its own, stamps the
 * viewer's PDFs (server/stamp-threads.ts, decision 53): a bounded queue there, so a crowd is told to come
 * back (503) rather than kept waiting.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { EXTRACT_LIMITS, extractText, kindOf, unreadable, type Extracted } from '../supabase/functions/_shared/ai/extract.ts';
import type { AiAnswer, AiPort } from '../supabase/functions/_shared/ai/providers.ts';
import type { Classification, ClassifyInput } from '../supabase/functions/_shared/ai/classifier.ts';
import type { GeneratedMetadata } from '../supabase/functions/_shared/ai/metadata.ts';
import { HttpError } from '../supabase/functions/_shared/errors.ts';
import { errorFields, type Logger } from '../supabase/functions/_shared/logger.ts';
import type { StampKind, StampTemplate } from '../supabase/functions/_shared/ports.ts';

/** What a thread is started with. */
export interface AiThreadData {
  /** The thread's module (run through tsx-thread.mjs when it is TypeScript). */
  module: string;
  /** Lower the thread's own priority before its first job (AiThreadOptions.background). */
  background: boolean;
}

export type ThreadJob = { id: number } & (
  | { op: 'extract'; fileName: string; contentType: string; bytes: Uint8Array | undefined; totalBytes: number }
  | { op: 'classify'; input: ClassifyInput }
  | { op: 'metadata'; fileName: string; text: string }
  | { op: 'prepare-stamp'; kind: StampKind; bytes: Uint8Array }
);
/** An HttpError thrown in the thread keeps its status (a damaged PDF is a 422 wherever it is stamped). */
export type ThreadAnswer = { id: number; result: unknown; error?: undefined } | { id: number; error: string; status?: number };
type JobBody = ThreadJob extends infer J ? (J extends ThreadJob ? Omit<J, 'id'> : never) : never;

/** Why a thread gave no answer: it crashed (or failed to start) or took longer than the timeout. */
export class ThreadFailure extends Error {
  constructor(readonly why: 'crashed' | 'timeout') {
    super(why === 'timeout' ? 'The AI thread took too long and was replaced' : 'The AI thread crashed and was replaced');
  }
}

/** More jobs wait than the pool's `maxQueue`: refused at once. */
export class QueueFull extends Error {
  constructor() {
    super('Too many jobs are waiting for a thread');
  }
}

export interface AiThreadPool {
  /** How many threads it runs at most. */
  readonly threads: number;
  /** extractText, in a thread. */
  extract: typeof extractText;
  /** The built-in AI port, answered in a thread. */
  builtin: AiPort;
  /** watermark.ts's prepareStamp, in a thread (`bytes` are transferred). */
  prepareStamp(bytes: Uint8Array, kind: StampKind): Promise<StampTemplate>;
  /** Ends the threads; jobs still waiting or running are refused. */
  close(): Promise<void>;
}

export interface AiThreadOptions {
  /**
   * Never more than two. Background threads (the default) take every core, since the API's thread
   * comes first anyway; others leave one core to the API.
   */
  threads?: number;
  /**
   * Each thread lowers its own scheduling priority (nice 10; Linux sets it per thread), so it runs on
   * what the API's thread and Postgres leave idle: AI analysis and indexing use both cores of a quiet
   * machine and yield them under load (docs/decisions.md decision 62). The stamper's threads answer a
   * waiting reader, so they keep the API's priority.
   */
  background?: boolean;
  /**
   * A job not answered by then ends its thread: well beyond extraction's own limit (which includes
   * loading pdf.js), for the busy loop that limit cannot interrupt.
   */
  timeoutMs?: number;
  /** A thread idle this long ends. */
  idleMs?: number;
  /** Jobs that may wait for a thread (beyond those running); more are refused with QueueFull. */
  maxQueue?: number;
  /** The heap a thread may use before it crashes (alone). */
  maxOldGenerationSizeMb?: number;
  /** What the log calls these threads ("AI"). */
  label?: string;
  /** The thread's module (tests give one that misbehaves). */
  threadFile?: URL;
  log?: Logger;
}

interface Waiting {
  body: JobBody;
  transfer: ArrayBuffer[];
  resolve(value: unknown): void;
  reject(err: Error): void;
}

interface Slot {
  worker?: Worker;
  /** The thread has loaded its modules and said so. */
  ready?: boolean;
  /** Started when the job is handed to a ready thread: loading the modules is not the job's time. */
  job?: Waiting & { id: number; timer?: ReturnType<typeof setTimeout> };
  /** The thread's start-up, then its idleness. */
  timer?: ReturnType<typeof setTimeout>;
}

// Run through tsx (npm run dev, the tests) this module is TypeScript beside its thread's; `npm start`
// bundles both into .build/ (scripts/start.mjs).
const ownFile = import.meta.url;
const defaultThreadFile = ownFile.endsWith('.ts') ? new URL('./ai-thread.ts', ownFile) : new URL('./ai-thread.mjs', ownFile);
/** Loading the thread's modules through tsx (tests, npm run dev) on a busy machine takes seconds. */
const STARTUP_MS = 120_000;

/** Transferred, so the thread owns them without a copy; a view of a larger buffer is copied once. */
const owned = (bytes: Uint8Array) =>
  bytes.byteOffset !== 0 || bytes.byteLength !== bytes.buffer.byteLength ? bytes.slice() : bytes;

export function startAiThreads(opts: AiThreadOptions = {}): AiThreadPool {
  const background = opts.background ?? true;
  const threads = Math.min(2, Math.max(1, opts.threads ?? availableParallelism() - (background ? 0 : 1)));
  const timeoutMs = opts.timeoutMs ?? EXTRACT_LIMITS.timeoutMs * 2;
  const idleMs = opts.idleMs ?? 10_000;
  const maxQueue = opts.maxQueue ?? Infinity;
  const label = opts.label ?? 'AI';
  const threadFile = opts.threadFile ?? defaultThreadFile;
  const slots: Slot[] = Array.from({ length: threads }, () => ({}));
  const queue: Waiting[] = [];
  let nextId = 1;
  let closed = false;

  const setTimer = (slot: Slot, ms: number, then: () => void) => {
    clearTimeout(slot.timer);
    slot.timer = setTimeout(then, ms);
    slot.timer.unref();
  };

  const retire = (slot: Slot, why: 'crashed' | 'timeout', err?: unknown) => {
    const { worker, job } = slot;
    slot.worker = undefined;
    slot.ready = false;
    slot.job = undefined;
    clearTimeout(slot.timer);
    if (job) {
      clearTimeout(job.timer);
      opts.log?.warn(`an ${label} thread ${why === 'timeout' ? 'took too long' : 'crashed'}; it is replaced`, {
        op: job.body.op,
        ...(err ? errorFields(err) : {}),
      });
      job.reject(new ThreadFailure(why));
    }
    void worker?.terminate();
    dispatch();
  };

  /** Hands the slot's job to its thread once the thread is ready, and starts the job's clock. */
  const post = (slot: Slot) => {
    const job = slot.job;
    if (!job || !slot.ready || job.timer) return;
    job.timer = setTimeout(() => retire(slot, 'timeout'), timeoutMs);
    job.timer.unref();
    slot.worker!.postMessage({ ...job.body, id: job.id }, job.transfer);
  };

  const spawn = (slot: Slot): Worker => {
    const typescript = threadFile.pathname.endsWith('.ts');
    const worker = new Worker(typescript ? new URL('./tsx-thread.mjs', ownFile) : threadFile, {
      workerData: { module: threadFile.href, background } satisfies AiThreadData,
      // A document that needs more than this crashes its thread, not the server.
      resourceLimits: { maxOldGenerationSizeMb: opts.maxOldGenerationSizeMb ?? 512 },
    });
    worker.unref();
    slot.ready = false;
    setTimer(slot, STARTUP_MS, () => retire(slot, 'crashed', new Error('The AI thread did not start')));
    worker.on('message', (answer: ThreadAnswer | 'ready') => {
      if (slot.worker !== worker) return;
      if (answer === 'ready') {
        slot.ready = true;
        clearTimeout(slot.timer);
        post(slot);
        return;
      }
      const job = slot.job;
      if (!job || job.id !== answer.id) return;
      clearTimeout(job.timer);
      slot.job = undefined;
      if (answer.error !== undefined)
        job.reject(answer.status ? new HttpError(answer.status, answer.error) : new Error(answer.error));
      else job.resolve(answer.result);
      dispatch();
    });
    worker.on('error', (err) => {
      if (slot.worker === worker) retire(slot, 'crashed', err);
    });
    worker.on('exit', () => {
      if (slot.worker === worker) retire(slot, 'crashed');
    });
    return worker;
  };

  function dispatch() {
    if (closed) return;
    for (const slot of slots) {
      if (slot.job || !queue.length) continue;
      if (slot.worker && slot.ready) clearTimeout(slot.timer);
      slot.worker ??= spawn(slot);
      slot.job = { ...queue.shift()!, id: nextId++ };
      post(slot);
    }
    // A thread with nothing to do ends after a while, giving back pdf.js's memory.
    for (const slot of slots) {
      if (slot.worker && slot.ready && !slot.job) {
        setTimer(slot, idleMs, () => {
          const worker = slot.worker;
          if (slot.job || !worker) return;
          slot.worker = undefined;
          slot.ready = false;
          void worker.terminate();
        });
      }
    }
  }

  const run = <T>(body: JobBody, transfer: ArrayBuffer[] = []) =>
    new Promise<T>((resolve, reject) => {
      if (closed) return reject(new Error('The AI threads are stopped'));
      if (queue.length >= maxQueue) return reject(new QueueFull());
      queue.push({ body, transfer, resolve: resolve as (value: unknown) => void, reject });
      dispatch();
    });

  return {
    threads,
    async extract(fileName, contentType, bytes, totalBytes) {
      // Nothing to parse: the answer is a note, given here.
      if (!bytes || kindOf(fileName, contentType) === 'other') return await extractText(fileName, contentType, bytes, totalBytes);
      const own = bytes && owned(bytes);
      try {
        return await run<Extracted>(
          { op: 'extract', fileName, contentType, bytes: own, totalBytes },
          own ? [own.buffer as ArrayBuffer] : [],
        );
      } catch (err) {
        if (err instanceof ThreadFailure)
          return unreadable(fileName, contentType, err.why === 'timeout' ? 'took_too_long' : 'damaged');
        throw err;
      }
    },
    builtin: {
      classify: (input) => run<AiAnswer<Classification>>({ op: 'classify', input }),
      metadata: (fileName, text) => run<AiAnswer<GeneratedMetadata>>({ op: 'metadata', fileName, text }),
    },
    prepareStamp(bytes, kind) {
      const own = owned(bytes);
      return run<StampTemplate>({ op: 'prepare-stamp', kind, bytes: own }, [own.buffer as ArrayBuffer]);
    },
    async close() {
      closed = true;
      for (const waiting of queue.splice(0)) waiting.reject(new Error('The AI threads are stopped'));
      await Promise.all(
        slots.map(async (slot) => {
          clearTimeout(slot.timer);
          const { worker, job } = slot;
          slot.worker = undefined;
          slot.ready = false;
          slot.job = undefined;
          if (job) {
            clearTimeout(job.timer);
            job.reject(new Error('The AI threads are stopped'));
          }
          await worker?.terminate();
        }),
      );
    },
  };
}
