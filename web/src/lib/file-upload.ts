// The one way every screen uploads a new file (the data room's queue, a checklist item's panel), shared
// below the features that use it (docs/architecture.md "Features side by side").
import type { ResumableUpload } from '@contracts/dataroom';
import { ApiError, api } from './api/client';
import { uploadResumably } from './upload-transport';
import { dealPath, filePath } from './api/deal-path';

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
    return await api.post<UploadTarget>(`${dealPath(dealId)}/files/upload-url`, body, { signal });
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
  api.post<unknown>(`${filePath(dealId, fileId)}/upload-complete`, { file_size: fileSize }, { signal });

/**
 * The two-step upload of one file (docs/product.md §7 Files): an upload URL for its folder, the bytes to
 * storage with progress (resumable, docs/decisions.md decision 24), then upload-complete. Trying the same
 * file again after a failure resumes the same upload (uploadResumably). The one way every screen uploads
 * a new file (the data room's queue, a checklist item's panel); a taken name is a NameConflictError (409).
 */
export async function uploadFile(
  dealId: string,
  file: File,
  target: { path: string; name?: string; checklistItems?: string[]; keepBoth?: boolean },
  options: { onProgress: (loaded: number) => void; onStored?: (bytes: number) => void; signal?: AbortSignal },
): Promise<{ fileId: string; savedAs: string }> {
  const checklistItems = target.checklistItems ?? [];
  const destination = JSON.stringify(['file', dealId, target.path, target.name ?? file.name, !!target.keepBoth, checklistItems]);
  return uploadResumably(
    file,
    destination,
    {
      grant: () =>
        requestUploadUrl(
          dealId,
          {
            filename: target.name ?? file.name,
            content_type: file.type || 'application/octet-stream',
            path: target.path,
            tags: [],
            checklist_items: checklistItems,
            ...(target.keepBoth ? { on_conflict: 'keep_both' as const } : {}),
          },
          options.signal,
        ),
      complete: async (grant) => {
        await completeUpload(dealId, grant.file_id, file.size, options.signal);
        return { fileId: grant.file_id, savedAs: grant.filename ?? target.name ?? file.name };
      },
    },
    { signal: options.signal, onProgress: (loaded) => options.onProgress(loaded), onStored: options.onStored },
  );
}
