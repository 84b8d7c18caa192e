/**
 * Search inside documents (issue 35; docs/decisions.md decision 47): GET /deals/{dealId}/search. The
 * snippet is plain text with the ranges to highlight, never markup: the web renders it as text.
 */
import { z } from 'zod';
import { APPROVAL_STATUSES } from './files.ts';
import { SEARCH_FILE_TYPE_NAMES, SEARCH_FILE_TYPES, SEARCH_QUERY_MAX, type SearchFileType } from './values.ts';

export const SEARCH_PAGE_SIZE = 20;
export { SEARCH_FILE_TYPE_NAMES, SEARCH_FILE_TYPES, SEARCH_QUERY_MAX, type SearchFileType };

export const SEARCH_LANGUAGES = ['english', 'german'] as const;
export type SearchLanguage = (typeof SEARCH_LANGUAGES)[number];

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'That date does not exist');

/** The query string of GET /deals/{dealId}/search. */
export const searchQuery = z
  .object({
    q: z
      .string({ required_error: 'Please enter something to search for' })
      .trim()
      .min(1, 'Please enter something to search for')
      .max(SEARCH_QUERY_MAX, `A search can be at most ${SEARCH_QUERY_MAX} characters`),
    folder_id: z.string().uuid('folder_id must be a folder id').optional(),
    type: z
      .enum(SEARCH_FILE_TYPE_NAMES as [SearchFileType, ...SearchFileType[]], {
        message: `type must be one of ${SEARCH_FILE_TYPE_NAMES.join(', ')}`,
      })
      .optional(),
    tag: z.string().trim().min(1).max(100, 'A tag can be at most 100 characters').optional(),
    item_id: z.string().uuid('item_id must be a checklist item id').optional(),
    approval: z.enum(APPROVAL_STATUSES, { message: `approval must be one of ${APPROVAL_STATUSES.join(', ')}` }).optional(),
    from: day.optional(),
    to: day.optional(),
    after: z.string().max(200).optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'from must not be after to' });
export type SearchQuery = z.input<typeof searchQuery>;

/** A snippet: plain text, and the [start, end) ranges (UTF-16 offsets, as JavaScript counts) to highlight. */
export interface SearchSnippet {
  text: string;
  highlights: [number, number][];
}

export interface SearchHit {
  file_id: string;
  filename: string;
  /** The folder's path, "/" at the root. */
  folder_path: string;
  mime_type: string;
  /** The page where the snippet is, for documents with pages (PDF); else null. */
  page: number | null;
  snippet: SearchSnippet;
  rank: number;
  uploaded_at: string;
}

export interface SearchResult {
  hits: SearchHit[];
  /** Pass as `after` for the next page; null on the last one. */
  next_after: string | null;
}
