/** What the viewer makes of a file: judged by its name and declared type (the bytes are checked when served). */

export type ViewKind = 'pdf' | 'image' | 'web-image' | 'text' | 'csv' | 'office' | 'other';

const OFFICE_EXTENSIONS = new Set(['docx', 'xlsx', 'pptx', 'doc', 'xls', 'ppt']);
const OFFICE_TYPES = new Set([
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
]);
const TEXT_EXTENSIONS = new Set(['txt', 'text', 'md', 'markdown', 'log', 'json', 'tsv']);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * pdf; PNG and JPEG (`image`: stampable); GIF and WebP (`web-image`: shown as they are to those who may
 * download, never stamped); plain text and CSV; Office files (through their PDF rendition). SVG is not an
 * image here: opened on its own it could run script.
 */
export function viewKindOf(name: string, contentType: string): ViewKind {
  const ext = extensionOf(name);
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (ext === 'pdf' || type === 'application/pdf') return 'pdf';
  if (['png', 'jpg', 'jpeg'].includes(ext) || type === 'image/png' || type === 'image/jpeg') return 'image';
  if (['gif', 'webp'].includes(ext) || type === 'image/gif' || type === 'image/webp') return 'web-image';
  if (ext === 'csv' || type === 'text/csv') return 'csv';
  if (OFFICE_EXTENSIONS.has(ext) || OFFICE_TYPES.has(type)) return 'office';
  if (TEXT_EXTENSIONS.has(ext) || type === 'text/plain' || type === 'text/markdown') return 'text';
  return 'other';
}

/** The Content-Type an original is served with for reading. */
export function readingType(kind: 'pdf' | 'image' | 'text' | 'csv', bytes: Uint8Array): string {
  if (kind === 'pdf') return 'application/pdf';
  if (kind === 'text') return 'text/plain; charset=utf-8';
  if (kind === 'csv') return 'text/csv; charset=utf-8';
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  if (bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46) return 'image/gif';
  if (bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp';
  return 'application/octet-stream';
}

/** The name a stamped copy goes by: "Site plan.png" → "Site plan.pdf". */
export const pdfName = (name: string): string => name.replace(/\.[^./]{1,10}$/, '') + '.pdf';
