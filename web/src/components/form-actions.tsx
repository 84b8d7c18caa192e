import { Button, Stack } from '@chakra-ui/react';

/** What a form's Cancel and submit buttons show and do. */
export interface FormButtonsProps {
  submitLabel: string;
  busy: boolean;
  /** Shown beside the spinner while busy; none when not given. */
  busyLabel?: string;
  onCancel: () => void;
  disabled?: boolean;
  /** The id of the form the submit button submits, when the buttons sit outside it (a dialog's footer). */
  form?: string;
}

/** A form's Cancel and submit buttons; Cancel waits while the form is saving. */
export function FormButtons({ submitLabel, busy, busyLabel, onCancel, disabled = false, form }: FormButtonsProps) {
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" form={form} colorPalette="brand" loading={busy} loadingText={busyLabel} disabled={disabled}>
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
