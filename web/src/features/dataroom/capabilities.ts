import type { FileSummary } from '../files';
import type { Capability } from './types';

/** The data room's toolbar buttons, from the caller's capabilities in the deal (as the listing returns them). */
export interface BrowserActions {
  upload: boolean;
  importFolder: boolean;
  createFolder: boolean;
  /** Folder rows: archive and delete. */
  editFolders: boolean;
}

/**
 * docs/product.md §6: the data room's Upload Files (and its drop zone), Create Folder and Import Folder
 * are for deal role admin or contributor, that is members who may edit files; members of the upload
 * sets (upload_only, upload_view, approve_only) upload through the checklist.
 */
export function browserActions(capabilities: readonly Capability[] | readonly string[]): BrowserActions {
  const has = (capability: Capability) => (capabilities as readonly string[]).includes(capability);
  return {
    upload: has('upload') && has('edit_files'),
    importFolder: has('upload') && has('edit_folders'),
    createFolder: has('edit_folders'),
    editFolders: has('edit_folders'),
  };
}

export interface FileRowActions {
  download: boolean;
  /** Edit File: name, tags and document details. */
  edit: boolean;
  archive: boolean;
  delete: boolean;
}

/**
 * A file row's buttons: download with the download right, archive and delete with the right to edit
 * files. The uploader of a file may do all three with their own file while they may upload.
 */
export function fileRowActions(
  capabilities: readonly Capability[] | readonly string[],
  file: Pick<FileSummary, 'uploaded_by'>,
  userId: string | null | undefined,
): FileRowActions {
  const has = (capability: Capability) => (capabilities as readonly string[]).includes(capability);
  const mine = Boolean(userId) && file.uploaded_by === userId;
  // Without upload (an archived deal keeps only view and download) one's own files are read-only too.
  const manageOwn = mine && has('upload');
  return {
    download: has('download') || mine,
    edit: has('edit_files') || manageOwn,
    archive: has('edit_files') || manageOwn,
    delete: has('edit_files') || manageOwn,
  };
}
