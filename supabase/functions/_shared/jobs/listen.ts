import type { Db } from '../db.ts';

/** The longest `stop()` waits for LISTEN to be set up and undone; the unlisten still happens after it. */
export const STOP_WAIT_MS = 1000;

interface Listening {
  unlisten(): Promise<unknown>;
}

/**
 * Wakes a worker on each NOTIFY on `channel`, and when the connection that listens is made again (a
 * notification sent meanwhile is lost; the worker looks for work instead). Returns what stops listening:
 * stopping while LISTEN is still being set up undoes it once it is, and `stop()` never waits longer than
 * STOP_WAIT_MS for either (a connection that does not answer must not hold up a shutdown).
 */
export function listenForWork(sql: Pick<Db, 'listen'>, channel: string, wake: () => void, onError: (err: unknown) => void) {
  let stopped = false;
  const listening: Promise<Listening | undefined> = Promise.resolve()
    .then(() => sql.listen(channel, wake, wake))
    .catch((err) => {
      if (!stopped) onError(err);
      return undefined;
    });
  let unlistened: Promise<void> | undefined;
  return {
    stop(): Promise<void> {
      stopped = true;
      unlistened ??= listening
        .then((l) => l?.unlisten())
        .then(
          () => undefined,
          () => undefined,
        );
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, STOP_WAIT_MS);
      });
      return Promise.race([unlistened, waited]).finally(() => clearTimeout(timer));
    },
  };
}
