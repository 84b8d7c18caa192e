import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchDealFiles } from '../../../lib/api/file-search';
import { dataRoomKeys } from '../../../lib/data-room-keys';

/** Names, tags and folder names across the deal; the previous results stay while the next are read. */
export const useDataRoomSearch = (dealId: string, q: string) =>
  useQuery({
    queryKey: dataRoomKeys.search(dealId, q),
    queryFn: ({ signal }) => searchDealFiles(dealId, q, signal),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Failed to load files' },
  });
