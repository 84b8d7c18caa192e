// For the tests on fake timers (vi.useFakeTimers): whether a promise has settled, without waiting on it.
import { vi } from 'vitest';

/** Whether a promise has settled, read after the pending callbacks ran. */
export async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(
    () => (done = true),
    () => (done = true),
  );
  await vi.advanceTimersByTimeAsync(0);
  return done;
}
