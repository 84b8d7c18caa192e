import { useEffect, useRef } from 'react';

/** One keydown listener on the window for the page's life, calling the latest handler (list keyboard shortcuts). */
export function useWindowKeydown(handler: (event: KeyboardEvent) => void) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => latest.current(event);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
