/** One level of the data room (docs/product.md §7 Data room and folders). */
import { z } from 'zod';

/** What the web asks for per page: a screenful and a half on a tall window. */
export const LISTING_PAGE_DEFAULT = 200;
export const LISTING_PAGE_MAX = 1000;

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
export type ListingQuery = z.infer<typeof listingQuery>;

/** Paging fields of a listing answer. `file_count` (every file of the level) comes on the first page only. */
export interface ListingPageInfo {
  next_cursor: string | null;
  file_count?: number;
}
