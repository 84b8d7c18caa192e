import { uploadFile } from '../../lib/file-upload';

/**
 * Uploading a file into a checklist item: the data room's one upload stack (docs/product.md §7 Files)
 * with the item in `checklist_items`, into the root folder.
 */

export type UploadState = 'queued' | 'uploading' | 'done' | 'failed' | 'conflict';

export interface UploadEntry {
  key: string;
  file: File;
  loaded: number;
  state: UploadState;
  error?: string;
  savedAs?: string;
  keepBoth?: boolean;
}

/** Percent of one entry's bytes sent (100 once done, whatever the size). */
export function uploadPercent(entry: Pick<UploadEntry, 'loaded' | 'state' | 'file'>): number {
  if (entry.state === 'done') return 100;
  if (!entry.file.size) return entry.state === 'uploading' ? 50 : 0;
  return Math.max(0, Math.min(99, Math.round((entry.loaded / entry.file.size) * 100)));
}

/** The whole upload of one file into an item; a name clash is a 409 ApiError the caller offers to keep both. */
export function uploadIntoItem(
  dealId: string,
  itemId: string,
  file: File,
  options: { keepBoth?: boolean; onProgress: (loaded: number) => void; signal?: AbortSignal },
): Promise<{ fileId: string; savedAs: string }> {
  return uploadFile(
    dealId,
    file,
    { path: '/', checklistItems: [itemId], keepBoth: options.keepBoth },
    { onProgress: options.onProgress, signal: options.signal },
  );
}
