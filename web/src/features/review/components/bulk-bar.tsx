import { Button } from '@chakra-ui/react';
import { Check, MessageSquareWarning } from 'lucide-react';
import { SelectionBar } from '../../../components/selection-bar';

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
    <SelectionBar count={count} testId="review-bulk-bar" onClear={onClear}>
      <Button size="sm" colorPalette="green" loading={busy} onClick={onApprove}>
        <Check /> Approve Selected
      </Button>
      <Button size="sm" colorPalette="red" variant="outline" disabled={busy} onClick={onRequestChanges}>
        <MessageSquareWarning /> Request Changes
      </Button>
    </SelectionBar>
  );
}
