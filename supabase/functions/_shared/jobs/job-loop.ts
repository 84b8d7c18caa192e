/**
 * The loop every background worker runs (docs/architecture.md "Background jobs"): the worker says what to
 * claim and how to run one claimed job; the loop claims while it has room, runs up to `concurrency` jobs at
 * once, looks again when one ends, when woken (NOTIFY on `channel`, a test, the server) and when a timer
 * fires (the next job's time from `nextAt`, or a fixed `pollMs`), and backs off after an error. Runs under
 * Node and Deno: no `node:` imports.
 */
import type { Db } from '../db.ts';
import { errorFields, type Logger } from '../logger.ts';
import { listenForWork } from './listen.ts';

export interface JobLoopOptions<J> {
  /** Names the worker in log lines ("the AI worker"). */
  name: string;
  log: Logger;
  /** Claims up to `limit` jobs under a lease; none when nothing is claimable. Throws when it could not ask. */
  claim(limit: number): Promise<J[]>;
  /** Runs one claimed job to its end and records the outcome (a job's own failure is the worker's to record). */
  run(job: J): Promise<unknown>;
  /** How many jobs run at once (default 1). */
  concurrency?: number;
  /** Woken by NOTIFY on this channel (and when the listening connection is made again). */
  listen?: { sql: Pick<Db, 'listen'>; channel: string };
  /** When the next job becomes claimable (a retry's backoff, a lease's end); a timer wakes the loop then. */
  nextAt?(): Promise<Date | null | undefined>;
  /** Also looks for work this often, whatever `nextAt` says. */
  pollMs?: number;
  /** Runs before each pass of claims (the export worker's sweep of expired exports). */
  beforeClaims?(): Promise<unknown>;
  /** The first wait after an error; each further error in a row doubles it, up to `maxBackoffMs` (5 s, 60 s). */
  backoffMs?: number;
  maxBackoffMs?: number;
}

export interface JobLoop {
  /** Looks for work now (NOTIFY does this; tests may too). */
  wake(): void;
  /** Looks for work and resolves once no job runs and none was claimable (or claiming failed). */
  idle(): Promise<void>;
  /** Stops looking for work and resolves when the jobs that run have ended. */
  stop(): Promise<void>;
}

/** Timers wait at least this long and at most a minute (a later job is found by the next wake). */
const MIN_WAIT_MS = 50;
const MAX_WAIT_MS = 60_000;

const unref = (timer: unknown) => (timer as { unref?: () => void } | undefined)?.unref?.();

export function startJobLoop<J>(opts: JobLoopOptions<J>): JobLoop {
  const { log, name } = opts;
  const concurrency = Math.max(1, opts.concurrency ?? 1);
  const backoffMs = opts.backoffMs ?? 5_000;
  const maxBackoffMs = opts.maxBackoffMs ?? 60_000;
  let stopped = false;
  /** The pass that claims, if one is under way: one at a time, so claims never overlap. */
  let pass: Promise<void> | undefined;
  /** Woken while a pass was under way: it looks again before it ends. */
  let again = false;
  let errors = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idleWaiters: (() => void)[] = [];
  const running = new Set<Promise<void>>();

  const later = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(wake, Math.min(Math.max(ms, MIN_WAIT_MS), MAX_WAIT_MS));
    unref(timer);
  };
  const failed = (what: string, err: unknown) => {
    log.warn(`${name} could not ${what}`, errorFields(err));
    later(Math.min(backoffMs * 2 ** errors, maxBackoffMs));
    errors++;
  };
  const settleIdle = () => {
    if (pass || running.size) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  };

  const start = (job: J) => {
    const p: Promise<void> = Promise.resolve()
      .then(() => opts.run(job))
      .then(
        () => {
          running.delete(p);
          wake();
          settleIdle();
        },
        (err) => {
          running.delete(p);
          failed('run a job', err);
          settleIdle();
        },
      );
    running.add(p);
  };

  async function claimAll(): Promise<void> {
    try {
      do {
        again = false;
        await opts.beforeClaims?.();
        while (!stopped && running.size < concurrency) {
          const jobs = await opts.claim(concurrency - running.size);
          if (!jobs.length) break;
          for (const job of jobs) start(job);
        }
      } while (again && !stopped);
    } catch (err) {
      failed('claim work', err);
      return;
    }
    if (stopped || running.size >= concurrency || !opts.nextAt) {
      errors = 0;
      return;
    }
    try {
      const at = await opts.nextAt();
      errors = 0;
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (at) later(new Date(at).getTime() - Date.now() + MIN_WAIT_MS);
    } catch (err) {
      failed('read when its next job is due', err);
    }
  }

  function wake(): void {
    if (stopped) return;
    if (pass) {
      again = true;
      return;
    }
    pass = claimAll().finally(() => {
      pass = undefined;
      settleIdle();
    });
  }

  const poll = opts.pollMs ? setInterval(wake, opts.pollMs) : undefined;
  unref(poll);
  const listening = opts.listen
    ? listenForWork(opts.listen.sql, opts.listen.channel, wake, (err) =>
        log.error(`${name} could not listen for work`, errorFields(err)),
      )
    : undefined;

  return {
    wake,
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        wake();
        settleIdle();
      }),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (poll) clearInterval(poll);
      await listening?.stop();
      await pass;
      while (running.size) await Promise.allSettled([...running]);
      settleIdle();
    },
  };
}

/**
 * Claims and runs jobs until none is claimable or `deadline` (ms since epoch) passes, `concurrency` at a
 * time, each lane claiming one job after the other (the edge function's short invocation). Returns how many
 * jobs it ran.
 */
export async function drainJobs<J>(
  claim: (limit: number) => Promise<J[]>,
  run: (job: J) => Promise<unknown>,
  opts: { concurrency?: number; deadline?: number } = {},
): Promise<number> {
  let ran = 0;
  const lane = async () => {
    while (opts.deadline === undefined || Date.now() < opts.deadline) {
      const [job] = await claim(1);
      if (job === undefined) return;
      await run(job);
      ran++;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 1) }, lane));
  return ran;
}
