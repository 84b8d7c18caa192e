import type { ResumableUpload } from '@contracts/dataroom';
import { api } from '../../../lib/api/client';
import { dealKeys } from '../../../lib/api/deal';
import { uploadResumably } from '../transport';
import type {
  ApprovalStatus,
  DealGroup,
  DealTag,
  DealUser,
  FileComment,
  FileDetail,
  FileMetadata,
  FilePermissions,
} from '../types';

const fileBase = (dealId: string, fileId: string) => `/deals/${encodeURIComponent(dealId)}/files/${encodeURIComponent(fileId)}`;

export const fileKeys = {
  detail: (dealId: string, fileId: string) => dealKeys.scoped(dealId, 'file', fileId),
  metadata: (dealId: string, fileId: string) => dealKeys.scoped(dealId, 'file', fileId, 'metadata'),
  comments: (dealId: string, fileId: string) => dealKeys.scoped(dealId, 'file', fileId, 'comments'),
  permissions: (dealId: string, fileId: string) => dealKeys.scoped(dealId, 'file', fileId, 'permissions'),
  people: (dealId: string) => dealKeys.scoped(dealId, 'file-permission-people'),
};

export const fetchFile = (dealId: string, fileId: string, signal?: AbortSignal) =>
  api.get<FileDetail>(fileBase(dealId, fileId), { signal });

export interface FileUpdate {
  tags?: string[];
  checklist_items?: string[];
  approval_status?: ApprovalStatus;
  name?: string;
  formatted_title?: string | null;
}

/** If-Match: the edit_version the edit is based on; a newer one on the server answers 409 with `current`. */
const basedOn = (editVersion?: number) => (editVersion ? { headers: { 'If-Match': `"${editVersion}"` } } : undefined);

export const updateFile = (dealId: string, fileId: string, update: FileUpdate, editVersion?: number) =>
  api.put<FileDetail>(fileBase(dealId, fileId), update, basedOn(editVersion));

export const setApproval = (dealId: string, fileId: string, status: ApprovalStatus, note?: string) =>
  api.put<FileDetail>(`${fileBase(dealId, fileId)}/approval`, { status, note });

export const archiveFile = (dealId: string, fileId: string) => api.put<unknown>(`${fileBase(dealId, fileId)}/archive`);

export const deleteFile = (dealId: string, fileId: string) => api.delete<unknown>(fileBase(dealId, fileId));

interface DownloadLink {
  download_url: string;
  filename: string;
}

/**
 * Saves a signed download. The URL answers with Content-Disposition: attachment, so following it from a
 * link saves the file without leaving the page and without holding the whole file in memory.
 */
export function saveFromUrl(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

export async function downloadFile(dealId: string, fileId: string): Promise<void> {
  const link = await api.get<DownloadLink>(`${fileBase(dealId, fileId)}/download`);
  saveFromUrl(link.download_url, link.filename);
}

export async function downloadVersion(dealId: string, fileId: string, version: number): Promise<void> {
  const link = await api.get<DownloadLink>(`${fileBase(dealId, fileId)}/versions/${version}/download-url`);
  saveFromUrl(link.download_url, link.filename);
}

export const fetchComments = (dealId: string, fileId: string, signal?: AbortSignal) =>
  api.get<FileComment[]>(`${fileBase(dealId, fileId)}/comments`, { signal });

export const addComment = (dealId: string, fileId: string, comment: string) =>
  api.post<FileComment>(`${fileBase(dealId, fileId)}/comments`, { comment });

export const fetchMetadata = (dealId: string, fileId: string, signal?: AbortSignal) =>
  api.get<{ file: FileDetail; metadata: FileMetadata }>(`${fileBase(dealId, fileId)}/metadata`, { signal });

export const saveMetadata = (dealId: string, fileId: string, metadata: Partial<FileMetadata>, editVersion?: number) =>
  api.put<{ file: FileDetail; metadata: FileMetadata }>(`${fileBase(dealId, fileId)}/metadata`, metadata, basedOn(editVersion));

export const ALL_MEMBERS: FilePermissions = {
  type: 'all',
  allowed_users: [],
  allowed_groups: [],
  allowed_tags: [],
  denied_users: [],
  denied_groups: [],
  denied_tags: [],
};

/** docs/product.md §8 quiet failure: loading a file's permissions falls back to type 'all' on error. */
export async function fetchPermissions(dealId: string, fileId: string, signal?: AbortSignal): Promise<FilePermissions> {
  try {
    const data = await api.get<Partial<FilePermissions>>(`${fileBase(dealId, fileId)}/permissions`, { signal });
    return {
      type: data?.type === 'custom' ? 'custom' : 'all',
      allowed_users: data?.allowed_users ?? [],
      allowed_groups: data?.allowed_groups ?? [],
      allowed_tags: data?.allowed_tags ?? [],
      denied_users: data?.denied_users ?? [],
      denied_groups: data?.denied_groups ?? [],
      denied_tags: data?.denied_tags ?? [],
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ...ALL_MEMBERS };
  }
}

export const savePermissions = (dealId: string, fileId: string, permissions: FilePermissions) =>
  api.put<FilePermissions>(`${fileBase(dealId, fileId)}/permissions`, permissions);

export interface PermissionPeople {
  users: DealUser[];
  groups: DealGroup[];
  tags: DealTag[];
}

/** The permissions dialog's lists: members, groups and tags of the deal. */
export async function fetchPermissionPeople(dealId: string, signal?: AbortSignal): Promise<PermissionPeople> {
  const base = `/deals/${encodeURIComponent(dealId)}`;
  const [users, groups, tags] = await Promise.all([
    api
      .get<{ users?: DealUser[] }>(`${base}/users-enhanced`, { query: { page_size: 200 }, signal })
      .then((data) => data?.users ?? []),
    api.get<DealGroup[]>(`${base}/permissions/groups`, { signal }).then((data) => (Array.isArray(data) ? data : [])),
    api.get<DealTag[]>(`${base}/permissions/tags`, { signal }).then((data) => (Array.isArray(data) ? data : [])),
  ]);
  return { users, groups, tags };
}

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
 */
export async function uploadNewVersion(
  dealId: string,
  fileId: string,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
  /** The bytes storage holds of the upload, as each chunk is confirmed (uploadResumably). */
  onStored?: (bytes: number) => void,
): Promise<FileDetail> {
  onProgress(0);
  const done = await uploadResumably(
    file,
    JSON.stringify(['version', dealId, fileId]),
    {
      grant: () =>
        api.post<VersionUploadUrl>(`${fileBase(dealId, fileId)}/versions/upload-url`, {
          filename: file.name,
          content_type: file.type || 'application/octet-stream',
        }),
      complete: (target) => {
        onProgress(80);
        return api.post<FileDetail>(`${fileBase(dealId, fileId)}/versions/upload-complete`, {
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
  return done;
}
