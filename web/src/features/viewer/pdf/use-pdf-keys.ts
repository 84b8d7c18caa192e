import { useEffect, useRef } from 'react';

export interface PdfKeyHandlers {
  onPage: (delta: 1 | -1) => void;
  onEdge: (end: boolean) => void;
  onZoom: (direction: 1 | -1) => void;
  onFit: () => void;
  onFind: () => void;
}

const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The reader's keys: ←/→ and PageUp/PageDown turn pages, Home/End go to the first and last, + and − zoom, 0
 * fits the width, Ctrl/Cmd+F searches within the document. Keys typed into a field are the field's.
 */
export function usePdfKeys(handlers: PdfKeyHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const h = latest.current;
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'f') {
        e.preventDefault();
        h.onFind();
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || typingIn(e.target)) return;
      const action: Record<string, () => void> = {
        ArrowLeft: () => h.onPage(-1),
        PageUp: () => h.onPage(-1),
        ArrowRight: () => h.onPage(1),
        PageDown: () => h.onPage(1),
        Home: () => h.onEdge(false),
        End: () => h.onEdge(true),
        '+': () => h.onZoom(1),
        '=': () => h.onZoom(1),
        '-': () => h.onZoom(-1),
        '0': () => h.onFit(),
      };
      const run = action[e.key];
      if (!run) return;
      e.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
