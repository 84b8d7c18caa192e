/**
 * Uploads and downloads of the data room's files: the two-step upload's requests, its grants (a signed
 * URL and a tus upload, docs/decisions.md decision 24) and the download URL's answer.
 */
import { z } from 'zod';
import { tagsSchema, checklistItemsSchema } from './files.ts';

const timestamp = z.string();

// Requests.

/** A MIME type as sent, or application/octet-stream when none is. */
export const contentTypeSchema = z
  .string()
  .trim()
  .max(200)
  .regex(/^[\w.+-]+\/[\w.+-]+$/, 'content_type must look like application/pdf')
  .or(z.literal(''))
  .nullish()
  .transform((v) => v || 'application/octet-stream');

export const uploadRequest = z.object({
  filename: z.unknown(),
  content_type: contentTypeSchema,
  path: z.string().max(4000).nullish(),
  checklist_items: checklistItemsSchema.optional(),
  tags: tagsSchema.optional(),
  on_conflict: z.enum(['error', 'keep_both']).default('error'),
});

export const versionRequest = z.object({ filename: z.unknown().optional(), content_type: contentTypeSchema });

/** Form fields of an upload's completion sent as JSON (`file_size` among them). */
export const formFieldsJson = z.record(z.unknown());

// Answers.

/** GET /deals/{d}/files/{id}/download-url. */
export const downloadUrl = z
  .object({ download_url: z.string(), filename: z.string(), version_number: z.number(), expires_in: z.number() })
  .strict();

/** A tus 1.0 upload (ResumableUpload of dataroom.ts). */
export const resumableUpload = z
  .object({
    endpoint: z.string(),
    headers: z.record(z.string()),
    with_access_token: z.boolean(),
    metadata: z.record(z.string()),
    chunk_size: z.number(),
    expires_at: timestamp,
  })
  .strict();

const uploadGrant = {
  upload_url: z.string(),
  upload_fields: z.record(z.string()),
  upload_url_expires_at: timestamp,
  resumable: resumableUpload,
  storage_path: z.string(),
  max_bytes: z.number(),
};
/** POST /deals/{d}/files/upload-url. */
export const uploadUrl = z.object({ file_id: z.string(), filename: z.string(), ...uploadGrant }).strict();
/** POST /deals/{d}/files/{id}/versions/upload-url. */
export const versionUploadUrl = z.object({ ...uploadGrant, next_version_number: z.number() }).strict();
