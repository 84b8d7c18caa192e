import { useEffect, useState } from 'react';
import { ActionDialog } from '../../../components/action-dialog';
import { TextAreaField } from '../../../components/text-field';

/** Request Changes on an item, with an optional note; the note starts empty each time it opens. */
export function RequestChangesDialog({
  open,
  busy,
  onSend,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  onSend: (note: string) => void;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  useEffect(() => {
    if (open) setNote('');
  }, [open]);
  return (
    <ActionDialog
      open={open}
      onClose={onClose}
      size="md"
      title="Request Changes"
      description="The item goes back to the team with your note."
      busy={busy}
      actionLabel="Request Changes"
      palette="orange"
      onAction={() => onSend(note)}
    >
      <TextAreaField
        label="Note"
        optional
        value={note}
        onChange={setNote}
        rows={4}
        placeholder="What is missing or needs to change?"
        autoFocus
      />
    </ActionDialog>
  );
}
