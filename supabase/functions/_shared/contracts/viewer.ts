/** The in-app viewer's answer (issue 34; docs/architecture.md "Viewer", decision 44). */
import { z } from 'zod';

export const RENDER_AS = ['pdf', 'image', 'text', 'csv', 'none'] as const;
export type RenderAs = (typeof RENDER_AS)[number];

export const CONVERSION_STATUSES = ['queued', 'processing', 'ready', 'failed', 'unavailable'] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

/** `?version=n` of GET /deals/{dealId}/files/{fileId}/viewer: the current version when absent. */
export const viewerQuery = z.object({
  version: z.coerce
    .number({ invalid_type_error: 'version must be a version number, e.g. 2' })
    .int('version must be a version number, e.g. 2')
    .min(1, 'version must be a version number, e.g. 2')
    .max(2_147_483_647, 'version must be a version number, e.g. 2')
    .optional(),
});

/** GET /deals/{dealId}/files/{fileId}/viewer. */
export const viewerAnswer = z
  .object({
    file_id: z.string().uuid(),
    version_number: z.number().int(),
    filename: z.string(),
    mime_type: z.string(),
    size_bytes: z.number().int(),
    render_as: z.enum(RENDER_AS),
    /** What the viewer loads: a short-lived signed URL, no bearer token needed; null when render_as is 'none'. */
    source_url: z.string().nullable(),
    /** Seconds source_url stays valid. */
    expires_in: z.number().int(),
    /** The bytes behind source_url carry the viewer's stamp (drawn on the server). */
    watermarked: z.boolean(),
    /** The caller may download this file (capability and the file's permissions). */
    can_download: z.boolean(),
    /** Office files: where their PDF rendition stands; null for every other type. */
    conversion: z
      .object({ status: z.enum(CONVERSION_STATUSES), detail: z.string().nullable() })
      .strict()
      .nullable(),
  })
  .strict();
export type ViewerAnswer = z.infer<typeof viewerAnswer>;
