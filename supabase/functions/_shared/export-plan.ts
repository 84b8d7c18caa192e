/**
 * What a ZIP export holds (docs/decisions.md decision 48): the selection resolved as the caller (row-level
 * security decides which files exist for them), the files they may not download refused and listed,
 * archive paths made safe, and the manifest written into the archive.
 */
import type { Tx } from './db.ts';
import type { DealContext } from './deal-scope.ts';
import { HttpError } from './errors.ts';
import { FILE_NOT_FOUND, fileRightsColumns } from './files.ts';
import type { BlobStore } from './ports.ts';
import type { RefusedFile, RenamedEntry } from './contracts/exports.ts';
import { ArchivePaths, commonRoot, MANIFEST_NAME } from './export-names.ts';
import { bytesSource, folderSource, zipStream, type ZipSource } from './export-zip.ts';

/**
 * What one export may hold (decision 54). The ZIP has no limit of its own (ZIP64); these bound the plan,
 * kept as one row of the database (~300 bytes of JSON a file), and a job's archive, a second copy of the
 * bytes in the blob store.
 */
export const EXPORT_LIMITS = { files: 100_000, bytes: 100_000_000_000 };

export const FOLDER_NOT_FOUND = "Folder not found or you don't have access";
export const NOT_DOWNLOADABLE = "You don't have permission to download this file.";

export interface ExportEntry {
  file_id: string;
  version: number;
  archive_path: string;
  original_path: string;
}

/** One file of an export as private.create_export stored it (storage key, size and digest from the database). */
export interface StoredEntry extends ExportEntry {
  storage_key: string;
  size: number;
  sha256: string;
}

/**
 * A folder of the selection with no exported file below it, kept as a folder entry ("path/"). Stored
 * among the export's renames (its `renames` column), marked `empty_folder`, so the archive is made
 * from the export's row alone.
 */
export interface EmptyFolder extends RenamedEntry {
  empty_folder: true;
}

export interface ExportPlan {
  entries: ExportEntry[];
  refused: RefusedFile[];
  renamed: RenamedEntry[];
  emptyFolders: EmptyFolder[];
  totalBytes: number;
}

interface FileRow {
  id: string;
  name: string;
  folder_path: string;
  version: number;
  size: string;
  can_download: boolean;
}

const parentOf = (path: string) => path.slice(0, Math.max(path.lastIndexOf('/'), 0)) || '/';
const pathOf = (folder: string, name: string) => (folder === '/' ? `/${name}` : `${folder}/${name}`);

