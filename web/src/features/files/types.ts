/**
 * Files of the data room (docs/product.md §3 File, File version, File comment, File metadata, File
 * permissions): the API's answers are its contracts (@contracts/files); below them, what only the web keeps.
 */
import type { WithOptional } from '@contracts/common';
import type * as C from '@contracts/files';
import type { ApprovalStatus } from '@contracts/files';

export type { AiStatus, ApprovalStatus, FileComment, FileMetadata, FileSummary, Uploader } from '@contracts/files';

// Narrow aliases. The permissions editor changes the six lists (the answer's can_edit is not one of them),
// and the page's fixtures build versions with the fields they show.
export type FilePermissions = Omit<C.FilePermissions, 'can_edit'>;
export type FileVersion = Pick<C.FileVersion, 'version_number' | 'uploaded_at'> & Partial<C.FileVersion>;
/** GET /deals/{d}/files/{id}. */
export type FileDetail = WithOptional<Omit<C.FileDetail, 'versions'>, 'upload_state' | 'archived_at' | 'checklist_links'> & {
  versions: FileVersion[];
};

/** The people, groups and tags the permissions editor offers (read from the people screens' answers). */
export interface DealUser {
  user_id: string;
  email: string;
  first_name?: string | null;
  last_name?: string | null;
  status?: string | null;
}

export interface DealGroup {
  id: string;
  name: string;
  member_count?: number;
  color?: string | null;
}

export interface DealTag {
  id: string;
  name: string;
  color?: string | null;
}

export const DOCUMENT_TYPES = ['Contract', 'Report', 'Statement', 'Org Chart', 'NDA', 'Agreement', 'Other'] as const;
export const CONFIDENTIALITY_LEVELS = ['public', 'internal', 'confidential', 'privileged'] as const;
/** What a person may set on the file page (the review queue can also send a file back: changes_requested). */
export const APPROVAL_STATUSES: ApprovalStatus[] = ['pending', 'review', 'approved'];
