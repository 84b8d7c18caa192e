import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { dataRoomKeys } from '../../../lib/data-room-keys';
import { useApiMutation } from '../../../lib/mutation';
import type { FilePermissions } from '../types';
import { ALL_MEMBERS } from './file-permissions';
import { fileKeys } from './keys';
import { filePath } from '../../../lib/api/deal-path';

export const savePermissions = (dealId: string, fileId: string, permissions: FilePermissions) =>
  api.put<FilePermissions>(`${filePath(dealId, fileId)}/permissions`, permissions);

export function useSaveFilePermissions(dealId: string, fileId: string, onSaved: () => void) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (value: FilePermissions) => savePermissions(dealId, fileId, value),
    invalidates: [dataRoomKeys.all(dealId)],
    successMessage: 'File permissions updated',
    errorMessage: 'Failed to update file permissions',
    onSuccess: (saved) => {
      queryClient.setQueryData(fileKeys.permissions(dealId, fileId), { ...ALL_MEMBERS, ...saved });
      onSaved();
    },
  });
}
