import { lazy, Suspense, useEffect, useState } from 'react';

/** Toasts per docs/product.md §9: errors stay 4 s, successes 2 s, at most 20 kept. */
export const TOAST_ERROR_MS = 4000;
export const TOAST_SUCCESS_MS = 2000;
export const TOAST_MAX = 20;

export interface ToastRequest {
  type: 'success' | 'error' | 'info';
  title: string;
  description?: string;
}

/**
 * The renderer (lib/toaster.tsx) is loaded when the first toast is asked for; toasts asked for before
 * it is on screen wait here, in order, and none is lost.
 */
const waiting: ToastRequest[] = [];
let show: ((toast: ToastRequest) => void) | null = null;
const wantListeners = new Set<() => void>();

function request(toast: ToastRequest) {
  if (show) return show(toast);
  waiting.push(toast);
  for (const listener of wantListeners) listener();
}

/** Called by the loaded renderer once it is mounted: shows what waited, then every later toast at once. */
export function attachToaster(shower: (toast: ToastRequest) => void) {
  show = shower;
  for (const toast of waiting.splice(0)) shower(toast);
  return () => {
    if (show === shower) show = null;
  };
}

export const notify = {
  success(title: string, description?: string) {
    request({ type: 'success', title, description });
  },
  error(title: string, description?: string) {
    request({ type: 'error', title, description });
  },
  info(title: string, description?: string) {
    request({ type: 'info', title, description });
  },
};

const LoadedToaster = lazy(() => import('./toaster'));

/** Where toasts appear; renders nothing (and loads nothing) until the first toast. */
export function Toaster() {
  const [wanted, setWanted] = useState(() => waiting.length > 0);
  useEffect(() => {
    if (waiting.length > 0) setWanted(true);
    const listener = () => setWanted(true);
    wantListeners.add(listener);
    return () => void wantListeners.delete(listener);
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <LoadedToaster />
    </Suspense>
  ) : null;
}
