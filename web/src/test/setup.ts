import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// jsdom lacks these browser APIs that Chakra (Ark/Zag) relies on.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver = ResizeObserverStub;
  (globalThis as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver = ResizeObserverStub;
}

if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};
if (!window.scrollTo) window.scrollTo = () => {};

// findBy…/waitFor wait for a state, never for a time: their ceiling (1 s by default) only bounds a
// failure. A first render of a page in jsdom took up to 5 s with this 2-core machine busy, so the
// ceiling is well above that; a passing test still goes on the moment its state shows.
configure({ asyncUtilTimeout: 20_000 });

// The toaster is lazy (loaded on the first toast): compiled before a file's tests, not inside a wait for a toast.
beforeAll(async () => {
  await import('../lib/toaster');
}, 600_000);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
