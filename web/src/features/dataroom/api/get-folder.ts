import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { dataRoomKeys } from '../../../lib/data-room-keys';
import type { FolderDetail } from '../types';
import { dealPath } from '../../../lib/api/deal-path';

export const fetchFolder = (dealId: string, folderId: string, signal?: AbortSignal) =>
  api.get<FolderDetail>(`${dealPath(dealId)}/folders/${encodeURIComponent(folderId)}`, { signal });

/**
 * A folder by id, with its path and the count of what is inside (`staleTime` 0 for a count shown before a
 * removal). The page opened by a folder's id toasts a failure (`toast`) unless it shows it as a state.
 */
export const useFolder = (
  dealId: string,
  folderId: string,
  options: { enabled?: boolean; staleTime?: number; toast?: boolean } = {},
) =>
  useQuery({
    queryKey: dataRoomKeys.folder(dealId, folderId),
    queryFn: ({ signal }) => fetchFolder(dealId, folderId, signal),
    enabled: (options.enabled ?? true) && Boolean(folderId),
    staleTime: options.staleTime,
    meta: options.toast ? { errorTitle: 'Failed to load files', quietStatuses: [400, 403, 404] } : undefined,
  });
