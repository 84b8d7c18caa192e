/**
 * One level of the data room (docs/product.md §7 Data room and folders). No zod here: the web's first
 * chunk reads these constants (the listing is requested at start-up), and zod stays in the lazy chunks.
 */

/** What the web asks for per page: a screenful and a half on a tall window. */
export const LISTING_PAGE_DEFAULT = 200;
export const LISTING_PAGE_MAX = 1000;

/**
 * Paging fields of a listing answer. `file_count` (every file of the level) comes on a first page that
 * holds the whole level; for a longer level, GET …/files/count?path= answers it (counting a level of
 * 10,000 cost more than reading its first page, so a page does not wait for it).
 */
export interface ListingPageInfo {
  next_cursor: string | null;
  file_count?: number;
}

/** What the caller may do with a file; every file row the API answers with carries them. */
export interface FileRights {
  can_edit: boolean;
  can_download: boolean;
  can_approve: boolean;
  can_comment: boolean;
  /** Whether the caller may ask for an analysis (Re-run AI) and decide on its suggestion. */
  can_request_ai: boolean;
  can_decide_ai: boolean;
}

/**
 * A file up to this size goes with its tus creation request (the creation-with-upload extension, which
 * both stores serve): one round trip fewer for every such file, and a connection dropped on the way costs
 * at most this much sent again. A larger file is created first, so every byte of it resumes
 * (docs/decisions.md decision 73).
 */
export const SEND_WITH_CREATION_MAX_BYTES = 8 * 1024 * 1024;

/** A tus 1.0 upload the browser sends one file's bytes to, in chunks (docs/decisions.md decision 24). */
export interface ResumableUpload {
  endpoint: string;
  headers: Record<string, string>;
  /** Send the browser's own access token as `Authorization: Bearer` with every tus request. */
  with_access_token: boolean;
  metadata: Record<string, string>;
  chunk_size: number;
  expires_at: string;
}
