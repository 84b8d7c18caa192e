import { startTransition, useEffect, useState } from 'react';

/** Rows in the first paint of the checklist: more than a tall screen shows. */
export const FIRST_PAINT_ROWS = 40;

/**
 * How many item rows the checklist may render: FIRST_PAINT_ROWS until the list has been painted once,
 * then all of them (in a transition, so typing or a click is not held up). A 1,000-item checklist
 * shows its first screen without first building the other 960 rows (issue 33: render what is visible).
 */
export function useFirstPaintRows(ready: boolean): number {
  const [budget, setBudget] = useState(FIRST_PAINT_ROWS);
  useEffect(() => {
    if (!ready || budget === Infinity) return;
    // After the browser has painted the first rows: the frame's callback runs before that paint, the
    // timeout after it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setBudget(Infinity)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ready, budget]);
  return budget;
}
