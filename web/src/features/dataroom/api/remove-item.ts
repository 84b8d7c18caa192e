import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import type { FileSummary } from '@contracts/files';
import type { Folder } from '../types';
import { dataRoomChangeKeys } from './keys';
import { dealPath, filePath } from '../../../lib/api/deal-path';

const folderPath = (dealId: string, folderId: string) => `${dealPath(dealId)}/folders/${encodeURIComponent(folderId)}`;

export const archiveFolder = (dealId: string, folderId: string) =>
  api.put<{ archived_folders: number; archived_files: number }>(`${folderPath(dealId, folderId)}/archive`);

export const deleteFolder = (dealId: string, folderId: string) =>
  api.delete<{ deleted_folders: number; deleted_files: number }>(folderPath(dealId, folderId));

export const archiveFile = (dealId: string, fileId: string) => api.put<unknown>(`${filePath(dealId, fileId)}/archive`);

export const deleteFile = (dealId: string, fileId: string) => api.delete<unknown>(filePath(dealId, fileId));

/** Archiving or deleting a folder (with what it holds) or a file, confirmed first. */
export type PendingRemoval =
  { action: 'archive-folder' | 'delete-folder'; folder: Folder } | { action: 'archive-file' | 'delete-file'; file: FileSummary };

const DONE: Record<PendingRemoval['action'], string> = {
  'archive-folder': 'Folder archived',
  'delete-folder': 'Folder deleted',
  'archive-file': 'File archived',
  'delete-file': 'File deleted',
};

const FAILED: Record<PendingRemoval['action'], string> = {
  'archive-folder': 'Failed to archive folder',
  'delete-folder': 'Failed to delete folder',
  'archive-file': 'Failed to archive file',
  'delete-file': 'Failed to delete file',
};

export function useRemoveItem(dealId: string, onDone: () => void) {
  return useApiMutation({
    mutationFn: async (target: PendingRemoval) => {
      switch (target.action) {
        case 'archive-folder':
          return archiveFolder(dealId, target.folder.id);
        case 'delete-folder':
          return deleteFolder(dealId, target.folder.id);
        case 'archive-file':
          return archiveFile(dealId, target.file.id);
        case 'delete-file':
          return deleteFile(dealId, target.file.id);
      }
    },
    invalidates: dataRoomChangeKeys(dealId),
    successMessage: (_data, target) => DONE[target.action],
    errorMessage: (target) => FAILED[target.action],
    onSuccess: onDone,
  });
}
