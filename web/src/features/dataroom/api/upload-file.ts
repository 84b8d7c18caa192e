import type { ResumableUpload } from '@contracts/dataroom';
import { ApiError, api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { dataRoomChangeKeys, dealBase } from './keys';

export interface UploadTarget {
  file_id: string;
  filename: string;
  upload_url: string;
  upload_fields?: Record<string, string>;
  upload_url_expires_at: string;
  resumable: ResumableUpload;
  storage_path: string;
}

/** A 409 from upload-url: the name is taken in that folder. */
export class NameConflictError extends ApiError {
  readonly existingFileId: string | undefined;

  constructor(detail: string, existingFileId: string | undefined) {
    super(detail, { status: 409, detail });
    this.name = 'NameConflictError';
    this.existingFileId = existingFileId;
  }
}

export interface UploadUrlRequest {
  filename: string;
  content_type: string;
  path: string;
  tags: string[];
  checklist_items: string[];
  on_conflict?: 'keep_both';
}

/**
 * Two-step upload, step 1, through the shared client (token renewal, 30 s timeout, the server's
 * detail); a 409 becomes a NameConflictError carrying `existing_file_id`, which "Upload as new
 * version" needs.
 */
export async function requestUploadUrl(dealId: string, body: UploadUrlRequest, signal?: AbortSignal): Promise<UploadTarget> {
  try {
    return await api.post<UploadTarget>(`${dealBase(dealId)}/files/upload-url`, body, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      const existing = (error.body as { existing_file_id?: unknown } | undefined)?.existing_file_id;
      throw new NameConflictError(
        error.detail ?? `A file named "${body.filename}" already exists in this folder`,
        typeof existing === 'string' ? existing : undefined,
      );
    }
    throw error;
  }
}

/** Two-step upload, step 3. */
export const completeUpload = (dealId: string, fileId: string, fileSize: number, signal?: AbortSignal) =>
  api.post<unknown>(
    `${dealBase(dealId)}/files/${encodeURIComponent(fileId)}/upload-complete`,
    { file_size: fileSize },
    { signal },
  );

/**
 * The end of an upload batch as a change: the queue sends the bytes itself (upload/queue.ts), and this
 * declares what its end makes stale, the one way the cache is refreshed (lib/mutation.ts).
 */
export const useUploadBatchDone = (dealId: string) =>
  useApiMutation({
    mutationFn: async () => undefined,
    invalidates: dataRoomChangeKeys(dealId),
    errorMessage: 'Failed to upload files',
  });
