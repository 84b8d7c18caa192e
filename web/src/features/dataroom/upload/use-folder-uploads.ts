/**
 * Uploading into one folder of the data room: Upload Files, Import Folder, and files or folders
 * dropped on the listing (a dropped folder is recreated with its contents when the person may create
 * folders; otherwise its files land in this folder). System files (.DS_Store and the like) are skipped.
 */
import { relativeDir } from '../../../lib/file-urls';
import { makeItem } from './machine';
import { isSystemFile, withoutSystemFiles } from '../../../lib/system-files';
import { planImport, relativePathOf } from './plan';
import { createFolderTree } from './uploader';
import { useFileDrop } from './use-file-drop';
import { useUploadQueue } from './use-upload-queue';

export function useFolderUploads(
  dealId: string,
  path: string,
  rights: { upload: boolean; editFolders: boolean; ready: boolean },
  onStarted: () => void,
  onDragStart?: () => void,
) {
  const { queue, state } = useUploadQueue(dealId);

  const startUpload = (files: File[]) => {
    const items = withoutSystemFiles(files).map((file) => makeItem(file, path));
    onStarted();
    if (items.length === 0) return;
    void queue.start('upload', items);
  };

  const startImport = (files: File[]) => {
    const plan = planImport(files, path);
    onStarted();
    if (plan.files.length === 0) return;
    const items = plan.files.map((planned) => makeItem(planned.file, planned.path));
    void queue.start('import', items, (signal) => createFolderTree(dealId, plan.folders, signal));
  };

  const onDrop = (dropped: File[]) => {
    const files = dropped.filter((file) => !isSystemFile(file.name));
    if (files.length === 0) return;
    const hasFolders = files.some((file) => relativeDir(relativePathOf(file)) !== '/');
    if (hasFolders && rights.editFolders) startImport(files);
    else startUpload(files);
  };

  const dropzone = useFileDrop(onDrop, rights.upload && rights.ready, onDragStart);

  return { queue, state, startUpload, startImport, dropzone };
}
