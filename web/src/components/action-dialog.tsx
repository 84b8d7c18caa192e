import type { ComponentProps, ReactNode } from 'react';
import { FormButtons } from './form-actions';
import { Modal } from './modal';

/** A modal whose footer holds Cancel and one action button; it cannot be closed while the action runs. */
export function ActionDialog({
  actionLabel,
  onAction,
  busy = false,
  actionDisabled = false,
  palette,
  cancelLabel,
  children,
  ...modal
}: Pick<ComponentProps<typeof Modal>, 'open' | 'onClose' | 'title' | 'description' | 'size'> & {
  actionLabel: ReactNode;
  onAction: () => void;
  busy?: boolean;
  actionDisabled?: boolean;
  palette?: 'brand' | 'orange' | 'red';
  cancelLabel?: string;
  children: ReactNode;
}) {
  return (
    <Modal
      {...modal}
      preventClose={busy}
      footer={
        <FormButtons
          submitLabel={actionLabel}
          busy={busy}
          onCancel={modal.onClose}
          onAct={onAction}
          disabled={actionDisabled}
          palette={palette}
          cancelLabel={cancelLabel}
        />
      }
    >
      {children}
    </Modal>
  );
}
