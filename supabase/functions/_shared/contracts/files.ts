/**
 * Files of the data room: requests and answers (docs/product.md §3 File, File version, File comment,
 * File metadata, File permissions; §7 Data room). Zod lives here, not in dataroom.ts (the web's first chunk).
 */
import { z } from 'zod';

/** A file's review state: the four values `files.approval_status` holds (migration 20261125087000). */
export const APPROVAL_STATUSES = ['pending', 'review', 'approved', 'changes_requested'] as const;
export const approvalStatus = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof approvalStatus>;

/** `files.ai_status` (migration 20261122000500). */
export const AI_STATUSES = [
  'not_started',
  'queued',
  'processing',
  'review',
  'approved',
  'try_again',
  'completed',
  'failed',
] as const;
export const aiStatus = z.enum(AI_STATUSES);
export type AiStatus = z.infer<typeof aiStatus>;

// Requests.

/** Tags: trimmed, empties dropped, de-duplicated, bounded. */
export const tagsSchema = z
  .array(z.string().max(100, 'A tag can be at most 100 characters'))
  .max(50, 'A file can have at most 50 tags')
  .transform((tags) => [...new Set(tags.map((t) => t.normalize('NFC').trim()).filter(Boolean))]);

export const checklistItemsSchema = z
  .array(z.string().uuid('checklist_items must be item ids'))
  .max(200)
  .transform((ids) => [...new Set(ids)]);

/** What a person may set on the file page (the review queue also sends a file back: changes_requested). */
const settableApproval = approvalStatus.exclude(['changes_requested'], { message: 'status must be pending, review or approved' });

export const fileUpdate = z
  .object({
    name: z.unknown().optional(),
    formatted_title: z.string().trim().max(500).nullish(),
    tags: tagsSchema.optional(),
    checklist_items: checklistItemsSchema.optional(),
    approval_status: settableApproval.optional(),
  })
  .strict();

const stringList = z
  .array(z.string().trim().max(200))
  .max(200)
  .transform((xs) => xs.filter(Boolean));
