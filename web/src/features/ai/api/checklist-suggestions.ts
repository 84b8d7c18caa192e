import { useQuery } from '@tanstack/react-query';
import type { ChecklistAiSuggestions } from '@contracts/ai';
import { api } from '../../../lib/api/client';
import { aiKeys } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

/** Open AI suggestions grouped by the checklist item they propose (docs/product.md §7 checklist calls). */
export function useChecklistAiSuggestions(dealId: string) {
  return useQuery({
    queryKey: aiKeys.suggestions(dealId),
    queryFn: ({ signal }) => api.get<ChecklistAiSuggestions>(`${dealPath(dealId)}/checklist/ai-suggestions`, { signal }),
  });
}
