import type { ListingPageInfo } from '@contracts/dataroom';
import type { FileSummary } from '../files';

export type Capability =
  'view' | 'download' | 'comment' | 'approve' | 'upload' | 'edit_files' | 'edit_folders' | 'edit_checklist' | 'manage_users';

export interface Folder {
  id: string;
  name: string;
  parent_id?: string | null;
  /** The parent's path. */
  path?: string | null;
  full_path: string;
  created_at: string;
}

export interface Breadcrumb {
  name: string;
  path: string;
}

/** GET /deals/{d}/files?path=…&limit=…&after=…: one page of a level. */
export interface FolderListing extends ListingPageInfo {
  path: string;
  folder: Folder | null;
  breadcrumbs: Breadcrumb[];
  folders: Folder[];
  files: FileSummary[];
  capabilities: Capability[];
}

/** GET /deals/{d}/folders/{id} */
export interface FolderDetail extends Folder {
  breadcrumbs: Breadcrumb[];
  item_count: number;
  files: number;
  folders: number;
}

/** GET /deals/{d}/files/search?q= */
export interface SearchResults {
  query: string;
  folders: Folder[];
  files: FileSummary[];
}
