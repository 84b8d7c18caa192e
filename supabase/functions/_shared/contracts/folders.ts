/** Folders of the data room, its listing and its search: requests and answers (docs/product.md §7 Data room and folders). */
import { z } from 'zod';
import { CAPABILITIES } from './capabilities.ts';
import { LISTING_PAGE_MAX } from './dataroom.ts';
import { fileSummary } from './files.ts';

// Requests.

/**
 * Paging is opt-in: without `limit` the whole level comes back, as docs/product.md's endpoint always
 * answered. With it, files come in name order `limit` at a time; `after` is the name of the last file
 * of the previous page (names are unique in a folder regardless of case, so the name is the cursor).
 */
export const listingQuery = z.object({
  path: z.string().max(4096, 'path can be at most 4096 characters').optional(),
  limit: z.coerce
    .number({ invalid_type_error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LISTING_PAGE_MAX, `limit can be at most ${LISTING_PAGE_MAX}`)
    .optional(),
  after: z.string().max(1024, 'after can be at most 1024 characters').optional(),
});

export const levelCountQuery = listingQuery.pick({ path: true });

export const searchQuery = z.object({ q: z.string().trim().min(1, 'Type something to search for').max(200) });

export const folderCreateBody = z.object({
  name: z.unknown(),
  path: z.string().max(4000).nullish(),
  parent_id: z.string().uuid().nullish(),
});

// Answers.

export const folder = z
  .object({
    id: z.string(),
    name: z.string(),
    parent_id: z.string().nullable(),
    /** The parent's path. */
    path: z.string(),
    full_path: z.string(),
    created_at: z.string(),
  })
  .strict();
export type Folder = z.infer<typeof folder>;

export const breadcrumb = z.object({ name: z.string(), path: z.string() }).strict();
export type Breadcrumb = z.infer<typeof breadcrumb>;

/** POST /deals/{d}/folders: the folder made. */
export const createdFolder = folder.extend({ archived_at: z.string().nullable() }).strict();

/** GET /deals/{d}/files?path=…&limit=…&after=…: one level (one page of it when `limit` is sent). */
export const folderListing = z
  .object({
    path: z.string(),
    folder: createdFolder.nullable(),
    breadcrumbs: z.array(breadcrumb),
    folders: z.array(folder),
    files: z.array(fileSummary),
    capabilities: z.array(z.enum(CAPABILITIES)),
    // Paging (ListingPageInfo): with `limit` only; `file_count` on a first page that holds the whole level.
    next_cursor: z.string().nullable().optional(),
    file_count: z.number().optional(),
  })
  .strict();
export type FolderListing = z.infer<typeof folderListing>;

/** GET /deals/{d}/files/count?path=…: how many files of the level the caller sees. */
export const levelCount = z.object({ path: z.string(), file_count: z.number() }).strict();
export type LevelCount = z.infer<typeof levelCount>;

/** GET /deals/{d}/folders/{id}. */
export const folderDetail = createdFolder
  .extend({ breadcrumbs: z.array(breadcrumb), item_count: z.number(), files: z.number(), folders: z.number() })
  .strict();
export type FolderDetail = z.infer<typeof folderDetail>;

/** A folder found by the search: `path` is its own path there (where the result leads), not its parent's. */
export const foundFolder = folder.omit({ parent_id: true }).strict();

/** GET /deals/{d}/files/search?q=. */
export const searchResults = z.object({ query: z.string(), folders: z.array(foundFolder), files: z.array(fileSummary) }).strict();
export type SearchResults = z.infer<typeof searchResults>;

/** PUT /deals/{d}/folders/{id}/archive. */
export const folderArchived = z.object({ id: z.string(), archived_folders: z.number(), archived_files: z.number() }).strict();
