import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';

/** Toasts per docs/product.md §9: errors stay 4 s, successes 2 s, at most 20 kept. */
export const TOAST_ERROR_MS = 4000;
export const TOAST_SUCCESS_MS = 2000;
export const TOAST_MAX = 20;

export const toaster = createToaster({
  placement: 'bottom-end',
  max: TOAST_MAX,
  pauseOnPageIdle: true,
  gap: 12,
});

export const notify = {
  success(title: string, description?: string) {
    return toaster.create({ type: 'success', title, description, duration: TOAST_SUCCESS_MS, closable: true });
  },
  error(title: string, description?: string) {
    return toaster.create({ type: 'error', title, description, duration: TOAST_ERROR_MS, closable: true });
  },
  info(title: string, description?: string) {
    return toaster.create({ type: 'info', title, description, duration: TOAST_ERROR_MS, closable: true });
  },
};

export function Toaster() {
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
