import { parentPath, pathSegments } from '../../../lib/file-urls';
import { uploadNewVersion } from '../../../lib/new-version-upload';
import { uploadResumably } from '../../../lib/upload-transport';
import { createFolder } from '../api/create-folder';
import { completeUpload, requestUploadUrl } from '../api/upload-file';
import type { Uploader } from './queue';

/**
 * The two-step upload of one file (docs/product.md §7 Files): an upload URL for its folder, the bytes to
 * storage with progress (resumable, docs/decisions.md decision 24), then upload-complete. Trying the same
 * file again after a failure resumes the same upload (uploadResumably). The one way every screen uploads
 * a new file (the data room's queue, a checklist item's panel); a taken name is a NameConflictError (409).
 */
export async function uploadFile(
  dealId: string,
  file: File,
  target: { path: string; name?: string; checklistItems?: string[]; keepBoth?: boolean },
  options: { onProgress: (loaded: number) => void; onStored?: (bytes: number) => void; signal?: AbortSignal },
): Promise<{ fileId: string; savedAs: string }> {
  const checklistItems = target.checklistItems ?? [];
  const destination = JSON.stringify(['file', dealId, target.path, target.name ?? file.name, !!target.keepBoth, checklistItems]);
  return uploadResumably(
    file,
    destination,
    {
      grant: () =>
        requestUploadUrl(
          dealId,
          {
            filename: target.name ?? file.name,
            content_type: file.type || 'application/octet-stream',
            path: target.path,
            tags: [],
            checklist_items: checklistItems,
            ...(target.keepBoth ? { on_conflict: 'keep_both' as const } : {}),
          },
          options.signal,
        ),
      complete: async (grant) => {
        await completeUpload(dealId, grant.file_id, file.size, options.signal);
        return { fileId: grant.file_id, savedAs: grant.filename ?? target.name ?? file.name };
      },
    },
    { signal: options.signal, onProgress: (loaded) => options.onProgress(loaded), onStored: options.onStored },
  );
}

/** The two-step upload of one item (or, after a conflict, a new version of the existing file). */
export function dataRoomUploader(dealId: string): Uploader {
  return async (item, { signal, onProgress, onStored }) => {
    if (item.mode === 'version' && item.existingFileId) {
      await uploadNewVersion(
        dealId,
        item.existingFileId,
        item.file,
        (percent) => onProgress(Math.round((item.size * percent) / 100)),
        signal,
        onStored,
      );
      return;
    }
    const { savedAs } = await uploadFile(
      dealId,
      item.file,
      { path: item.path, name: item.name, keepBoth: item.mode === 'keep_both' },
      { signal, onProgress, onStored },
    );
    return { savedAs };
  };
}

/**
 * Creates the folders of an import, parents first (one depth at a time, a few at once). Errors are
 * ignored: an existing folder answers 409 and is simply used.
 */
export async function createFolderTree(dealId: string, folders: readonly string[], signal?: AbortSignal): Promise<void> {
  const byDepth = new Map<number, string[]>();
  for (const folder of folders) {
    const depth = pathSegments(folder).length;
    byDepth.set(depth, [...(byDepth.get(depth) ?? []), folder]);
  }
  for (const depth of [...byDepth.keys()].sort((a, b) => a - b)) {
    const level = byDepth.get(depth) ?? [];
    for (let i = 0; i < level.length; i += 4) {
      if (signal?.aborted) return;
      await Promise.all(
        level.slice(i, i + 4).map((folder) => {
          const name = pathSegments(folder).at(-1) ?? '';
          return createFolder(dealId, name, parentPath(folder)).catch(() => undefined);
        }),
      );
    }
  }
}
