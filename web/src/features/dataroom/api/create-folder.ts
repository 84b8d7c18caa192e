import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import type { Folder } from '../types';
import { dataRoomChangeKeys } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

export const createFolder = (dealId: string, name: string, path: string) =>
  api.post<Folder>(`${dealPath(dealId)}/folders`, { name, path });

export function useCreateFolder(dealId: string, path: string, onCreated: () => void) {
  return useApiMutation({
    mutationFn: (name: string) => createFolder(dealId, name, path),
    invalidates: dataRoomChangeKeys(dealId),
    errorMessage: 'Failed to create folder',
    onSuccess: onCreated,
  });
}
