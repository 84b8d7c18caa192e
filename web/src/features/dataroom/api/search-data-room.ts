import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { dataRoomKeys } from '../../../lib/data-room-keys';
import type { SearchResults } from '../types';
import { dealPath } from '../../../lib/api/deal-path';

export async function searchDataRoom(dealId: string, q: string, signal?: AbortSignal): Promise<SearchResults> {
  const data = await api.get<SearchResults>(`${dealPath(dealId)}/files/search`, { query: { q }, signal });
  return { query: data?.query ?? q, folders: data?.folders ?? [], files: data?.files ?? [] };
}

/** Names, tags and folder names across the deal; the previous results stay while the next are read. */
export const useDataRoomSearch = (dealId: string, q: string) =>
  useQuery({
    queryKey: dataRoomKeys.search(dealId, q),
    queryFn: ({ signal }) => searchDataRoom(dealId, q, signal),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Failed to load files' },
  });
