/** The viewer's caches (decision 58): bounded by bytes, oldest first, the newest kept, failures forgotten. */
import { describe, expect, it } from 'vitest';
import { boundedCache } from '../../supabase/functions/_shared/viewer/bounded-cache.ts';

describe('boundedCache', () => {
  it('shares one answer per key, evicts the least recently used past its bytes, and keeps the newest even alone', async () => {
    const cache = boundedCache<string>({ maxBytes: 10, seconds: 60, sizeOf: (v) => v.length });
    let made = 0;
    const make = (value: string) => async () => {
      made += 1;
      return value;
    };
    const [a1, a2] = [cache('a', make('aaaa')), cache('a', make('xxxx'))];
    expect(await a1).toBe('aaaa');
    expect(await a2).toBe('aaaa');
    expect(made).toBe(1);
    await cache('b', make('bbbb'));
    await cache('a', make('never')); // a is now the most recently used
    await cache('c', make('cccc')); // 12 bytes: b, the least recently used, goes
    expect(await cache('a', make('again'))).toBe('aaaa');
    expect(await cache('b', make('b2'))).toBe('b2');
    // Larger than the bound alone: the others go, it stays for the requests about to ask for it.
    await cache('big', make('0123456789ABCDEF'));
    expect(await cache('big', make('other'))).toBe('0123456789ABCDEF');
    expect(await cache('a', make('a3'))).toBe('a3');
  });

  it('forgets a failed answer, so the next caller tries again', async () => {
    const cache = boundedCache<string>({ maxBytes: 100, seconds: 60, sizeOf: (v) => v.length });
    await expect(cache('k', () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await cache('k', async () => 'fine')).toBe('fine');
  });
});
