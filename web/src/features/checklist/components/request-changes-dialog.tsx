import { Button, Textarea } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Modal } from '../../../components/modal';
import { FormField } from '../../../components/form-field';

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
    <Modal
      open={open}
      onClose={onClose}
      size="md"
      title="Request Changes"
      description="The item goes back to the team with your note."
      preventClose={busy}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button colorPalette="orange" onClick={() => onSend(note)} loading={busy}>
            Request Changes
          </Button>
        </>
      }
    >
      <FormField label="Note" optional>
        <Textarea
          value={note}
          onChange={(e) => setNote(e.target.value)}
          rows={4}
          placeholder="What is missing or needs to change?"
          autoFocus
        />
      </FormField>
    </Modal>
  );
}
