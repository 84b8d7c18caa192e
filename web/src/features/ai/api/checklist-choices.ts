import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { aiKeys } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

export interface ChecklistChoice {
  id: string;
  /** The item's code, such as A.1. */
  item_id: string | null;
  name: string;
  category: string;
}

/** The deal's checklist items, for choosing another item than the AI's (override). */
export function useChecklistChoices(dealId: string, enabled = true) {
  return useQuery({
    queryKey: aiKeys.choices(dealId),
    queryFn: ({ signal }) => api.get<ChecklistChoice[]>(`${dealPath(dealId)}/checklist/items`, { signal }),
    enabled,
  });
}
