import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAINT_ROWS, useFirstPaintRows } from './use-first-paint-rows';

describe('useFirstPaintRows', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] }));
  afterEach(() => vi.useRealTimers());

  it('allows a screenful of rows until the list has painted, then all of them', async () => {
    const { result, rerender } = renderHook(({ ready }) => useFirstPaintRows(ready), { initialProps: { ready: false } });
    expect(result.current).toBe(FIRST_PAINT_ROWS);
    // Nothing to paint yet: the budget stays, however long it waits.
    await act(async () => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(FIRST_PAINT_ROWS);
    rerender({ ready: true });
    expect(result.current).toBe(FIRST_PAINT_ROWS);
    await act(async () => vi.advanceTimersByTime(100));
    expect(result.current).toBe(Infinity);
  });
});
