import { LISTING_PAGE_DEFAULT, type ResumableUpload } from '@contracts/dataroom';
import { ApiError, api } from '../../../lib/api/client';
import { dealKeys } from '../../../lib/api/deal';
import { takePrefetchedListing } from '../prefetch';
import type { FolderDetail, FolderListing, SearchResults, Folder } from '../types';

const dealBase = (dealId: string) => `/deals/${encodeURIComponent(dealId)}`;

export const dataRoomKeys = {
  all: (dealId: string) => dealKeys.scoped(dealId, 'dataroom'),
  listing: (dealId: string, path: string) => dealKeys.scoped(dealId, 'dataroom', 'listing', path),
  folder: (dealId: string, folderId: string) => dealKeys.scoped(dealId, 'dataroom', 'folder', folderId),
  search: (dealId: string, q: string) => dealKeys.scoped(dealId, 'dataroom', 'search', q),
};

/** One page of a level: the first carries the folders and the count of files; later ones only files after `after`. */
export async function fetchListing(dealId: string, path: string, after?: string, signal?: AbortSignal): Promise<FolderListing> {
  const data =
    (after === undefined ? await takePrefetchedListing(dealId, path) : undefined) ??
    (await api.get<FolderListing>(`${dealBase(dealId)}/files`, { query: { path, limit: LISTING_PAGE_DEFAULT, after }, signal }));
  return {
    ...data,
    folders: data?.folders ?? [],
    files: data?.files ?? [],
    breadcrumbs: data?.breadcrumbs ?? [{ name: 'Data Room', path: '/' }],
    capabilities: data?.capabilities ?? [],
    next_cursor: data?.next_cursor ?? null,
  };
}

export const fetchFolder = (dealId: string, folderId: string, signal?: AbortSignal) =>
  api.get<FolderDetail>(`${dealBase(dealId)}/folders/${encodeURIComponent(folderId)}`, { signal });

export async function searchDataRoom(dealId: string, q: string, signal?: AbortSignal): Promise<SearchResults> {
  const data = await api.get<SearchResults>(`${dealBase(dealId)}/files/search`, { query: { q }, signal });
  return { query: data?.query ?? q, folders: data?.folders ?? [], files: data?.files ?? [] };
}

export const createFolder = (dealId: string, name: string, path: string) =>
  api.post<Folder>(`${dealBase(dealId)}/folders`, { name, path });

export const archiveFolder = (dealId: string, folderId: string) =>
  api.put<{ archived_folders: number; archived_files: number }>(
    `${dealBase(dealId)}/folders/${encodeURIComponent(folderId)}/archive`,
  );

export const deleteFolder = (dealId: string, folderId: string) =>
  api.delete<{ deleted_folders: number; deleted_files: number }>(`${dealBase(dealId)}/folders/${encodeURIComponent(folderId)}`);

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
