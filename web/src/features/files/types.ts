import type { FileRights } from '@contracts/dataroom';

/** Files of the data room (docs/product.md §3 File, File version, File comment, File metadata, File permissions). */

export type AiStatus = 'not_started' | 'queued' | 'processing' | 'review' | 'approved' | 'try_again' | 'completed' | 'failed';

export type ApprovalStatus = 'pending' | 'review' | 'approved' | 'changes_requested';

/** A file as the folder listing and search return it, with what the caller may do with it. */
export interface FileSummary extends FileRights {
  id: string;
  name: string;
  formatted_title: string | null;
  file_type: string | null;
  content_type: string | null;
  current_version: number;
  size_bytes: number | null;
  tags: string[];
  checklist_items: string[];
  /** The linked items the reader may see (GET /deals/{id}/files/{id}). */
  checklist_links?: { id: string; item_code: string | null; name: string }[];
  approval_status: ApprovalStatus;
  ai_status: AiStatus;
  permission_type: 'all' | 'custom';
  uploaded_by: string | null;
  created_at: string;
  updated_at: string;
  /** The path of the file's folder. */
  path: string;
}

export interface FileVersion {
  version_number: number;
  uploaded_at: string;
  file_size?: number | null;
  original_name?: string | null;
  content_type?: string | null;
  uploaded_by_email?: string | null;
  uploaded_by_first_name?: string | null;
  uploaded_by_last_name?: string | null;
  /** What this version names (each version keeps its own; the current one is edited on the page). */
  people_mentioned?: string[];
  named_organizations?: string[];
  languages_used?: string[];
}

export interface Uploader {
  id: string;
  email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

/** GET /deals/{d}/files/{id}. */
export interface FileDetail extends FileSummary {
  /** The version a person's edit must be based on (sent back as If-Match). */
  edit_version: number;
  deal_id: string;
  folder_id: string | null;
  approval_note: string | null;
  versions: FileVersion[];
  uploader: Uploader | null;
  can_upload_version: boolean;
  ai_analysis_id: string | null;
  ai_analysis_status: string | null;
  ai_recommended_item: { id: string; name: string; category: string | null } | null;
  ai_category: string | null;
  ai_confidence: number | null;
  ai_reasoning: string | null;
}

export interface FileMetadata {
  formatted_title?: string | null;
  custom_file_category?: string | null;
  document_type?: string | null;
  quick_summary?: string | null;
  confidentiality_level?: string | null;
  date_range_start?: string | null;
  date_range_end?: string | null;
  people_mentioned?: string[] | null;
  named_organizations?: string[] | null;
  languages_used?: string[] | null;
  ai_generated_at?: string | null;
  file_size?: number | null;
}

export interface FileComment {
  id: string;
  comment: string;
  created_at: string;
  user_id?: string;
  user_first_name?: string | null;
  user_last_name?: string | null;
  user_email?: string | null;
}

export interface FilePermissions {
  type: 'all' | 'custom';
  allowed_users: string[];
  allowed_groups: string[];
  allowed_tags: string[];
  denied_users: string[];
  denied_groups: string[];
  denied_tags: string[];
}

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

/** The size of a file in bytes (`size_bytes`: docs/product.md names one field per value), or null when unknown. */
export function fileSizeOf(file: { size_bytes?: number | null }): number | null {
  const size = file.size_bytes;
  return size === null || size === undefined ? null : Number(size);
}
