import { useCallback, useState } from 'react';

/** The ids selected in a list with a bulk bar: toggle one (on, off, or flip), replace all, or clear. */
export function useRowSelection() {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const toggle = useCallback(
    (id: string, on?: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on ?? !next.has(id)) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, setSelected, toggle, clear };
}
