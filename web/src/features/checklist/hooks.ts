import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { dealKeys } from '../../lib/api/deal';
import { checklistKeys } from './api';
import { initiallyOpen, type CategoryView } from './logic';

/** Refreshes everything that shows checklist progress after a change: checklist, items, dashboard, deal cards. */
export function useChecklistRefresh(dealId: string) {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: checklistKeys.all(dealId) });
    void queryClient.invalidateQueries({ queryKey: dealKeys.scoped(dealId, 'dashboard') });
    void queryClient.invalidateQueries({ queryKey: dealKeys.list('active').slice(0, 2) });
  }, [queryClient, dealId]);
}

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
