// The data room's dialogs load on their first opening, each asked for ahead as its button is pointed at or
// focused: with the upload overlay they were some 10 KB of the screen's first load for dialogs most visits
// never open (decision 67, issue 33). Mounted through LoadOnOpen (components/load-on-open.tsx).
import { LoadOnOpen } from '../../../components/load-on-open';
import { lazyPage } from '../../../lib/lazy-page';

export const CreateFolderDialog = lazyPage(() =>
  import('./create-folder-dialog').then((m) => ({ default: m.CreateFolderDialog })),
);
export const UploadFilesDialog = lazyPage(() => import('./upload-files-dialog').then((m) => ({ default: m.UploadFilesDialog })));
export const ImportFolderDialog = lazyPage(() =>
  import('./import-folder-dialog').then((m) => ({ default: m.ImportFolderDialog })),
);
export const RemoveItemDialog = lazyPage(() => import('./remove-item-dialog').then((m) => ({ default: m.RemoveItemDialog })));
export const ExportDialog = lazyPage(() => import('./export-dialog').then((m) => ({ default: m.ExportDialog })));
export const UploadOverlay = lazyPage(() => import('../upload/upload-overlay').then((m) => ({ default: m.UploadOverlay })));

/** A failed preload is tried again when the dialog opens, and that failure is the error boundary's. */
const quietly = (...loads: { preload: () => Promise<unknown> }[]) => {
  for (const load of loads) load.preload().catch(() => undefined);
};

export const preloadDialog = {
  create: () => quietly(CreateFolderDialog),
  upload: () => quietly(UploadFilesDialog, UploadOverlay),
  import: () => quietly(ImportFolderDialog, UploadOverlay),
  remove: () => quietly(RemoveItemDialog),
  export: () => quietly(ExportDialog),
  overlay: () => quietly(UploadOverlay),
};

/** Create Folder, Upload Files and Import Folder, the dialogs of the data room's heading. */
export function FolderActionDialogs({
  dialog,
  path,
  creating,
  onClose,
  onCreate,
  onUpload,
  onImport,
}: {
  dialog: 'create' | 'upload' | 'import' | null;
  path: string;
  creating: boolean;
  onClose: () => void;
  onCreate: (name: string) => void;
  onUpload: (files: File[]) => void;
  onImport: (files: File[]) => void;
}) {
  return (
    <>
      <LoadOnOpen open={dialog === 'create'}>
        <CreateFolderDialog open={dialog === 'create'} path={path} loading={creating} onClose={onClose} onCreate={onCreate} />
      </LoadOnOpen>
      <LoadOnOpen open={dialog === 'upload'}>
        <UploadFilesDialog open={dialog === 'upload'} path={path} onClose={onClose} onUpload={onUpload} />
      </LoadOnOpen>
      <LoadOnOpen open={dialog === 'import'}>
        <ImportFolderDialog open={dialog === 'import'} path={path} onClose={onClose} onImport={onImport} />
      </LoadOnOpen>
    </>
  );
}
