/**
 * The PDF the viewer shows for an Office file (DOCX, XLSX, PPTX and their kin), converted once per
 * version by the embedded server's LibreOffice (docs/decisions.md decision 50, docs/architecture.md
 * "Background jobs"). The first person to open a version queues its conversion; everyone after reads the
 * same row. Where no converter runs (Supabase's edge runtime has none, or SOFFICE_PATH points nowhere),
 * the answer is `unavailable` and the viewer offers the download to those allowed.
 */
import type { ApiDeps } from '../context.ts';
import type { Tx } from '../db.ts';

/** What the viewer says where no converter runs. */
export const OFFICE_PREVIEW_UNAVAILABLE = 'Preview of this file type is not available on this server.';
const NOT_OFFICE = 'Preview of this file type is not available.';
const FAILED = 'This document could not be converted for viewing.';

/** The converter the API may count on: the embedded server's LibreOffice; absent on Supabase. */
export interface OfficeRenditionsPort {
  /** Whether a converter is installed and a worker takes queued conversions. */
  available(): boolean;
}

export type OfficeRendition =
  { state: 'ready'; storageKey: string } | { state: 'queued' | 'processing' | 'failed' | 'unavailable'; detail: string | null };

interface RenditionRow {
  status: 'queued' | 'processing' | 'ready' | 'failed' | 'unavailable';
  storage_key: string | null;
  last_error: string | null;
}

/**
 * The rendition of `version` of `file`, as the caller (`tx` runs under their RLS): ready with the PDF's
 * blob-store key, or its state. Queues the conversion on the first call for a version.
 */
export async function officeRendition(
  deps: ApiDeps,
  tx: Tx,
  file: { id: string; deal_id: string },
  version: number,
): Promise<
  { state: 'ready'; storageKey: string } | { state: 'queued' | 'processing' | 'failed' | 'unavailable'; detail: string | null }
> {
  if (!deps.officeRenditions?.available()) {
    // A PDF converted while a converter ran is still served.
    const [done] = await tx<RenditionRow[]>`
      select status, storage_key, last_error from public.file_renditions
      where file_id = ${file.id} and version_number = ${version} and status = 'ready'`;
    if (done?.storage_key) return { state: 'ready', storageKey: done.storage_key };
    return { state: 'unavailable', detail: OFFICE_PREVIEW_UNAVAILABLE };
  }
  const [row] = await tx<RenditionRow[]>`
    select status, storage_key, last_error from private.request_file_rendition(${file.id}::uuid, ${version}::int)`;
  if (!row) return { state: 'unavailable', detail: NOT_OFFICE };
  switch (row.status) {
    case 'ready':
      return { state: 'ready', storageKey: row.storage_key! };
    case 'failed':
      return { state: 'failed', detail: FAILED };
    case 'unavailable':
      return { state: 'unavailable', detail: row.last_error ?? OFFICE_PREVIEW_UNAVAILABLE };
    default:
      return { state: row.status, detail: null };
  }
}
