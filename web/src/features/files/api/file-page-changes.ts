/**
 * The file page's changes, one hook per operation (web/src/lib/mutation.ts): each owns its toasts and
 * what it makes stale — the file, the data room's listing and the deal's dashboard counts. Edits carry
 * the version they were based on; a 409 (changed by someone else meanwhile) reloads the file so the
 * page shows their version.
 */
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api/client';
import { dealKeys } from '../../../lib/api/deal';
import { useApiMutation } from '../../../lib/mutation';
import { dataRoomKeys } from '../../dataroom';
import {
  addComment,
  ALL_MEMBERS,
  downloadFile,
  downloadVersion,
  fileKeys,
  saveMetadata,
  savePermissions,
  setApproval,
  updateFile,
  uploadNewVersion,
} from './index';
import { metadataPayload, type DocumentDetails } from '../components/document-details-card';
import type { StatusChange } from '../components/status-card';
import type { FileDetail, FilePermissions } from '../types';

/** Stores a fresh file answer (when there is one) and marks what depends on the file stale. */
export function useAfterFileChange(dealId: string, fileId: string) {
  const queryClient = useQueryClient();
  return (fresh?: FileDetail) => {
    if (fresh) queryClient.setQueryData(fileKeys.detail(dealId, fileId), fresh);
    void queryClient.invalidateQueries({ queryKey: fileKeys.detail(dealId, fileId) });
    void queryClient.invalidateQueries({ queryKey: dataRoomKeys.all(dealId) });
    void queryClient.invalidateQueries({ queryKey: dealKeys.scoped(dealId, 'dashboard') });
  };
}

const reloadOnConflict = (afterChange: () => void) => (error: unknown) => {
  if (error instanceof ApiError && error.status === 409) afterChange();
};

export function useSaveFileDetails(dealId: string, fileId: string, editVersion: number | undefined) {
  const queryClient = useQueryClient();
  const afterChange = useAfterFileChange(dealId, fileId);
  return useApiMutation({
    mutationFn: (details: DocumentDetails) => saveMetadata(dealId, fileId, metadataPayload(details), editVersion),
    successMessage: 'Changes saved',
    errorMessage: 'Failed to save changes',
    onSuccess: (result) => {
      queryClient.setQueryData(fileKeys.metadata(dealId, fileId), result);
      afterChange(result.file);
    },
    onError: reloadOnConflict(afterChange),
  });
}

/** Tags and approval: through the file edit with the right to edit it, else (an approver) the approval alone. */
export function useSaveFileStatus(dealId: string, fileId: string, current: FileDetail | undefined) {
  const afterChange = useAfterFileChange(dealId, fileId);
  return useApiMutation({
    mutationFn: async (change: StatusChange) => {
      if (!current) throw new Error('The file is not loaded');
      const tagsChanged = JSON.stringify(change.tags) !== JSON.stringify(current.tags ?? []);
      const statusChanged = change.approval_status !== (current.approval_status ?? 'pending');
      if (current.can_edit) {
        return updateFile(
          dealId,
          fileId,
          {
            ...(tagsChanged ? { tags: change.tags } : {}),
            ...(statusChanged ? { approval_status: change.approval_status } : {}),
          },
          current.edit_version,
        );
      }
      let fresh: FileDetail | undefined;
      if (statusChanged) fresh = await setApproval(dealId, fileId, change.approval_status);
      return fresh ?? current;
    },
    successMessage: 'File updated',
    errorMessage: 'Failed to update file',
    onSuccess: (fresh) => afterChange(fresh),
    onError: reloadOnConflict(afterChange),
  });
}

export const useAddComment = (dealId: string, fileId: string) =>
  useApiMutation({
    mutationFn: (text: string) => addComment(dealId, fileId, text),
    invalidates: [fileKeys.comments(dealId, fileId)],
    errorMessage: 'Failed to add comment',
  });

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

export const useDownloadFile = (dealId: string, fileId: string) =>
  useApiMutation({ mutationFn: () => downloadFile(dealId, fileId), errorMessage: 'Failed to download file' });

/** A download of one earlier version; `downloading` is the version on its way, if any. */
export function useDownloadVersion(dealId: string, fileId: string) {
  const mutation = useApiMutation({
    mutationFn: (version: number) => downloadVersion(dealId, fileId, version),
    errorMessage: 'Failed to download version',
  });
  return { download: mutation.mutate, downloading: mutation.isPending ? mutation.variables : null };
}

/** Update File: a new version, with its progress (80% once stored, 100% once completed: docs/product.md §9). */
export function useUploadNewVersion(dealId: string, fileId: string, onProgress: (percent: number | null) => void) {
  const queryClient = useQueryClient();
  const afterChange = useAfterFileChange(dealId, fileId);
  return useApiMutation({
    mutationFn: (picked: File) => uploadNewVersion(dealId, fileId, picked, onProgress),
    successMessage: 'New version uploaded',
    errorMessage: 'Failed to upload new version',
    onSuccess: () => {
      afterChange();
      void queryClient.invalidateQueries({ queryKey: fileKeys.metadata(dealId, fileId) });
      setTimeout(() => onProgress(null), 1200);
    },
    onError: () => onProgress(null),
  });
}
