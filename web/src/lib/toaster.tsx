/**
 * The toast renderer and its store (Chakra's toaster on zag's state machines). Loaded with the first
 * toast, not in the app's first chunk: about 8 KB gzip that first paint never needs (lib/toast.tsx).
 */
import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';
import { useEffect } from 'react';
import { TOAST_ERROR_MS, TOAST_MAX, TOAST_SUCCESS_MS, attachToaster, type ToastRequest } from './toast';

const toaster = createToaster({
  placement: 'bottom-end',
  max: TOAST_MAX,
  pauseOnPageIdle: true,
  gap: 12,
});

function show({ type, title, description }: ToastRequest) {
  toaster.create({ type, title, description, duration: type === 'success' ? TOAST_SUCCESS_MS : TOAST_ERROR_MS, closable: true });
}

export default function LoadedToaster() {
  // Attached once the portal below has mounted its toaster (a render after this one): toasts created
  // before the toaster subscribes to its store would not be shown.
  useEffect(() => {
    let detach: (() => void) | undefined;
    const timer = setTimeout(() => (detach = attachToaster(show)));
    return () => {
      clearTimeout(timer);
      detach?.();
    };
  }, []);
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast">
            <Toast.Indicator />
            <Stack gap="0.5" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
