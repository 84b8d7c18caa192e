/** Deals: the list of deal cards, one deal, its dashboard (docs/product.md §2 Deals, Dashboard, §7 Deals). */
import { z } from 'zod';
import { CAPABILITIES } from './capabilities.ts';
import { approvalStatus } from './files.ts';

const dealName = z
  .string({ required_error: 'Please enter a deal name', invalid_type_error: 'Please enter a deal name' })
  .trim()
  .min(1, 'Please enter a deal name')
  .max(200, 'The deal name can be at most 200 characters');
const dealDescription = z.string().trim().max(5000, 'The description can be at most 5000 characters');

// Requests.

export const dealListQuery = z.object({
  view: z.enum(['active', 'archived'], { message: 'view must be active or archived' }).default('active'),
});

export const createDealBody = z.object({
  name: dealName,
  description: dealDescription.nullish(),
  checklist_preset: z.string().trim().min(1).max(100).nullish(),
});

export const updateDealBody = z.object({
  name: dealName,
  description: dealDescription.nullish(),
  require_mfa: z.boolean({ invalid_type_error: 'require_mfa is true or false' }).optional(),
  /** Downloaded PDFs and images carry the viewer's stamp (decision 44). */
  watermark_downloads: z.boolean({ invalid_type_error: 'watermark_downloads is true or false' }).optional(),
  search_language: z.enum(['english', 'german'], { message: 'search_language must be english or german' }).optional(),
});

// Answers.

/** The caller's role as a deal shows it (docs/access-model.md). */
export const DEAL_ROLES = ['admin', 'contributor', 'viewer'] as const;
export type DealRole = (typeof DEAL_ROLES)[number];

export const progress = z.object({ completed: z.number(), total: z.number() }).strict();
/** Category name to its progress, in the checklist's order. */
export const sectionProgress = z.record(progress);

/** One deal and the caller's place in it (POST /deals, GET/PUT /deals/{id}, PUT /deals/{id}/archive). */
export const deal = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    owner_id: z.string(),
    checklist_preset: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    archived_at: z.string().nullable(),
    require_mfa: z.boolean(),
    watermark_downloads: z.boolean(),
    /** The language the deal's documents are searched in (docs/decisions.md decision 47). */
    search_language: z.enum(['english', 'german']),
    user_role: z.enum(DEAL_ROLES),
    is_owner: z.boolean(),
    permission_set: z.string().nullable(),
    capabilities: z.array(z.enum(CAPABILITIES)),
  })
  .strict();
export type Deal = z.infer<typeof deal>;

/** An entry of a deal's recent activity (the cards and the dashboard). */
export const recentActivity = z
  .object({
    id: z.string(),
    activity_type: z.string(),
    description: z.string(),
    metadata: z.record(z.unknown()).nullable(),
    created_at: z.string(),
    user_first_name: z.string().nullable(),
    user_last_name: z.string().nullable(),
    user_email: z.string().nullable(),
  })
  .strict();
export type RecentActivity = z.infer<typeof recentActivity>;

/** One of the newest files of a deal the caller can see. */
export const recentFile = z
  .object({
    id: z.string(),
    name: z.string(),
    path: z.string(),
    created_at: z.string(),
    tags: z.array(z.string()),
    ai_status: z.string(),
    approval_status: approvalStatus,
  })
  .strict();
export type RecentFile = z.infer<typeof recentFile>;

/** An entry of GET /deals. */
export const dealSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    created_at: z.string(),
    archived_at: z.string().nullable(),
    user_role: z.enum(DEAL_ROLES),
    is_owner: z.boolean(),
    user_count: z.number(),
    checklist_progress: sectionProgress,
    overall_progress: progress,
    recent_activity: z.array(recentActivity),
    recent_files: z.array(recentFile),
    /** Files awaiting a decision among those the caller sees (docs/decisions.md decision 36). */
    files_pending_review: z.number(),
  })
  .strict();
export type DealSummary = z.infer<typeof dealSummary>;

/** An entry of GET /deals/requiring-verification. */
export const dealNeedingMfa = z.object({ id: z.string(), name: z.string() }).strict();

/** GET /deals/{id}/dashboard/stats. */
export const dashboardStats = z
  .object({
    files_uploaded: z.number(),
    files_pending_review: z.number(),
    files_processing: z.number(),
    files_queued: z.number(),
    files_approved: z.number(),
    team_members: z.number(),
    recent_activity_count: z.number(),
    overall_progress: progress,
    checklist_progress: sectionProgress,
    recent_activities: z.array(recentActivity),
    recent_files: z.array(recentFile),
  })
  .strict();
export type DashboardStats = z.infer<typeof dashboardStats>;
