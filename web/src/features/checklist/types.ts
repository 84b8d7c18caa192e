/**
 * Shapes of the checklist calls (docs/product.md §3 and §7 Checklist): the API's answers are its
 * contracts (@contracts/checklist); below them, what only this screen keeps.
 */
import type * as C from '@contracts/checklist';
import type { WithOptional } from '@contracts/common';

export type {
  ApprovalDecision,
  CatalogItem,
  ChecklistRights,
  ConnectedFile,
  ItemApproval,
  ItemStatus,
} from '@contracts/checklist';
/** A file's review state: the four values of the database (a file the review queue sent back is changes_requested). */
export type { ApprovalStatus as FileApprovalStatus } from '@contracts/files';

// Narrow aliases: the screens and their fixtures leave out fields they never read.
export type ChecklistCategory = WithOptional<C.ChecklistCategory, 'position'>;
export type ChecklistItem = WithOptional<
  C.ChecklistItem,
  'category_code' | 'approval_status' | 'catalog_item_id' | 'requirements' | 'position' | 'created_at' | 'updated_at'
>;
/** GET /deals/{id}/checklist */
export type ChecklistResponse = Omit<C.ChecklistResponse, 'categories' | 'checklist'> & {
  categories: ChecklistCategory[];
  /** Category name to its items. */
  checklist: Record<string, ChecklistItem[]>;
};
/** GET /deals/{id}/checklist/items/{itemId} */
export type ChecklistItemDetail = ChecklistItem & C.ChecklistRights & { approval_history: C.ApprovalDecision[] };
/** GET /checklist-catalog, as the picker keeps it (items and their count). */
export type CatalogPage = WithOptional<C.CatalogPage, 'page' | 'page_size'>;

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
