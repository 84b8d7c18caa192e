/**
 * Folders of the data room, one level of it and the search (docs/product.md §7 Data room and folders):
 * the API's answers are its contracts (@contracts/folders), imported as types only so zod stays out of
 * the first chunk.
 */
import type * as C from '@contracts/folders';
import type { WithOptional } from '@contracts/common';

export type { Capability } from '@contracts/capabilities';
export type { Breadcrumb, FolderDetail } from '@contracts/folders';

// Narrow aliases: a folder found by the search has no parent_id, and the page's fixtures leave out
// fields the page never reads.
export type Folder = WithOptional<C.Folder, 'parent_id' | 'path'>;
/** GET /deals/{d}/files?path=…&limit=…&after=…: one page of a level. */
export type FolderListing = Omit<C.FolderListing, 'folder' | 'folders'> & {
  folder: (Folder & { archived_at?: string | null }) | null;
  folders: Folder[];
};
/** GET /deals/{d}/files/search?q= */
export type SearchResults = C.SearchResults;
