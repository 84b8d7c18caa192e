/** The deal's activity feed (docs/product.md §2 Activity, §7): GET /deals/{dealId}/activity. Runtime-neutral. */

/** The kinds the feed's filter offers; the feed may carry others (shown with a generic title). */
export const ACTIVITY_TYPES = [
  'upload',
  'download',
  'delete',
  'checklist_update',
  'user_invite',
  'deal_create',
  'login',
  'approval',
  'export',
  'view',
  'question',
  'answer',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const ACTIVITY_PAGE_DEFAULT = 100;
export const ACTIVITY_PAGE_MAX = 500;

export interface ActivityMetadata {
  file_id?: string;
  folder_id?: string;
  path?: string;
  item_id?: string;
  version?: number;
  /** A `question` or `answer` entry's question (docs/decisions.md decision 51). */
  question_id?: string;
  [key: string]: unknown;
}

export interface ActivityEntry {
  id: string;
  activity_type: string;
  description: string;
  metadata: ActivityMetadata;
  created_at: string;
  user_first_name: string | null;
  user_last_name: string | null;
  user_email: string | null;
  /** Pass the last entry's cursor as `before` to read the entries older than it. */
  cursor: string;
}

/** Query of GET /deals/{dealId}/activity: newest first, `limit` entries older than `before`. */
export interface ActivityQuery {
  before?: string;
  limit?: number;
}
