import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { DealFile, DealFolder } from '../types';
import { checklistKeys } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

/** One level of the data room: its folders and files (for linking files to an item). */
export async function fetchFolderFiles(dealId: string, path: string, signal?: AbortSignal) {
  const data = await api.get<{ folders?: DealFolder[]; files?: DealFile[] }>(`${dealPath(dealId)}/files`, {
    query: { path },
    signal,
  });
  return { folders: data?.folders ?? [], files: data?.files ?? [] };
}

/** A data-room level's folders and files, for linking files to an item (a failure shows in the picker). */
export const useFolderFiles = (dealId: string, path: string, enabled: boolean) =>
  useQuery({
    queryKey: checklistKeys.files(dealId, `path:${path}`),
    queryFn: ({ signal }) => fetchFolderFiles(dealId, path, signal),
    enabled,
    staleTime: 30_000,
  });
