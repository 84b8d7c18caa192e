/**
 * The plain values a contract shares with the web: page sizes, limits and lists. They stand apart from
 * the zod schemas (each area's file re-exports its own from here), so a screen that needs a page size
 * does not load zod: 11 KB compressed on the review queue, the search and the admin pages (decision 67).
 */

// Admin portal (admin.ts)
export const ADMIN_PAGE_DEFAULT = 20;
export const AUDIT_PAGE_DEFAULT = 50;
export const ELIGIBLE_PAGE_DEFAULT = 50;
export const AUDIT_DAYS = [7, 30, 90, 365] as const;
export const MIN_ADMIN_PASSWORD = 8;

// Review queue (review.ts)
export const REVIEW_PAGE_DEFAULT = 20;

// Q&A (qna.ts)
export const QNA_PAGE_DEFAULT = 50;

// Search inside documents (search.ts)
export const SEARCH_QUERY_MAX = 200;
/** The file types search filters by, and the extensions each covers (as the data room names them). */
export const SEARCH_FILE_TYPES = {
  pdf: ['pdf'],
  word: ['doc', 'docx', 'docm', 'odt', 'rtf'],
  excel: ['xls', 'xlsx', 'xlsm', 'ods', 'csv', 'tsv'],
  powerpoint: ['ppt', 'pptx', 'odp', 'key'],
  image: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'bmp', 'tif', 'tiff', 'heic'],
  text: ['txt', 'md', 'markdown', 'json', 'log', 'text', 'html', 'htm'],
} as const;
export type SearchFileType = keyof typeof SEARCH_FILE_TYPES;
export const SEARCH_FILE_TYPE_NAMES = Object.keys(SEARCH_FILE_TYPES) as SearchFileType[];