/** Resolves the selection as the caller; 404 for an id they cannot see, 400/403 when nothing can go. */
export async function planExport(tx: Tx, ctx: DealContext, fileIds: string[], folderIds: string[]): Promise<ExportPlan> {
  if (!fileIds.length && !folderIds.length) throw new HttpError(400, 'Select at least one file or folder to export.');
  const folders = await tx<{ id: string; full_path: string }[]>`
    select id, full_path from public.folders
    where deal_id = ${ctx.dealId} and id = any(${folderIds}::uuid[]) and archived_at is null`;
  if (folders.length !== new Set(folderIds).size) throw new HttpError(404, FOLDER_NOT_FOUND);
  const picked = folders.length
    ? await tx<{ id: string; full_path: string }[]>`
        select fo.id, fo.full_path from public.folders fo
        where fo.deal_id = ${ctx.dealId} and fo.archived_at is null and exists (
          select 1 from unnest(${folders.map((f) => f.full_path.toLowerCase())}::text[]) s(path)
          where lower(fo.full_path) = s.path or starts_with(lower(fo.full_path), s.path || '/'))`
    : [];
  const files = await tx<FileRow[]>`
    select f.id, f.name, coalesce(fo.full_path, '/') as folder_path, f.current_version as version,
           v.size_bytes::text as size, ${fileRightsColumns(tx, ctx)}
    from public.files f
    left join public.folders fo on fo.id = f.folder_id
    join public.file_versions v on v.file_id = f.id and v.version_number = f.current_version
    where f.deal_id = ${ctx.dealId} and f.upload_state = 'ready' and f.archived_at is null
      and (f.id = any(${fileIds}::uuid[]) or f.folder_id = any(${picked.map((f) => f.id)}::uuid[]))`;
  const found = new Set(files.map((f) => f.id));
  if (fileIds.some((id) => !found.has(id))) throw new HttpError(404, FILE_NOT_FOUND);
  if (!files.length) throw new HttpError(400, 'There are no files in this selection.');

  const chosen = new Set(fileIds);
  const paths = new ArchivePaths(
    commonRoot([
      ...folders.map((f) => parentOf(f.full_path)),
      ...files.filter((f) => chosen.has(f.id)).map((f) => f.folder_path),
    ]),
  );
  const sorted = [...files].sort((a, b) =>
    pathOf(a.folder_path, a.name).toLowerCase() < pathOf(b.folder_path, b.name).toLowerCase() ? -1 : 1,
  );
  const entries: ExportEntry[] = [];
  const refused: RefusedFile[] = [];
  let totalBytes = 0;
  for (const f of sorted) {
    const original = pathOf(f.folder_path, f.name);
    if (!f.can_download) {
      refused.push({ file_id: f.id, path: original, reason: NOT_DOWNLOADABLE });
      continue;
    }
    entries.push({ file_id: f.id, version: f.version, archive_path: paths.file(f.folder_path, f.name), original_path: original });
    totalBytes += Number(f.size);
  }
  // Folders with nothing exported below them are kept as folder entries, after the files took their names.
  const filled = new Set<string>();
  for (const e of entries) {
    for (let dir = parentOf(e.original_path); dir !== '/' && !filled.has(dir); dir = parentOf(dir)) filled.add(dir);
  }
  const emptyFolders: EmptyFolder[] = picked
    .filter((f) => !filled.has(f.full_path))
    .sort((a, b) => (a.full_path.toLowerCase() < b.full_path.toLowerCase() ? -1 : 1))
    .map((f) => ({ original_path: f.full_path, archive_path: paths.folderEntry(f.full_path), empty_folder: true }));
  if (!entries.length) throw new HttpError(403, "You don't have permission to download any of these files.");
  if (entries.length > EXPORT_LIMITS.files || totalBytes > EXPORT_LIMITS.bytes) {
    throw new HttpError(
      400,
      `This selection holds ${entries.length} files (${formatBytes(totalBytes)}); one export holds at most ` +
        `${EXPORT_LIMITS.files.toLocaleString('en')} files and ${formatBytes(EXPORT_LIMITS.bytes)}. Export its folders one by one.`,
    );
  }
  return { entries, refused, renamed: paths.renamed, emptyFolders, totalBytes };
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/** The manifest inside the archive: every file with its archive and original path, the renames, the refusals. */
export function manifestText(
  deal: string,
  at: Date,
  entries: StoredEntry[],
  renamed: RenamedEntry[],
  refused: RefusedFile[],
): string {
  const total = entries.reduce((sum, e) => sum + Number(e.size), 0);
  const lines = [
    `Export of "${deal}", ${at.toISOString()}`,
    `${entries.length} files, ${total} bytes.`,
    '',
    `FILES (${entries.length}): archive path, original path, bytes, SHA-256`,
    ...entries.map((e) => `${e.archive_path}\t${e.original_path}\t${e.size}\t${e.sha256}`),
    '',
    `RENAMED (${renamed.length}): names Windows or macOS would refuse, or taken twice once made safe; archive path, original path`,
    ...renamed.map((r) => `${r.archive_path}\t${r.original_path}`),
    '',
    `REFUSED (${refused.length}): not in this archive; original path, reason`,
    ...refused.map((r) => `${r.path}\t${r.reason}`),
    '',
  ];
  return lines.join('\r\n');
}

/** An export's stored renames: the names changed, and (marked) the empty folders kept as folder entries. */
export type StoredRename = RenamedEntry | EmptyFolder;
const isEmptyFolder = (r: StoredRename): r is EmptyFolder => 'empty_folder' in r && r.empty_folder === true;

/** The archive of a stored export: the manifest first, the empty folders, then each file's stored bytes, streamed. */
export function exportArchive(
  blobs: BlobStore,
  row: { deal_name: string; created_at: Date; entries: StoredEntry[]; renames: StoredRename[]; refused: RefusedFile[] },
): AsyncGenerator<Uint8Array> {
  const renamed = row.renames.filter((r) => !isEmptyFolder(r));
  const sources: ZipSource[] = [
    bytesSource(MANIFEST_NAME, manifestText(row.deal_name, new Date(row.created_at), row.entries, renamed, row.refused)),
    ...row.renames.filter(isEmptyFolder).map((f) => folderSource(f.archive_path)),
    ...row.entries.map((e) => ({
      path: e.archive_path,
      size: Number(e.size),
      open: async () => {
        const body = await blobs.stream(e.storage_key);
        if (!body) throw new Error(`The stored bytes of ${e.original_path} are missing`);
        return body;
      },
    })),
  ];
  return zipStream(sources, new Date(row.created_at));
}

/** A bound on an export's archive for the blob store: its files, the manifest and every header, generously. */
export function archiveBound(row: { entries: StoredEntry[]; renames: StoredRename[] }): number {
  const paths = [...row.entries, ...row.renames].reduce((sum, e) => sum + e.archive_path.length + e.original_path.length, 0);
  const bytes = row.entries.reduce((sum, e) => sum + Number(e.size), 0);
  return bytes + 10 * paths + 400 * (row.entries.length + row.renames.length + 1) + 1024 * 1024;
}
