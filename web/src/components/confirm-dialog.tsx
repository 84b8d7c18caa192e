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
