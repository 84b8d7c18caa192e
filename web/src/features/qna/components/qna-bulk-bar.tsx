import { Button, NativeSelect } from '@chakra-ui/react';
import type { QnaAssignee } from '@contracts/qna';
import { CircleCheck } from 'lucide-react';
import { SelectionBar } from '../../../components/selection-bar';

/** Shown while questions are selected: assign them (answering side) or close them. */
export function QnaBulkBar({
  count,
  busy,
  assignees,
  onAssign,
  onClose,
  onClear,
}: {
  count: number;
  busy: boolean;
  /** Null when the caller cannot assign. */
  assignees: QnaAssignee[] | null;
  onAssign: (assigneeId: string | null) => void;
  onClose: () => void;
  onClear: () => void;
}) {
  return (
    <SelectionBar count={count} testId="qna-bulk-bar" onClear={onClear}>
      {assignees && (
        <NativeSelect.Root size="sm" w="44" disabled={busy}>
          <NativeSelect.Field
            aria-label="Assign selected to"
            value=""
            onChange={(e) => {
              const v = e.currentTarget.value;
              if (v) onAssign(v === 'none' ? null : v);
            }}
          >
            <option value="">Assign to...</option>
            <option value="none">Nobody</option>
            {assignees.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
      <Button size="sm" variant="outline" loading={busy} onClick={onClose}>
        <CircleCheck /> Close Selected
      </Button>
    </SelectionBar>
  );
}
