import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { searchKeys } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

interface FolderName {
  id: string;
  name: string;
  full_path: string;
}

/** The folder a search is limited to, for its chip (GET /deals/{dealId}/folders/{folderId}). */
export const useSearchFolder = (dealId: string, folderId: string | undefined) =>
  useQuery({
    queryKey: searchKeys.folder(dealId, folderId ?? ''),
    queryFn: ({ signal }) => api.get<FolderName>(`${dealPath(dealId)}/folders/${encodeURIComponent(folderId ?? '')}`, { signal }),
    enabled: Boolean(folderId),
    meta: { errorTitle: 'Failed to load folder', quietStatuses: [404] },
  });
