import type { ReactNode } from 'react';
import { ActionDialog } from './action-dialog';

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  destructive = false,
  loading = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ActionDialog
      open={open}
      onClose={onClose}
      title={title}
      size="sm"
      busy={loading}
      actionLabel={confirmLabel}
      onAction={onConfirm}
      palette={destructive ? 'red' : 'brand'}
      cancelLabel={cancelLabel}
    >
      {message}
    </ActionDialog>
  );
}

/** What DeleteDialog reads of a row's delete mutation (useDeleteMutation): running it, and whether it runs. */
interface RowDelete<T> {
  isPending: boolean;
  mutate: (row: T) => void;
}

/**
 * Asks before a row is deleted: open while `row` is set; Delete hands the row to `remove`, busy while it
 * runs (its onDone then clears the row, which closes the dialog).
 */
export function DeleteDialog<T>({
  row,
  title,
  message,
  remove,
  onClose,
}: {
  row: T | null;
  title: string;
  message: ReactNode;
  remove: RowDelete<T>;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={row !== null}
      title={title}
      message={message}
      confirmLabel="Delete"
      destructive
      loading={remove.isPending}
      onConfirm={() => row !== null && remove.mutate(row)}
      onClose={onClose}
    />
  );
}
