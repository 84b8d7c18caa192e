import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadViewerWhenIdle, VIEWER_WARM_DELAY_MS } from './data-room-page';

describe("the data room's viewer preload", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A browser with workers, a wide window, and idle callbacks this test runs by hand. */
  function wideBrowser() {
    const idle: (() => void)[] = [];
    vi.stubGlobal('Worker', class {});
    vi.stubGlobal('matchMedia', () => ({ matches: true }));
    vi.stubGlobal('requestIdleCallback', (then: () => void) => idle.push(then));
    vi.stubGlobal('cancelIdleCallback', (id: number) => (idle[id - 1] = () => {}));
    return { runIdle: () => idle.splice(0).forEach((then) => then()), pending: () => idle.length };
  }

  it('waits until no read is in flight: the page is idle too while it waits for the network', () => {
    const browser = wideBrowser();
    let inFlight = 2;
    const warm = vi.fn();
    preloadViewerWhenIdle(() => inFlight, warm);
    vi.advanceTimersByTime(VIEWER_WARM_DELAY_MS);
    browser.runIdle();
    expect(warm).not.toHaveBeenCalled();
    inFlight = 0;
    browser.runIdle();
    expect(warm).toHaveBeenCalledTimes(1);
    expect(browser.pending()).toBe(0);
  });

  it('leaves the data room to its first click for a moment before it asks for an idle one', () => {
    const browser = wideBrowser();
    const warm = vi.fn();
    preloadViewerWhenIdle(() => 0, warm);
    vi.advanceTimersByTime(VIEWER_WARM_DELAY_MS - 1);
    expect(browser.pending()).toBe(0);
    vi.advanceTimersByTime(1);
    browser.runIdle();
    expect(warm).toHaveBeenCalledTimes(1);
  });

  it('does nothing once the data room is left, nor on a narrow screen', () => {
    const browser = wideBrowser();
    const warm = vi.fn();
    const leave = preloadViewerWhenIdle(() => 1, warm);
    vi.advanceTimersByTime(VIEWER_WARM_DELAY_MS);
    browser.runIdle();
    leave?.();
    browser.runIdle();
    const leftEarly = preloadViewerWhenIdle(() => 0, warm);
    leftEarly?.();
    vi.advanceTimersByTime(VIEWER_WARM_DELAY_MS);
    browser.runIdle();
    expect(warm).not.toHaveBeenCalled();
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    expect(preloadViewerWhenIdle(() => 0, warm)).toBeUndefined();
    browser.runIdle();
    expect(warm).not.toHaveBeenCalled();
  });
});
