/**
 * Office files (DOCX, XLSX, PPTX and the legacy doc/xls/ppt) are shown as a PDF rendition made once per
 * version. The conversion job replaces this body; the signature stays (decision 44).
 */
import type { ApiDeps } from '../context.ts';
import type { Tx } from '../db.ts';

export type OfficeRendition =
  { state: 'ready'; storageKey: string } | { state: 'queued' | 'processing' | 'failed' | 'unavailable'; detail: string | null };

export async function officeRendition(
  _deps: ApiDeps,
  _tx: Tx,
  _file: { id: string; deal_id: string },
  _version: number,
): Promise<OfficeRendition> {
  return { state: 'unavailable', detail: 'Preview of this file type is not available on this server.' };
}
