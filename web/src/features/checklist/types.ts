/** Shapes of the checklist calls (docs/product.md §3 and §7 Checklist). */

export type ItemStatus = 'in_progress' | 'provided' | 'not_applicable';
export type ItemApproval = 'pending' | 'approved' | 'changes_requested';
export type FileApprovalStatus = 'pending' | 'review' | 'approved';

export interface ChecklistCategory {
  id: string;
  name: string;
  code: string | null;
  position?: number;
  completed: number;
  total: number;
}

/** A file linked to an item (docs/product.md §3 'Attached file in checklist'). */
export interface ConnectedFile {
  file_id: string;
  name: string;
  size?: number | null;
  ai_status?: string | null;
  approval_status?: FileApprovalStatus | null;
  uploaded_at?: string | null;
}

export interface ChecklistItem {
  id: string;
  /** The item's code, such as A.1. */
  item_id: string | null;
  name: string;
  description: string | null;
  category_id: string;
  category: string;
  category_code?: string | null;
  status: ItemStatus;
  required: boolean;
  files: string[];
  metadata: { anticipated_file_count: number | null; actual_file_count: number | null };
  approval: { status: ItemApproval; decided_by: string | null; decided_at: string | null } | null;
  approval_status?: ItemApproval;
  connected_files: ConnectedFile[];
  catalog_item_id?: string | null;
  requirements?: Record<string, unknown> | null;
}

export interface ChecklistRights {
  can_edit: boolean;
  can_approve: boolean;
  can_upload: boolean;
  /** The Update button of a row (the API's answer): status and connected files, or for upload_only the upload alone. */
  can_update?: boolean;
  /** Update picks files of the deal to link (upload_only sees none: decision 35). */
  can_link_files?: boolean;
}

/** GET /deals/{id}/checklist */
export interface ChecklistResponse extends ChecklistRights {
  categories: ChecklistCategory[];
  progress: { completed: number; total: number };
  /** Category name to its items. */
  checklist: Record<string, ChecklistItem[]>;
}

export interface ApprovalDecision {
  id?: string;
  decision: 'approved' | 'changes_requested';
  note: string | null;
  decided_at: string;
  decided_by_email?: string | null;
  decided_by_first_name?: string | null;
  decided_by_last_name?: string | null;
}

/** GET /deals/{id}/checklist/items/{itemId} */
export interface ChecklistItemDetail extends ChecklistItem, ChecklistRights {
  approval_history: ApprovalDecision[];
}

export interface CatalogItem {
  id: string;
  code: string;
  title: string;
  description: string | null;
  category: string;
  subcategory?: string | null;
  version?: number;
  presets?: string[];
  requirements?: Record<string, unknown> | null;
}

/** GET /checklist-catalog */
export interface CatalogPage {
  items: CatalogItem[];
  total_count: number;
}

/** A file of the data room, as the listing and the search return it. */
export interface DealFile {
  id: string;
  name: string;
  path?: string | null;
  size_bytes?: number | null;
  created_at?: string | null;
  checklist_items?: string[] | null;
}

export interface DealFolder {
  id: string;
  name: string;
  full_path: string;
}
