import { ActionBar, Button, NativeSelect, Portal } from '@chakra-ui/react';
import type { QnaAssignee } from '@contracts/qna';
import { CircleCheck, X } from 'lucide-react';

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
    <ActionBar.Root open={count > 0} closeOnInteractOutside={false}>
      <Portal>
        <ActionBar.Positioner>
          <ActionBar.Content data-testid="qna-bulk-bar" flexWrap="wrap" justifyContent="center" maxW="calc(100vw - 2rem)" mx="4">
            <ActionBar.SelectionTrigger>{count} selected</ActionBar.SelectionTrigger>
            <ActionBar.Separator display={{ base: 'none', sm: 'block' }} />
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
            <Button size="sm" variant="ghost" onClick={onClear} aria-label="Clear selection">
              <X />
            </Button>
          </ActionBar.Content>
        </ActionBar.Positioner>
      </Portal>
    </ActionBar.Root>
  );
}
