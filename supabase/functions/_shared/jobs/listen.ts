import type { Db } from '../db.ts';

/**
 * Wakes a worker on each NOTIFY on `channel`, and when the connection that listens is made again (a
 * notification sent meanwhile is lost; the worker looks for work instead). Returns what stops listening.
 */
export function listenForWork(sql: Db, channel: string, wake: () => void, onError: (err: unknown) => void) {
  let stopped = false;
  let unlisten: (() => Promise<void>) | undefined;
  void sql
    .listen(channel, wake, wake)
    .then((listener) => {
      unlisten = () => listener.unlisten();
      if (stopped) void listener.unlisten();
    })
    .catch(onError);
  return {
    async stop(): Promise<void> {
      stopped = true;
      await unlisten?.().catch(() => {});
    },
  };
}
