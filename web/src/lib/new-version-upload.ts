import type { ResumableUpload } from '@contracts/dataroom';
import { api } from './api/client';
import { uploadResumably } from './upload-transport';
import { filePath } from './api/deal-path';

interface VersionUploadUrl {
  upload_url: string;
  upload_fields?: Record<string, string>;
  upload_url_expires_at: string;
  resumable: ResumableUpload;
  storage_path: string;
  next_version_number: number;
}

/**
 * A new version, two-step: reserve the upload URL, send the bytes to storage (progress up to 80%), then
 * complete (100%). docs/product.md §9: the progress jumps to 80% after the storage upload and 100% after completion.
 * Shared by the file's page (Update File) and the data room's uploads (a name conflict resolved as a new version).
 */
export async function uploadNewVersion(
  dealId: string,
  fileId: string,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
  /** The bytes storage holds of the upload, as each chunk is confirmed (uploadResumably). */
  onStored?: (bytes: number) => void,
): Promise<void> {
  onProgress(0);
  await uploadResumably(
    file,
    JSON.stringify(['version', dealId, fileId]),
    {
      grant: () =>
        api.post<VersionUploadUrl>(`${filePath(dealId, fileId)}/versions/upload-url`, {
          filename: file.name,
          content_type: file.type || 'application/octet-stream',
        }),
      complete: (target) => {
        onProgress(80);
        return api.post<unknown>(`${filePath(dealId, fileId)}/versions/upload-complete`, {
          storage_path: target.storage_path,
          file_size: file.size,
        });
      },
    },
    {
      signal,
      onStored,
      // While the bytes travel: up to 79%. The jump to 80% marks the storage upload as done.
      onProgress: (loaded, total) => {
        if (total > 0 && loaded < total) onProgress(Math.min(79, Math.floor((loaded / total) * 80)));
      },
    },
  );
  onProgress(100);
}
