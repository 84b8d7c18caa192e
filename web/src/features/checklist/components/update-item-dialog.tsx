import { Suspense, useState } from 'react';
import { CloseFooter, Modal } from '../../../components/modal';
import { PageSpinner } from '../../../components/spinners';
import { lazyPage } from '../../../lib/lazy-page';
import type { ChecklistItem } from '../types';
import { StatusAndFilesDialog } from './status-and-files-dialog';

// Loaded when the dialog first opens: its drop zone (react-dropzone and file-selector, 15 KB compressed)
// was part of the checklist's first load for a dialog only upload-only members open (decision 67).
const ItemUploadPanel = lazyPage(() => import('./item-upload-panel').then((m) => ({ default: m.ItemUploadPanel })));

interface UpdateItemProps {
  open: boolean;
  onClose: () => void;
  dealId: string;
  item: ChecklistItem | null;
  canEditStatus: boolean;
  /** The API's can_link_files: the picker of the deal's files (who may upload and see them, or edit the checklist). */
  canLinkFiles: boolean;
}

/**
 * Update Item. For who may link files: the item's status and which files of the deal answer it (PUT
 * checklist/{id}); the status changes only with the right to edit the checklist. For upload_only, who
 * sees no file to link: only the upload into the item, no status and no picker (decision 35).
 */
export function UpdateItemDialog({ canLinkFiles, ...props }: UpdateItemProps) {
  return canLinkFiles ? <StatusAndFilesDialog {...props} /> : <UploadIntoItemDialog {...props} />;
}

function UploadIntoItemDialog({ open, onClose, dealId, item }: Pick<UpdateItemProps, 'open' | 'onClose' | 'dealId' | 'item'>) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      preventClose={busy}
      title="Update Item"
      description={item ? `${item.item_id ? `${item.item_id} · ` : ''}${item.name}` : undefined}
      footer={<CloseFooter onClose={onClose} busy={busy} />}
    >
      {item && (
        <Suspense fallback={<PageSpinner />}>
          <ItemUploadPanel dealId={dealId} itemId={item.id} onBusyChange={setBusy} />
        </Suspense>
      )}
    </Modal>
  );
}
