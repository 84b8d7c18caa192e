import { dealKeys } from '../../../lib/api/deal';
import type { SearchFilters } from '../logic';

export const searchKeys = {
  all: (dealId: string) => dealKeys.scoped(dealId, 'search'),
  results: (dealId: string, q: string, filters: SearchFilters) => [...dealKeys.scoped(dealId, 'search'), q, filters] as const,
  folder: (dealId: string, folderId: string) => [...dealKeys.scoped(dealId, 'search-folder'), folderId] as const,
  items: (dealId: string) => dealKeys.scoped(dealId, 'search-items'),
};
