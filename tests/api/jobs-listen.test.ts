// Workers listen for work through one helper (listenForWork): stopping it while LISTEN is still being set
// up undoes the LISTEN once it is, and stop() never waits longer than STOP_WAIT_MS (docs/decisions.md
// decision 54). The export worker listens through it too.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenForWork, STOP_WAIT_MS } from '../../supabase/functions/_shared/jobs/listen.ts';
import { startExportWorker } from '../../supabase/functions/_shared/jobs/exports.ts';
import { settled } from './settled.ts';

/** A stand-in for postgres.js's `sql.listen`, answered when the test says. */
function fakeListen() {
  const unlisten = vi.fn(() => Promise.resolve());
  let answer: ((value: { unlisten: () => Promise<void> }) => void) | undefined;
  let fail: ((err: Error) => void) | undefined;
  const listen = vi.fn(
    () =>
      new Promise<{ unlisten: () => Promise<void> }>((resolve, reject) => {
        answer = resolve;
        fail = reject;
      }),
  );
  return {
    sql: { listen } as never,
    listen,
    unlisten,
    connect: () => answer!({ unlisten }),
    fail: (err: Error) => fail!(err),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('listenForWork', () => {
  it('listens, wakes on a notification and unlistens on stop without waiting', async () => {
    vi.useFakeTimers();
    const fake = fakeListen();
    const wake = vi.fn();
    const listening = listenForWork(fake.sql, 'work', wake, vi.fn());
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.listen).toHaveBeenCalledWith('work', wake, wake);
    fake.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(await settled(listening.stop())).toBe(true);
    expect(fake.unlisten).toHaveBeenCalledTimes(1);
  });

  it('stopped while LISTEN is still connecting: stop() returns within STOP_WAIT_MS, the LISTEN is undone once made', async () => {
    vi.useFakeTimers();
    const fake = fakeListen();
    const listening = listenForWork(fake.sql, 'work', vi.fn(), vi.fn());
    const stopped = listening.stop();
    expect(await settled(stopped)).toBe(false);
    await vi.advanceTimersByTimeAsync(STOP_WAIT_MS);
    expect(await settled(stopped)).toBe(true);
    expect(fake.unlisten).not.toHaveBeenCalled();
    fake.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.unlisten).toHaveBeenCalledTimes(1);
    // Stopping again undoes nothing twice.
    await listening.stop();
    expect(fake.unlisten).toHaveBeenCalledTimes(1);
  });

  it('reports a failure to listen, unless it comes after stop', async () => {
    vi.useFakeTimers();
    const first = fakeListen();
    const onError = vi.fn();
    listenForWork(first.sql, 'work', vi.fn(), onError);
    await vi.advanceTimersByTimeAsync(0);
    first.fail(new Error('no connection'));
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledTimes(1);

    const second = fakeListen();
    const quiet = vi.fn();
    const listening = listenForWork(second.sql, 'work', vi.fn(), quiet);
    await vi.advanceTimersByTimeAsync(0);
    const stopped = listening.stop();
    second.fail(new Error('ended'));
    expect(await settled(stopped)).toBe(true);
    expect(quiet).not.toHaveBeenCalled();
  });
});

describe('the export worker', () => {
  it('listens through listenForWork, and stops while its LISTEN is still connecting', async () => {
    vi.useFakeTimers();
    const fake = fakeListen();
    const worker = startExportWorker({
      sql: fake.sql,
      blobs: {} as never,
      mail: { send: async () => {} },
      publicUrl: 'http://localhost',
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.listen).toHaveBeenCalledWith('export_jobs', expect.any(Function), expect.any(Function));
    const stopped = worker.stop();
    await vi.advanceTimersByTimeAsync(STOP_WAIT_MS);
    expect(await settled(stopped)).toBe(true);
    fake.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.unlisten).toHaveBeenCalledTimes(1);
  });
});
