import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { DealFile } from '../types';
import { checklistKeys } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

/** Files whose name, tags or folder match (for linking files to an item). */
export async function searchFiles(dealId: string, q: string, signal?: AbortSignal) {
  const data = await api.get<{ files?: DealFile[] }>(`${dealPath(dealId)}/files/search`, { query: { q }, signal });
  return data?.files ?? [];
}

/** Files matching a search across the deal, for linking files to an item (a failure shows in the picker). */
export const useFileSearch = (dealId: string, query: string, enabled: boolean) =>
  useQuery({
    queryKey: checklistKeys.files(dealId, `search:${query}`),
    queryFn: ({ signal }) => searchFiles(dealId, query, signal),
    enabled: enabled && Boolean(query),
    staleTime: 30_000,
  });
