import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { dealKeys } from '../../../lib/api/deal';
import { dealPath } from '../../../lib/api/deal-path';

export interface Category {
  id: string;
  name: string;
}

/** The deal's checklist categories, for the category filter. */
export function useCategories(dealId: string) {
  return useQuery({
    queryKey: dealKeys.scoped(dealId, 'checklist', 'categories'),
    queryFn: ({ signal }) => api.get<Category[]>(`${dealPath(dealId)}/checklist/categories`, { signal }),
  });
}