/** A real calendar date: "2024-02-30" must not roll over into March, nor "2024-13-01" reach Postgres. */
const isRealDate = (value: string) => {
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must look like 2024-12-31')
  .refine(isRealDate, 'That date does not exist')
  .nullish();
export const DATE_RANGE_ERROR = 'The date range must start before it ends';
export const metadataUpdate = z
  .object({
    formatted_title: z.string().trim().max(500).nullish(),
    custom_file_category: z.string().trim().max(200).nullish(),
    document_type: z.enum(['Contract', 'Report', 'Statement', 'Org Chart', 'NDA', 'Agreement', 'Other']).nullish(),
    quick_summary: z.string().trim().max(5000).nullish(),
    confidentiality_level: z.enum(['public', 'internal', 'confidential', 'privileged']).nullish(),
    date_range_start: isoDate,
    date_range_end: isoDate,
    people_mentioned: stringList.optional(),
    named_organizations: stringList.optional(),
    languages_used: stringList.optional(),
  })
  .strict()
  .refine((m) => !m.date_range_start || !m.date_range_end || m.date_range_start <= m.date_range_end, {
    message: DATE_RANGE_ERROR,
  });

const uuidList = z.array(z.string().uuid()).max(1000).default([]);
export const permissionsUpdate = z.object({
  type: z.enum(['all', 'custom'], { message: 'type must be all or custom' }),
  allowed_users: uuidList,
  allowed_groups: uuidList,
  allowed_tags: uuidList,
  denied_users: uuidList,
  denied_groups: uuidList,
  denied_tags: uuidList,
});

export const tagsLinksBody = z.object({ tags: tagsSchema.optional(), checklist_items: checklistItemsSchema.optional() }).strict();

export const approvalBody = z.object({ status: settableApproval, note: z.string().trim().max(2000).nullish() });

export const commentBody = z.object({
  comment: z
    .string({ required_error: 'A comment cannot be blank' })
    .trim()
    .min(1, 'A comment cannot be blank')
    .max(10000, 'A comment can be at most 10000 characters'),
});

// Answers.

const timestamp = z.string();

/** What the caller may do with a file (FileRights of dataroom.ts); every file row the API answers with carries them. */
export const fileRightsShape = {
  can_edit: z.boolean(),
  can_download: z.boolean(),
  can_approve: z.boolean(),
  can_comment: z.boolean(),
  can_request_ai: z.boolean(),
  can_decide_ai: z.boolean(),
};

const fileFields = {
  id: z.string(),
  name: z.string(),
  formatted_title: z.string().nullable(),
  file_type: z.string().nullable(),
  content_type: z.string().nullable(),
  current_version: z.number(),
  size_bytes: z.number().nullable(),
  tags: z.array(z.string()),
  checklist_items: z.array(z.string()),
  approval_status: approvalStatus,
  ai_status: aiStatus,
  permission_type: z.enum(['all', 'custom']),
  uploaded_by: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  /** The path of the file's folder. */
  path: z.string(),
};

/** A file as the folder listing and search return it, with what the caller may do with it. */
export const fileSummary = z.object({ ...fileFields, ...fileRightsShape }).strict();
export type FileSummary = z.infer<typeof fileSummary>;

export const uploader = z
  .object({ id: z.string(), email: z.string().nullable(), first_name: z.string().nullable(), last_name: z.string().nullable() })
  .strict();
export type Uploader = z.infer<typeof uploader>;

/** A file as an upload's completion answers it (no rights yet: the uploader reads the file next). */
export const uploadedFile = z
  .object({
    ...fileFields,
    deal_id: z.string(),
    folder_id: z.string().nullable(),
    approval_note: z.string().nullable(),
    upload_state: z.enum(['pending', 'ready']),
    archived_at: timestamp.nullable(),
    /** The version a person's edit must be based on (sent back as If-Match). */
    edit_version: z.number(),
    uploader: uploader.nullable(),
  })
  .strict();
export type UploadedFile = z.infer<typeof uploadedFile>;

export const fileVersion = z
  .object({
    version_number: z.number(),
    uploaded_at: timestamp,
    file_size: z.number().nullable(),
    sha256: z.string().nullable(),
    original_name: z.string().nullable(),
    content_type: z.string().nullable(),
    /** What this version names (each version keeps its own; the current one is edited on the page). */
    people_mentioned: z.array(z.string()),
    named_organizations: z.array(z.string()),
    languages_used: z.array(z.string()),
    uploaded_by_email: z.string().nullable(),
    uploaded_by_first_name: z.string().nullable(),
    uploaded_by_last_name: z.string().nullable(),
  })
  .strict();
export type FileVersion = z.infer<typeof fileVersion>;

/** GET /deals/{d}/files/{id}, and the answer of every edit of a file. */
export const fileDetail = uploadedFile
  .extend({
    ...fileRightsShape,
    /** The linked items the reader may see. */
    checklist_links: z.array(z.object({ id: z.string(), item_code: z.string().nullable(), name: z.string() }).strict()),
    versions: z.array(fileVersion),
    can_upload_version: z.boolean(),
    ai_analysis_id: z.string().nullable(),
    ai_analysis_status: z.string().nullable(),
    ai_recommended_item: z.object({ id: z.string(), name: z.string(), category: z.string().nullable() }).strict().nullable(),
    ai_category: z.string().nullable(),
    ai_confidence: z.number().nullable(),
    ai_reasoning: z.string().nullable(),
  })
  .strict();
export type FileDetail = z.infer<typeof fileDetail>;

export const fileMetadata = z
  .object({
    formatted_title: z.string().nullable(),
    custom_file_category: z.string().nullable(),
    document_type: z.string().nullable(),
    quick_summary: z.string().nullable(),
    confidentiality_level: z.string().nullable(),
    date_range_start: z.string().nullable(),
    date_range_end: z.string().nullable(),
    people_mentioned: z.array(z.string()),
    named_organizations: z.array(z.string()),
    languages_used: z.array(z.string()),
    ai_generated_at: timestamp.nullable(),
    updated_at: timestamp.nullable(),
    file_size: z.number().nullable(),
  })
  .strict();
export type FileMetadata = z.infer<typeof fileMetadata>;

/** GET and PUT /deals/{d}/files/{id}/metadata. */
export const fileMetadataAnswer = z.object({ file: fileDetail, metadata: fileMetadata }).strict();

export const fileComment = z
  .object({
    id: z.string(),
    comment: z.string(),
    created_at: timestamp,
    user_id: z.string().nullable(),
    user_first_name: z.string().nullable(),
    user_last_name: z.string().nullable(),
    user_email: z.string().nullable(),
  })
  .strict();
export type FileComment = z.infer<typeof fileComment>;

/** GET and PUT /deals/{d}/files/{id}/permissions. */
export const filePermissions = z
  .object({
    type: z.enum(['all', 'custom']),
    allowed_users: z.array(z.string()),
    allowed_groups: z.array(z.string()),
    allowed_tags: z.array(z.string()),
    denied_users: z.array(z.string()),
    denied_groups: z.array(z.string()),
    denied_tags: z.array(z.string()),
    can_edit: z.boolean(),
  })
  .strict();
export type FilePermissions = z.infer<typeof filePermissions>;

/** PUT /deals/{d}/files/{id}/archive. */
export const fileArchived = z.object({ id: z.string(), archived: z.literal(true) }).strict();
