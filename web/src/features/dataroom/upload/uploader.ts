import { postToStorage, uploadNewVersion } from '../../files';
import { completeUpload, createFolder, requestUploadUrl } from '../api';
import { parentPath, pathSegments } from '../paths';
import type { Uploader } from './queue';

/** The two-step upload of one item (or, after a conflict, a new version of the existing file). */
export function dataRoomUploader(dealId: string): Uploader {
  return async (item, { signal, onProgress }) => {
    if (item.mode === 'version' && item.existingFileId) {
      await uploadNewVersion(
        dealId,
        item.existingFileId,
        item.file,
        (percent) => onProgress(Math.round((item.size * percent) / 100)),
        signal,
      );
      return;
    }
    const target = await requestUploadUrl(
      dealId,
      {
        filename: item.name,
        content_type: item.file.type || 'application/octet-stream',
        path: item.path,
        tags: [],
        checklist_items: [],
        ...(item.mode === 'keep_both' ? { on_conflict: 'keep_both' as const } : {}),
      },
      signal,
    );
    await postToStorage(target.upload_url, target.upload_fields, item.file, {
      signal,
      onProgress: (loaded) => onProgress(loaded),
    });
    await completeUpload(dealId, target.file_id, item.size, signal);
    return { savedAs: target.filename };
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
