import { HStack, Stack } from '@chakra-ui/react';
import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { FormActions, FormButtons } from './form-actions';
import { Modal } from './modal';

/**
 * A modal holding one form: its fields in a column, then Cancel and the submit button, under the fields or,
 * when the form has an id, in the dialog's footer. It cannot be closed while the form is busy.
 */
export function FormDialog({
  busy,
  preventClose = busy,
  onSubmit,
  submitLabel,
  busyLabel,
  submitDisabled = false,
  formId,
  formLabel,
  footerStart,
  noValidate = true,
  gap = '4',
  pb = formId ? undefined : '2',
  children,
  ...modal
}: Pick<ComponentProps<typeof Modal>, 'open' | 'onClose' | 'title' | 'description' | 'size' | 'preventClose'> & {
  busy: boolean;
  /** Called on submit, the browser's own submit already prevented. */
  onSubmit: () => void;
  submitLabel: string;
  /** Shown beside the spinner while busy; none by default. */
  busyLabel?: string;
  submitDisabled?: boolean;
  /** Puts Cancel and the submit button in the dialog's footer, the submit button naming the form by this id. */
  formId?: string;
  /** The form's accessible name. */
  formLabel?: string;
  /** Shown at the start of the footer, the buttons then at its end (only with formId). */
  footerStart?: ReactNode;
  noValidate?: boolean;
  gap?: '4' | '5';
  pb?: '0' | '2';
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const actions = { submitLabel, busy, busyLabel, disabled: submitDisabled, onCancel: modal.onClose };
  const buttons = <FormButtons {...actions} form={formId} />;
  return (
    <Modal
      {...modal}
      preventClose={preventClose}
      footer={
        formId &&
        (footerStart ? (
          <HStack justify="space-between" w="full">
            {footerStart}
            <HStack gap="2">{buttons}</HStack>
          </HStack>
        ) : (
          buttons
        ))
      }
    >
      <form id={formId} onSubmit={submit} noValidate={noValidate} aria-label={formLabel}>
        <Stack gap={gap} pb={pb}>
          {children}
          {!formId && <FormActions {...actions} />}
        </Stack>
      </form>
    </Modal>
  );
}
