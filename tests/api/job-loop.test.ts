// The loop the AI, Office and export workers run (supabase/functions/_shared/jobs/job-loop.ts), against a
// queue in memory: claims while it has room, looks again when woken during a claim or when a job ends,
// stop() waits for the running job, an error backs off and retries, idle() waits until nothing is claimable.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drainJobs, startJobLoop, type JobLoopOptions } from '../../supabase/functions/_shared/jobs/job-loop.ts';
import { settled } from './settled.ts';

const flush = () => vi.advanceTimersByTimeAsync(0);

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A queue of jobs whose runs end when the test says, and a loop over it. */
function harness(opts: Partial<JobLoopOptions<string>> = {}) {
  const queue: string[] = [];
  const ran: string[] = [];
  const limits: number[] = [];
  const gates = new Map<string, ReturnType<typeof deferred<void>>>();
  let inFlight = 0;
  let most = 0;
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const claim = vi.fn(async (limit: number) => {
    limits.push(limit);
    return queue.splice(0, limit);
  });
  const loop = startJobLoop<string>({
    name: 'the test worker',
    log,
    claim,
    run: async (job) => {
      inFlight++;
      most = Math.max(most, inFlight);
      const gate = deferred<void>();
      gates.set(job, gate);
      await gate.promise;
      inFlight--;
      ran.push(job);
    },
    ...opts,
  });
  /** Lets a running job end. */
  const finish = async (job: string) => {
    await flush();
    const gate = gates.get(job);
    expect(gate, `${job} runs`).toBeDefined();
    gate!.resolve();
    await flush();
  };
  return { queue, ran, limits, claim, log, loop, finish, most: () => most, running: () => [...gates.keys()] };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the job loop', () => {
  it('looks again when woken while a claim was finding nothing', async () => {
    const h = harness();
    const first = deferred<string[]>();
    h.claim.mockImplementationOnce(() => first.promise);
    h.loop.wake();
    await flush();
    // A job is queued and its NOTIFY arrives while the claim that will find nothing is under way.
    h.queue.push('a');
    h.loop.wake();
    first.resolve([]);
    await h.finish('a');
    expect(h.ran).toEqual(['a']);
    expect(h.claim).toHaveBeenCalledTimes(3); // nothing, 'a', nothing
    await h.loop.stop();
  });

  it('claims again when a job ends, and a wake during a run does not run a second job at once', async () => {
    const h = harness();
    h.queue.push('a');
    h.loop.wake();
    await flush();
    h.queue.push('b');
    h.loop.wake();
    await flush();
    expect(h.running()).toEqual(['a']);
    await h.finish('a');
    await h.finish('b');
    expect(h.ran).toEqual(['a', 'b']);
    expect(h.most()).toBe(1);
    await h.loop.stop();
  });

  it('runs up to `concurrency` jobs at once, claiming only the room it has', async () => {
    const h = harness({ concurrency: 2 });
    h.queue.push('a', 'b', 'c');
    h.loop.wake();
    await flush();
    expect(h.running()).toEqual(['a', 'b']);
    expect(h.limits).toEqual([2]);
    await h.finish('b');
    expect(h.running()).toEqual(['a', 'b', 'c']);
    expect(h.limits).toEqual([2, 1]);
    await h.finish('a');
    await h.finish('c');
    expect(h.ran).toEqual(['b', 'a', 'c']);
    expect(h.most()).toBe(2);
    await h.loop.stop();
  });

  it('idle() resolves only once no job runs and none is claimable', async () => {
    const h = harness({ concurrency: 2 });
    h.queue.push('a', 'b', 'c');
    const idle = h.loop.idle();
    expect(await settled(idle)).toBe(false);
    await h.finish('a');
    expect(await settled(idle)).toBe(false); // 'c' was claimable and runs now
    await h.finish('b');
    expect(await settled(idle)).toBe(false);
    await h.finish('c');
    expect(await settled(idle)).toBe(true);
    expect(h.ran).toEqual(['a', 'b', 'c']);
    // With nothing to do it resolves after one claim.
    const calls = h.claim.mock.calls.length;
    expect(await settled(h.loop.idle())).toBe(true);
    expect(h.claim).toHaveBeenCalledTimes(calls + 1);
    await h.loop.stop();
  });

  it('stop() waits for the running job, then claims nothing more', async () => {
    const h = harness();
    h.queue.push('a', 'b');
    h.loop.wake();
    await flush();
    const stopped = h.loop.stop();
    expect(await settled(stopped)).toBe(false);
    await h.finish('a');
    expect(await settled(stopped)).toBe(true);
    h.loop.wake();
    await flush();
    expect(h.ran).toEqual(['a']);
    expect(h.queue).toEqual(['b']);
  });

  it('backs off after an error, longer after each in a row, and retries', async () => {
    const h = harness({ backoffMs: 1_000 });
    h.claim.mockRejectedValueOnce(new Error('down')).mockRejectedValueOnce(new Error('still down'));
    h.queue.push('a');
    h.loop.wake();
    await flush();
    expect(h.claim).toHaveBeenCalledTimes(1);
    expect(h.log.warn).toHaveBeenCalledWith('the test worker could not claim work', expect.anything());
    await vi.advanceTimersByTimeAsync(999);
    expect(h.claim).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.claim).toHaveBeenCalledTimes(2); // failed again: waits twice as long
    await vi.advanceTimersByTimeAsync(1_999);
    expect(h.claim).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await h.finish('a');
    expect(h.ran).toEqual(['a']);
    await h.loop.stop();
  });

  it('backs off when running a job throws, then claims again', async () => {
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const queue = ['a', 'b'];
    const ran: string[] = [];
    const loop = startJobLoop<string>({
      name: 'the test worker',
      log,
      backoffMs: 500,
      claim: async (limit) => queue.splice(0, limit),
      run: async (job) => {
        if (job === 'a') throw new Error('broken');
        ran.push(job);
      },
    });
    loop.wake();
    await flush();
    expect(log.warn).toHaveBeenCalledWith('the test worker could not run a job', expect.anything());
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    expect(ran).toEqual(['b']);
    await loop.stop();
  });

  it('wakes itself when the next job is due, and polls when told to', async () => {
    const h = harness({ nextAt: async () => new Date(Date.now() + 10_000) });
    h.loop.wake();
    await flush();
    expect(h.claim).toHaveBeenCalledTimes(1);
    h.queue.push('later');
    await vi.advanceTimersByTimeAsync(10_000 + 50);
    await h.finish('later');
    expect(h.ran).toEqual(['later']);
    await h.loop.stop();

    const p = harness({ pollMs: 60_000 });
    p.queue.push('polled');
    await vi.advanceTimersByTimeAsync(60_000);
    await p.finish('polled');
    expect(p.ran).toEqual(['polled']);
    await p.loop.stop();
  });
});

describe('drainJobs', () => {
  it('runs every claimable job, `concurrency` at a time, and counts them', async () => {
    vi.useRealTimers();
    const queue = ['a', 'b', 'c', 'd', 'e'];
    let inFlight = 0;
    let most = 0;
    const ran = await drainJobs(
      async (limit) => queue.splice(0, limit),
      async () => {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setImmediate(resolve));
        inFlight--;
      },
      { concurrency: 2 },
    );
    expect(ran).toBe(5);
    expect(most).toBe(2);
    expect(queue).toEqual([]);
  });
});
