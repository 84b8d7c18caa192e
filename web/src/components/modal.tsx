import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { notify } from '../lib/toast';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl' | '2xl' | '3xl';

const WIDTHS: Record<ModalSize, string> = {
  sm: '384px',
  md: '448px',
  lg: '512px',
  xl: '576px',
  '2xl': '672px',
  '3xl': '768px',
};

/**
 * The modal of docs/product.md §2 Shared elements: sizes sm to 3xl; closes on backdrop click or the close button
 * unless closing is prevented (e.g. during an upload).
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  size = 'md',
  preventClose = false,
  preventCloseMessage,
  footer,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  size?: ModalSize;
  preventClose?: boolean;
  /** Said when someone tries to close while closing is prevented, e.g. 'Cannot close during upload'. */
  preventCloseMessage?: string;
  footer?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !preventClose) onClose();
      }}
      closeOnInteractOutside={!preventClose}
      closeOnEscape={!preventClose}
      onInteractOutside={() => {
        if (preventClose && preventCloseMessage) notify.error(preventCloseMessage);
      }}
      onEscapeKeyDown={() => {
        if (preventClose && preventCloseMessage) notify.error(preventCloseMessage);
      }}
      placement="center"
      motionPreset="slide-in-bottom"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content maxW={WIDTHS[size]} w="full">
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pb="3">
              <Dialog.Title>{title}</Dialog.Title>
              {description && (
                <Dialog.Description color="fg.muted" textStyle="sm">
                  {description}
                </Dialog.Description>
              )}
            </Dialog.Header>
            {children !== undefined && <Dialog.Body>{children}</Dialog.Body>}
            {footer && <Dialog.Footer gap="2">{footer}</Dialog.Footer>}
            {!preventClose && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The footer of a modal that only shows something: Close (disabled while `busy`). */
export function CloseFooter({ onClose, busy = false }: { onClose: () => void; busy?: boolean }) {
  return (
    <Button variant="outline" onClick={onClose} disabled={busy}>
      Close
    </Button>
  );
}
