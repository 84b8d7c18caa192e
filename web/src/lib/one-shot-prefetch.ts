/**
 * An answer asked for before the screen that needs it has rendered (as the app starts, or as a navigation
 * starts), taken once by that screen's query. Older than `maxAgeMs`, it is not used: the screen asks again.
 */
export function oneShotPrefetch<T>(maxAgeMs: number) {
  let held: { key: string; at: number; promise: Promise<T> } | null = null;
  return {
    /** Keeps `promise` for `key`, replacing whatever was kept; its failure is the taker's to see. */
    put(key: string, promise: Promise<T>): void {
      promise.catch(() => undefined);
      held = { key, at: Date.now(), promise };
    },
    /** The answer kept for `key`, once. */
    take(key: string): Promise<T> | undefined {
      const entry = held;
      if (!entry || entry.key !== key) return undefined;
      held = null;
      return Date.now() - entry.at <= maxAgeMs ? entry.promise : undefined;
    },
  };
}
