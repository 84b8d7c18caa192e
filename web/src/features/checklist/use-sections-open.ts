import { useCallback, useEffect, useState } from 'react';
import { initiallyOpen, type CategoryView } from './logic';

/**
 * Which sections are open: each starts as initiallyOpen says (the first ones, or those with matches while
 * filtering) until the person toggles it; a new `resetKey` (a new search or filter) starts afresh.
 */
export function useSectionsOpen(sections: readonly CategoryView[], filtering: boolean, resetKey: string) {
  const [overrides, setOverrides] = useState<Record<string, boolean>>({});
  useEffect(() => setOverrides({}), [resetKey]);
  const isOpen = (categoryId: string, index: number) => overrides[categoryId] ?? initiallyOpen(index, sections, filtering);
  const onToggle = useCallback(
    (categoryId: string) =>
      setOverrides((prev) => {
        const index = sections.findIndex((s) => s.category.id === categoryId);
        const current = prev[categoryId] ?? initiallyOpen(index, sections, filtering);
        return { ...prev, [categoryId]: !current };
      }),
    [sections, filtering],
  );
  const setAll = (open: boolean) => setOverrides(Object.fromEntries(sections.map((s) => [s.category.id, open])));
  const anyOpen = sections.some((s, i) => isOpen(s.category.id, i));
  return { isOpen, onToggle, setAll, anyOpen };
}
