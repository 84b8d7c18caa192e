import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { ChecklistItemDetail } from '../types';
import { checklistKeys, itemPath } from './keys';

export async function fetchChecklistItem(dealId: string, itemId: string, signal?: AbortSignal) {
  const data = await api.get<ChecklistItemDetail>(itemPath(dealId, itemId), { signal });
  return { ...data, approval_history: data?.approval_history ?? [], connected_files: data?.connected_files ?? [] };
}

/** One item with its connected files and approval history; a 404 is the page's 'Item not found', not a toast. */
export const useChecklistItem = (dealId: string, itemId: string) =>
  useQuery({
    queryKey: checklistKeys.item(dealId, itemId),
    queryFn: ({ signal }) => fetchChecklistItem(dealId, itemId, signal),
    meta: { errorTitle: 'Failed to load checklist item details', quietStatuses: [404] },
  });
