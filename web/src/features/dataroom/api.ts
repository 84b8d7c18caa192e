import { API_BASE, ApiError, api, browser, clearToken, DEFAULT_TIMEOUT_MS, getToken, isAbortError } from '../../lib/api';
import { dealKeys } from '../../lib/deal';
import { takePrefetchedListing } from './prefetch';
import type { FolderDetail, FolderListing, SearchResults, Folder } from './types';

const dealBase = (dealId: string) => `/deals/${encodeURIComponent(dealId)}`;

export const dataRoomKeys = {
  all: (dealId: string) => dealKeys.scoped(dealId, 'dataroom'),
  listing: (dealId: string, path: string) => dealKeys.scoped(dealId, 'dataroom', 'listing', path),
  folder: (dealId: string, folderId: string) => dealKeys.scoped(dealId, 'dataroom', 'folder', folderId),
  search: (dealId: string, q: string) => dealKeys.scoped(dealId, 'dataroom', 'search', q),
};

export async function fetchListing(dealId: string, path: string, signal?: AbortSignal): Promise<FolderListing> {
  const data =
    (await takePrefetchedListing(dealId, path)) ??
    (await api.get<FolderListing>(`${dealBase(dealId)}/files`, { query: { path }, signal }));
  return {
    ...data,
    folders: data?.folders ?? [],
    files: data?.files ?? [],
    breadcrumbs: data?.breadcrumbs ?? [{ name: 'Data Room', path: '/' }],
    capabilities: data?.capabilities ?? [],
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
  api.delete<{ deleted_folders: number; deleted_files: number }>(
    `${dealBase(dealId)}/folders/${encodeURIComponent(folderId)}`,
  );

export interface UploadTarget {
  file_id: string;
  filename: string;
  upload_url: string;
  upload_fields?: Record<string, string>;
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
 * Two-step upload, step 1. Same contract as the shared client (bearer token, 30 s timeout, 401 → login,
 * ApiError with the server's detail) but it also reads `existing_file_id` from a 409, which the shared
 * client's ApiError does not carry: that id is what "Upload as new version" needs.
 */
export async function requestUploadUrl(
  dealId: string,
  body: UploadUrlRequest,
  signal?: AbortSignal,
): Promise<UploadTarget> {
  const path = `${dealBase(dealId)}/files/upload-url`;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, DEFAULT_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${API_BASE.replace(/\/$/, '')}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: controller.signal,
      credentials: 'omit',
    });
  } catch (error) {
    if (timedOut) throw new ApiError('Request timed out', { kind: 'timeout' });
    if (isAbortError(error) || signal?.aborted) throw new DOMException('The request was aborted', 'AbortError');
    throw new ApiError('Network connection failed', { kind: 'network' });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
  let data: Record<string, unknown> | undefined;
  try {
    data = (await response.json()) as Record<string, unknown>;
  } catch {
    data = undefined;
  }
  if (response.ok) return data as unknown as UploadTarget;
  const detail = typeof data?.detail === 'string' ? data.detail : undefined;
  if (response.status === 401) {
    clearToken();
    browser.redirectToLogin();
  }
  if (response.status === 409) {
    const existing = typeof data?.existing_file_id === 'string' ? data.existing_file_id : undefined;
    throw new NameConflictError(detail ?? `A file named "${body.filename}" already exists in this folder`, existing);
  }
  throw new ApiError(detail ?? `Request failed with status ${response.status}`, { status: response.status, detail });
}

/** Two-step upload, step 3. */
export const completeUpload = (dealId: string, fileId: string, fileSize: number, signal?: AbortSignal) =>
  api.post<unknown>(
    `${dealBase(dealId)}/files/${encodeURIComponent(fileId)}/upload-complete`,
    { file_size: fileSize },
    { signal },
  );
