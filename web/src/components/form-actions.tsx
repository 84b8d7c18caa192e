import { Button, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** What a form's Cancel and submit buttons show and do. */
export interface FormButtonsProps {
  submitLabel: ReactNode;
  busy: boolean;
  /** Shown beside the spinner while busy; none when not given. */
  busyLabel?: string;
  onCancel: () => void;
  disabled?: boolean;
  /** The id of the form the submit button submits, when the buttons sit outside it (a dialog's footer). */
  form?: string;
  /** Makes the second button a plain button doing this, for a dialog without a form. */
  onAct?: () => void;
  palette?: 'brand' | 'orange' | 'red';
  cancelLabel?: string;
}

/** A form's Cancel and submit buttons; Cancel waits while the form is saving. */
export function FormButtons({
  submitLabel,
  busy,
  busyLabel,
  onCancel,
  disabled = false,
  form,
  onAct,
  palette = 'brand',
  cancelLabel = 'Cancel',
}: FormButtonsProps) {
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <Button
        type={onAct ? 'button' : 'submit'}
        form={form}
        onClick={onAct}
        colorPalette={palette}
        loading={busy}
        loadingText={busyLabel}
        disabled={disabled}
      >
        {submitLabel}
      </Button>
    </>
  );
}

/** The buttons of FormButtons at the end of a row under a dialog form's fields. */
export function FormActions(props: FormButtonsProps) {
  return (
    <Stack direction="row" justify="flex-end" gap="2" pt="2">
      <FormButtons {...props} />
    </Stack>
  );
}
