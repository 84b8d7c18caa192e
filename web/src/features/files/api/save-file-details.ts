import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '../../../lib/mutation';
import { metadataPayload, type DocumentDetails } from '../components/document-details-card';
import { saveMetadata } from './file-metadata';
import { fileChangeKeys, fileKeys } from './keys';
import { useReloadOnConflict } from './reload-on-conflict';

/** The file page's document details, based on the version the page shows (If-Match). */
export function useSaveFileDetails(dealId: string, fileId: string, editVersion: number | undefined) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (details: DocumentDetails) => saveMetadata(dealId, fileId, metadataPayload(details), editVersion),
    invalidates: fileChangeKeys(dealId, fileId),
    successMessage: 'Changes saved',
    errorMessage: 'Failed to save changes',
    onSuccess: (result) => {
      queryClient.setQueryData(fileKeys.metadata(dealId, fileId), result);
      queryClient.setQueryData(fileKeys.detail(dealId, fileId), result.file);
    },
    onError: useReloadOnConflict(dealId, fileId),
  });
}
