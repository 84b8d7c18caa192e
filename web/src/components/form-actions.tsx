import { Button, Stack } from '@chakra-ui/react';

/** A dialog form's Cancel and submit buttons; Cancel waits while the form is saving. */
export function FormActions({
  submitLabel,
  busy,
  busyLabel = 'Saving...',
  onCancel,
  disabled = false,
}: {
  submitLabel: string;
  busy: boolean;
  busyLabel?: string;
  onCancel: () => void;
  disabled?: boolean;
}) {
  return (
    <Stack direction="row" justify="flex-end" gap="2" pt="2">
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" colorPalette="brand" loading={busy} loadingText={busyLabel} disabled={disabled}>
        {submitLabel}
      </Button>
    </Stack>
  );
}
