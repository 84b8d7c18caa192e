import type { Context } from 'hono';
import { z } from 'zod';
import type { Tx } from '../../db.ts';
import { isUuid } from '../../db.ts';
import { HttpError } from '../../errors.ts';
import { parseOrThrow } from '../../validate.ts';

export const PATH_NOT_FOUND = "Path not found or you don't have access";
export const FOLDER_NOT_FOUND = "Folder not found or you don't have access";
export const UPLOAD_URL_SECONDS = 2 * 3600;
// A resumable upload of gigabytes on an ordinary line may take a working day; the grant lives as long.
export const RESUMABLE_UPLOAD_SECONDS = 24 * 3600;
/**
 * How long a download URL may be used (decision 45). A download that has started finishes however long
 * it takes: the URL is checked when a request arrives, not while bytes flow. What the life bounds is a
 * resumed download: the browser (or `curl -C -`) asks the same URL for the rest, so it must still be
 * valid when a slow line breaks near the end of a large file. 15 minutes, plus the time the file takes
 * at 1 MiB/s (an 8 Mbit/s line), at most 2 hours: a contract of a few MB gets 15 minutes, a 2 GiB data
 * tape 49 minutes, the 5 GiB upload limit 100. Still short-lived and bound to the file's version: a leaked
 * URL serves that one version for at most that long, and each issued URL is recorded as a download.
 */
export const DOWNLOAD_URL_BASE_SECONDS = 15 * 60;
export const DOWNLOAD_URL_MAX_SECONDS = 2 * 3600;
const SLOW_LINE_BYTES_PER_SECOND = 1024 * 1024;
export const downloadUrlSeconds = (sizeBytes: number): number =>
  Math.min(DOWNLOAD_URL_MAX_SECONDS, DOWNLOAD_URL_BASE_SECONDS + Math.ceil(sizeBytes / SLOW_LINE_BYTES_PER_SECOND));

export const storageKey = (dealId: string, fileId: string, version: number) => `deals/${dealId}/files/${fileId}/v${version}`;

/** A file or folder name as data: NFC-normalised, trimmed, and refused when it could not be a name. */
export function itemName(raw: unknown, what: 'file' | 'folder'): string {
  if (typeof raw !== 'string' || !raw.trim()) {
    throw new HttpError(400, what === 'folder' ? 'Please enter a folder name' : 'The file needs a name.');
  }
  const name = raw.normalize('NFC').trim();
  if ([...name].length > 255) throw new HttpError(400, `The ${what} name can be at most 255 characters.`);
  // C0, DEL and C1 (U+0080–U+009F): what Postgres's [[:cntrl:]] refuses in private.valid_item_name.
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) throw new HttpError(400, `The ${what} name contains control characters.`);
  // Bidirectional overrides and isolates make "evil\u202egnp.exe" read as "evilexe.png" (docs/decisions.md #16).
  if (/[\u202a-\u202e\u2066-\u2069]/.test(name))
    throw new HttpError(400, `The ${what} name contains bidirectional text overrides.`);
  if (/[/\\]/.test(name)) throw new HttpError(400, `The ${what} name cannot contain / or \\.`);
  if (name === '.' || name === '..') throw new HttpError(400, `"${name}" is not a valid ${what} name.`);
  return name;
}

/** "/A//B/" → "/A/B"; "" and "/" → "/". Each segment must be a valid name. */
export function normalisePath(raw: string | undefined | null): string {
  const segments = (raw ?? '')
    .normalize('NFC')
    .split('/')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const segment of segments) {
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    if (segment === '.' || segment === '..' || /[\u0000-\u001f\u007f-\u009f\\]/.test(segment))
      throw new HttpError(404, PATH_NOT_FOUND);
  }
  return '/' + segments.join('/');
}

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1
    ? name
        .slice(dot + 1)
        .toLowerCase()
        .slice(0, 20)
    : '';
}

/**
 * Whether a name is taken in a folder by any ready file, seen or not (private.file_name_taken,
 * docs/decisions.md decision 35): upload_only, or a member outside a file's custom permissions, would
 * otherwise pass this check and fail on the unique key only after sending the bytes.
 */
export async function fileNameTaken(tx: Tx, dealId: string, folderId: string | null, name: string): Promise<boolean> {
  const [row] = await tx<{ taken: boolean | null }[]>`select private.file_name_taken(${dealId}, ${folderId}, ${name}) as taken`;
  return row?.taken === true;
}

/** "Report.pdf" → "Report (2).pdf", the first name not taken in the folder, by any file. */
export async function freeName(tx: Tx, dealId: string, folderId: string | null, name: string): Promise<string> {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  for (let n = 2; n < 1000; n++) {
    const candidate = `${stem} (${n})${ext}`;
    if (!(await fileNameTaken(tx, dealId, folderId, candidate))) return candidate;
  }
  throw new HttpError(409, `Too many files named like "${name}" in this folder.`);
}

export { dealContext, requireCapability, type DealContext } from '../../deal-scope.ts';
// One file in a deal, as every area reads it (the AI routes too): _shared/files.ts.
export {
  FILE_NOT_FOUND,
  fileIdParam,
  fileRightsColumns,
  fileRightsOf,
  fileSelect,
  loadFile,
  loadReadyFile,
} from '../../files.ts';

export function folderIdParam(c: Context): string {
  const id = c.req.param('folderId') ?? '';
  if (!isUuid(id)) throw new HttpError(404, FOLDER_NOT_FOUND);
  return id;
}

/** Folder id for a path, null for the root; 404 when the path does not exist. */
export async function folderAtPath(tx: Tx, dealId: string, rawPath: string | undefined | null): Promise<string | null> {
  const path = normalisePath(rawPath);
  if (path === '/') return null;
  const [folder] = await tx<{ id: string }[]>`
    select id from public.folders
    where deal_id = ${dealId} and lower(full_path) = lower(${path}) and archived_at is null`;
  if (!folder) throw new HttpError(404, PATH_NOT_FOUND);
  return folder.id;
}

/** Form fields that carry JSON (direct upload): `tags` and `checklist_items`. */
export function jsonField<S extends z.ZodTypeAny>(schema: S, raw: string | undefined, field: string): z.infer<S> {
  if (raw === undefined || raw === '') return parseOrThrow(schema, []);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new HttpError(400, `${field} must be a JSON array.`);
  }
  return parseOrThrow(schema, value);
}
