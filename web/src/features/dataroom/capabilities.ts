import type { FileSummary } from '@contracts/files';
import type { Capability } from './types';

/** The data room's toolbar buttons, from the caller's capabilities in the deal (as the listing returns them). */
export interface BrowserActions {
  /** Upload Files and the drop zone. */
  upload: boolean;
  importFolder: boolean;
  createFolder: boolean;
  /** Folder rows: archive and delete. */
  editFolders: boolean;
  /** Upload without view (upload_only): the listing holds only the caller's own files. */
  seesOnlyOwnFiles: boolean;
}

/**
 * docs/product.md §6: the data room's Upload Files (and its drop zone), Create Folder and Import Folder
 * are for deal role admin or contributor, that is members who may edit files; upload_view and
 * approve_only upload through the checklist. upload_only (upload without view) gets Upload Files and
 * the drop zone too, and no other write: without them its only way in was an item page (decision 35).
 */
export function browserActions(capabilities: readonly Capability[] | readonly string[]): BrowserActions {
  const has = (capability: Capability) => (capabilities as readonly string[]).includes(capability);
  const seesOnlyOwnFiles = has('upload') && !has('view');
  return {
    upload: has('upload') && (has('edit_files') || seesOnlyOwnFiles),
    importFolder: has('upload') && has('edit_folders'),
    createFolder: has('edit_folders'),
    editFolders: has('edit_folders'),
    seesOnlyOwnFiles,
  };
}

export interface FileRowActions {
  download: boolean;
  /** Edit File: name, tags and document details. */
  edit: boolean;
  archive: boolean;
  delete: boolean;
  /** The menu's "Review AI suggestion": the analysis awaits review (the row's Review button, decision 37). */
  reviewAi: boolean;
  /** The menu's "Retry AI analysis": the analysis failed and the caller may ask for another (decision 37). */
  retryAi: boolean;
}

/**
 * A file row's buttons, by the rights the API computed for the row (an admin and the uploader manage
 * the file; others by their capabilities; nobody edits in an archived deal).
 */
export function fileRowActions(
  file: Pick<FileSummary, 'can_edit' | 'can_download' | 'ai_status' | 'can_request_ai'>,
): FileRowActions {
  return {
    download: file.can_download,
    edit: file.can_edit,
    archive: file.can_edit,
    delete: file.can_edit,
    reviewAi: file.ai_status === 'review',
    retryAi: (file.ai_status === 'try_again' || file.ai_status === 'failed') && file.can_request_ai,
  };
}
