import { ActionBar, Button, Portal } from '@chakra-ui/react';
import { Check, MessageSquareWarning, X } from 'lucide-react';

/** Shown while rows are selected: decide on all of them at once (Shift+A, Shift+R). */
export function BulkBar({
  count,
  busy,
  onApprove,
  onRequestChanges,
  onClear,
}: {
  count: number;
  busy: boolean;
  onApprove: () => void;
  onRequestChanges: () => void;
  onClear: () => void;
}) {
  return (
    <ActionBar.Root open={count > 0} closeOnInteractOutside={false}>
      <Portal>
        <ActionBar.Positioner>
          {/* On a phone the buttons wrap onto a second line inside the screen (decision 37). */}
          <ActionBar.Content
            data-testid="review-bulk-bar"
            flexWrap="wrap"
            justifyContent="center"
            maxW="calc(100vw - 2rem)"
            mx="4"
          >
            <ActionBar.SelectionTrigger>{count} selected</ActionBar.SelectionTrigger>
            <ActionBar.Separator display={{ base: 'none', sm: 'block' }} />
            <Button size="sm" colorPalette="green" loading={busy} onClick={onApprove}>
              <Check /> Approve Selected
            </Button>
            <Button size="sm" colorPalette="red" variant="outline" disabled={busy} onClick={onRequestChanges}>
              <MessageSquareWarning /> Request Changes
            </Button>
            <Button size="sm" variant="ghost" onClick={onClear} aria-label="Clear selection">
              <X />
            </Button>
          </ActionBar.Content>
        </ActionBar.Positioner>
      </Portal>
    </ActionBar.Root>
  );
}
