import { ActionBar, Button, Portal } from '@chakra-ui/react';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

/** The floating bar shown while rows are selected (review queue, Q&A): the count, the actions, Clear selection. */
export function SelectionBar({
  count,
  testId,
  onClear,
  children,
}: {
  count: number;
  testId: string;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <ActionBar.Root open={count > 0} closeOnInteractOutside={false}>
      <Portal>
        <ActionBar.Positioner>
          {/* On a phone the buttons wrap onto a second line inside the screen (decision 37). */}
          <ActionBar.Content data-testid={testId} flexWrap="wrap" justifyContent="center" maxW="calc(100vw - 2rem)" mx="4">
            <ActionBar.SelectionTrigger>{count} selected</ActionBar.SelectionTrigger>
            <ActionBar.Separator display={{ base: 'none', sm: 'block' }} />
            {children}
            <Button size="sm" variant="ghost" onClick={onClear} aria-label="Clear selection">
              <X />
            </Button>
          </ActionBar.Content>
        </ActionBar.Positioner>
      </Portal>
    </ActionBar.Root>
  );
}
