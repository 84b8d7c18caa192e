import { parentPath, pathSegments } from '../../../lib/file-urls';
import { uploadNewVersion } from '../../../lib/new-version-upload';
import { uploadFile } from '../../../lib/file-upload';
import { createFolder } from '../api/create-folder';
import type { Uploader } from './queue';

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
