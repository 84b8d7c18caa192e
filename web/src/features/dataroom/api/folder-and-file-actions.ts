/**
 * The data room's changes as hooks (web/src/lib/mutation.ts): each owns its toasts and the queries it
 * makes stale (the listing, search results and the dashboard's counts).
 */
import type { QueryKey } from '@tanstack/react-query';
import { dealKeys } from '../../../lib/api/deal';
import { useApiMutation } from '../../../lib/mutation';
import { archiveFile, deleteFile, downloadFile, type FileSummary } from '../../files';
import type { Folder } from '../types';
import { archiveFolder, createFolder, dataRoomKeys, deleteFolder } from './index';

const stale = (dealId: string): QueryKey[] => [dataRoomKeys.all(dealId), dealKeys.scoped(dealId, 'dashboard')];

export function useCreateFolder(dealId: string, path: string, onCreated: () => void) {
  return useApiMutation({
    mutationFn: (name: string) => createFolder(dealId, name, path),
    invalidates: stale(dealId),
    errorMessage: 'Failed to create folder',
    onSuccess: onCreated,
  });
}

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
    invalidates: stale(dealId),
    successMessage: (_data, target) => DONE[target.action],
    errorMessage: (target) => FAILED[target.action],
    onSuccess: onDone,
  });
}

/** Download from a listing row (the browser saves the file through a signed URL). */
export const useDownloadListedFile = (dealId: string) =>
  useApiMutation({ mutationFn: (file: FileSummary) => downloadFile(dealId, file.id), errorMessage: 'Failed to download file' });
