/**
 * A cache of answers being made or made, kept for `seconds` and bounded by their bytes (the least
 * recently used go first; the newest is kept even when it alone is larger). Callers asking for a key while its answer is made share the one promise;
 * a failed answer is forgotten, so the next caller tries again.
 */
export function boundedCache<T>(opts: { maxBytes: number; seconds: number; sizeOf: (value: T) => number }) {
  const entries = new Map<string, { value: Promise<T>; size: number; until: number }>();
  return (key: string, make: () => Promise<T>): Promise<T> => {
    const now = Date.now();
    for (const [k, entry] of entries) if (entry.until < now) entries.delete(k);
    const hit = entries.get(key);
    if (hit) {
      entries.delete(key);
      entries.set(key, hit);
      return hit.value;
    }
    const entry = { value: make(), size: 0, until: now + opts.seconds * 1000 };
    entries.set(key, entry);
    entry.value.then(
      (value) => {
        entry.size = opts.sizeOf(value);
        let total = 0;
        for (const e of entries.values()) total += e.size;
        // The oldest go first; the answer just made stays, even alone over the bound: its link's range
        // requests are about to ask for it again.
        for (const [k, e] of entries) {
          if (total <= opts.maxBytes || e === entry) break;
          total -= e.size;
          entries.delete(k);
        }
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return entry.value;
  };
}
