import { describe, expect, it } from 'vitest';
import { PageClock } from './page-clock';
import { fitWidthScale, pageAt, pageOffsets, visiblePages, zoomStep } from './pdf/layout';
import { findInItems } from './pdf/pdf-search';

describe('PageClock', () => {
  it('counts time per page only while running, in tenths of a second', () => {
    let now = 0;
    const clock = new PageClock(() => now);
    clock.start();
    now = 4_560;
    clock.setPage(2);
    now = 6_000;
    clock.stop();
    now = 60_000; // hidden: not counted
    clock.start();
    now = 61_000;
    expect(clock.take()).toEqual([
      { page: 1, seconds: 4.5 },
      { page: 2, seconds: 2.4 },
    ]);
    // The 60 ms left of page 1 waits for the next batch; nothing else is pending.
    now = 61_000;
    expect(clock.take()).toEqual([]);
    clock.setPage(1);
    now = 61_050;
    expect(clock.take()).toEqual([{ page: 1, seconds: 0.1 }]);
  });

  it('splits a long stretch into entries of at most 600 s', () => {
    let now = 0;
    const clock = new PageClock(() => now);
    clock.start();
    now = 1_300_000;
    expect(clock.take()).toEqual([
      { page: 1, seconds: 600 },
      { page: 1, seconds: 600 },
      { page: 1, seconds: 100 },
    ]);
  });
});

describe('PDF layout', () => {
  const size = () => ({ width: 100, height: 200 });

  it('places pages one under another and finds the page in view', () => {
    const offsets = pageOffsets(3, size, 1);
    expect(offsets).toEqual([12, 224, 436, 648]);
    expect(pageAt(offsets, 0, 300)).toBe(1);
    expect(pageAt(offsets, 150, 300)).toBe(2);
    expect(pageAt(offsets, 5000, 300)).toBe(3);
    expect(visiblePages(offsets, 0, 150)).toEqual([1, 2]);
    expect(visiblePages(offsets, 0, 100)).toEqual([1, 1]);
    expect(visiblePages(offsets, 436, 100)).toEqual([2, 3]);
  });

  it('zooms in steps within bounds and fits the width', () => {
    expect(zoomStep(1, 1)).toBe(1.1);
    expect(zoomStep(1, -1)).toBe(0.9);
    expect(zoomStep(4, 1)).toBe(4);
    expect(zoomStep(0.25, -1)).toBe(0.25);
    expect(fitWidthScale(600, 900)).toBe(1.5);
    expect(fitWidthScale(600, 0)).toBe(1);
  });

  it('finds text across items, ignoring case and runs of spaces', () => {
    const items = [{ str: 'Viewer: ' }, { str: 'Jane.DOE@' }, { str: 'example.com' }, { str: 'and  jane.doe@example.com' }];
    expect(findInItems(items, 'jane.doe@example.com')).toEqual([1, 3]);
    expect(findInItems(items, 'and jane')).toEqual([3]);
    expect(findInItems(items, '  ')).toEqual([]);
  });
});
