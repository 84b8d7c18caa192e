import { useQuery } from '@tanstack/react-query';
import { searchDealFiles } from '../../../lib/api/file-search';
import type { DealFile } from '../types';
import { checklistKeys } from './keys';

/** Files matching a search across the deal, for linking files to an item (a failure shows in the picker). */
export const useFileSearch = (dealId: string, query: string, enabled: boolean) =>
  useQuery({
    queryKey: checklistKeys.files(dealId, `search:${query}`),
    queryFn: async ({ signal }): Promise<DealFile[]> => (await searchDealFiles(dealId, query, signal)).files,
    enabled: enabled && Boolean(query),
    staleTime: 30_000,
  });
