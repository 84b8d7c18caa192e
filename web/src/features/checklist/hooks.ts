import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { dealKeys } from '../../lib/deal';
import { checklistKeys } from './api';

/** Refreshes everything that shows checklist progress after a change: checklist, items, dashboard, deal cards. */
export function useChecklistRefresh(dealId: string) {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: checklistKeys.all(dealId) });
    void queryClient.invalidateQueries({ queryKey: dealKeys.scoped(dealId, 'dashboard') });
    void queryClient.invalidateQueries({ queryKey: dealKeys.list('active').slice(0, 2) });
  }, [queryClient, dealId]);
}
