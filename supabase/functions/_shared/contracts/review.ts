/** The review queue (docs/product.md §2 Review queue, §7): files and checklist items awaiting a decision. */
import { z } from 'zod';
import { REVIEW_PAGE_DEFAULT } from './values.ts';

export { REVIEW_PAGE_DEFAULT };
export const REVIEW_PAGE_MAX = 100;
export const REVIEW_BULK_MAX = 500;

export const reviewQueueQuery = z.object({
  kind: z.enum(['all', 'files', 'items'], { message: 'kind must be all, files or items' }).default('all'),
  // 'awaiting': pending or in review, what still needs a decision (the screen's default).
  status: z
    .enum(['all', 'awaiting', 'pending', 'review', 'approved', 'changes_requested'], {
      message: 'status must be all, awaiting, pending, review, approved or changes_requested',
    })
    .default('all'),
  // Checklist items with no file connected are requests nobody answered yet, not decisions: listed only
  // when asked for ('show'), so the queue is not flooded with a new deal's whole checklist.
  empty: z.enum(['hide', 'show'], { message: 'empty must be hide or show' }).default('hide'),
  category_id: z.string().uuid('category_id must be a category of this deal').optional(),
  search: z.string().max(200, 'search can be at most 200 characters').optional(),
  sort: z
    .enum(['updated_at', 'name', 'completeness'], { message: 'sort must be updated_at, name or completeness' })
    .default('updated_at'),
  page: z.coerce
    .number({ invalid_type_error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .default(1),
  page_size: z.coerce
    .number({ invalid_type_error: 'page_size must be a number' })
    .int('page_size must be a whole number')
    .min(1, 'page_size must be at least 1')
    .max(REVIEW_PAGE_MAX, `page_size can be at most ${REVIEW_PAGE_MAX}`)
    .default(REVIEW_PAGE_DEFAULT),
});
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuery>;

export const reviewBulkBody = z.object({
  item_ids: z
    .array(z.string().uuid('item_ids must hold ids of files or checklist items'), { required_error: 'item_ids is required' })
    .min(1, 'No items selected')
    .max(REVIEW_BULK_MAX, `At most ${REVIEW_BULK_MAX} items at once`),
  note: z.string().trim().max(2000, 'The note can be at most 2000 characters').nullish(),
});
export type ReviewBulkBody = z.infer<typeof reviewBulkBody>;

export type ReviewStatus = 'pending' | 'review' | 'approved' | 'changes_requested';

interface ReviewRowBase {
  id: string;
  status: ReviewStatus;
  updated_at: string;
  /** Whether the caller may approve or send it back now (the database's answer, per row). */
  can_decide: boolean;
}
export interface ReviewFileRow extends ReviewRowBase {
  kind: 'file';
  name: string;
  file_type: string;
  size_bytes: number;
  uploaded_by: string | null;
}
export interface ReviewItemRow extends ReviewRowBase {
  kind: 'item';
  title: string;
  item_id: string | null;
  category_id: string;
  category: string;
  required: boolean;
  actual_file_count: number;
  anticipated_file_count: number;
  /** 0 to 1: connected files over expected ones (1 when none are expected). */
  completeness: number;
}
export type ReviewRow = ReviewFileRow | ReviewItemRow;

export interface ReviewBulkResult {
  success_count: number;
  failed_count: number;
}
