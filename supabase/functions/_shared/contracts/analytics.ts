/**
 * Who read what (docs/decisions.md decision 46): the viewer records views and page times; a file's
 * "Views" card and the deal's analytics read them. Runtime-neutral.
 *
 * - POST /deals/{dealId}/files/{fileId}/views            body RecordViewBody → 201 RecordViewAnswer
 * - POST /deals/{dealId}/views/{viewId}/pages            body RecordPagesBody → 204
 * - GET  /deals/{dealId}/files/{fileId}/views            → FileViewsAnswer (deal admins, manage_users)
 * - GET  /deals/{dealId}/analytics?from&to               → DealAnalytics (deal admins, manage_users)
 * - GET  /deals/{dealId}/analytics.csv?from&to           → text/csv, one row per document and member
 */
import { z } from 'zod';

export const PAGE_SECONDS_MAX = 600;
export const PAGES_PER_BATCH_MAX = 100;

export const recordViewBody = z.object({
  version_number: z
    .number({ required_error: 'version_number is required', invalid_type_error: 'version_number must be a number' })
    .int('version_number must be a whole number')
    .min(1, 'version_number must be at least 1'),
});
export type RecordViewBody = z.infer<typeof recordViewBody>;

export interface RecordViewAnswer {
  view_id: string;
}

export const pageTime = z.object({
  page: z
    .number({ required_error: 'page is required', invalid_type_error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(1_000_000, 'page can be at most 1000000'),
  seconds: z
    .number({ required_error: 'seconds is required', invalid_type_error: 'seconds must be a number' })
    .positive('seconds must be more than 0')
    .max(PAGE_SECONDS_MAX, `seconds can be at most ${PAGE_SECONDS_MAX} per entry`),
});
export type PageTime = z.infer<typeof pageTime>;

export const recordPagesBody = z.object({
  pages: z
    .array(pageTime, { required_error: 'pages is required', invalid_type_error: 'pages must be a list' })
    .min(1, 'pages must hold at least one entry')
    .max(PAGES_PER_BATCH_MAX, `pages can hold at most ${PAGES_PER_BATCH_MAX} entries`),
});
export type RecordPagesBody = z.infer<typeof recordPagesBody>;

/** One person's reading of one file (the file page's "Views" card). */
export interface FileViewer {
  user_id: string;
  name: string;
  email: string | null;
  views: number;
  seconds: number;
  last_viewed_at: string;
}

export interface FileViewsAnswer {
  viewers: FileViewer[];
}

/**
 * The period of GET /deals/{dealId}/analytics and its CSV: `from` and `to` are dates (YYYY-MM-DD, whole
 * UTC days, `to` included) or instants (ISO 8601 with a time); either may be left out (open-ended).
 */
export interface AnalyticsPeriod {
  from?: string;
  to?: string;
}

export interface DocumentReads {
  file_id: string;
  name: string;
  path: string;
  views: number;
  viewers: number;
  seconds: number;
  last_viewed_at: string;
}

export interface MemberEngagement {
  user_id: string;
  name: string;
  email: string | null;
  documents: number;
  views: number;
  seconds: number;
  last_viewed_at: string;
}

/** Views and time per top-level folder ('/' is the data room's root). */
export interface FolderHeat {
  folder: string;
  views: number;
  seconds: number;
}

/** One bar of the chart: the views that started in a day, a week or a month (`unit`). */
export interface ViewsOverTime {
  start: string;
  views: number;
  seconds: number;
}

export interface DealAnalytics {
  from: string | null;
  to: string | null;
  totals: { views: number; viewers: number; documents: number; seconds: number };
  documents: DocumentReads[];
  members: MemberEngagement[];
  folders: FolderHeat[];
  unit: 'day' | 'week' | 'month';
  timeline: ViewsOverTime[];
}

/** The most-read documents listed (the CSV holds every one). */
export const ANALYTICS_DOCUMENTS_MAX = 50;
