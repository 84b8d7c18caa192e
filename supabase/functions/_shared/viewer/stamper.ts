/**
 * The stamper of the request's own thread (decision 53): Supabase's edge functions, where a request has
 * its isolate to itself, and the tests. pdf-lib loads with the first stamp, not with the server.
 */
import type { StampKind, StamperPort } from '../ports.ts';

export const NOT_A_PDF = 'This PDF could not be prepared for viewing: it may be damaged or password-protected.';
export const NOT_AN_IMAGE = 'This image could not be prepared for viewing: it may be damaged.';
const NOT_A_DOCUMENT = 'This document could not be prepared for viewing: it may be damaged.';

/** Why a document of `kind` could not be stamped (a damaged file, or one that crashed its thread). */
export const notStampable = (kind: StampKind) => (kind === 'pdf' ? NOT_A_PDF : kind === 'image' ? NOT_AN_IMAGE : NOT_A_DOCUMENT);

let watermark: Promise<typeof import('./watermark.ts')> | undefined;
const loadWatermark = () => (watermark ??= import('./watermark.ts'));

export const inProcessStamper: StamperPort = {
  async prepare(bytes, kind) {
    return (await loadWatermark()).prepareStamp(bytes, kind);
  },
};

/** "reader@example.com · Project Atlas · 2026-11-27 06:20 UTC". */
export function stampText(email: string, dealName: string, at: Date): string {
  const when = at.toISOString().slice(0, 16).replace('T', ' ');
  return `${email} · ${dealName} · ${when} UTC`;
}
