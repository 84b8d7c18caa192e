import { useApiMutation } from '../../../lib/mutation';
import { uploadNewVersion } from '../../../lib/new-version-upload';
import { fileChangeKeys, fileKeys } from './keys';

/** Update File: a new version, with its progress (80% once stored, 100% once completed: docs/product.md §9). */
export const useUploadNewVersion = (dealId: string, fileId: string, onProgress: (percent: number | null) => void) =>
  useApiMutation({
    mutationFn: (picked: File) => uploadNewVersion(dealId, fileId, picked, onProgress),
    invalidates: [...fileChangeKeys(dealId, fileId), fileKeys.metadata(dealId, fileId)],
    successMessage: 'New version uploaded',
    errorMessage: 'Failed to upload new version',
    onSuccess: () => setTimeout(() => onProgress(null), 1200),
    onError: () => onProgress(null),
  });
