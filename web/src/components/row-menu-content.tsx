import { Menu, Portal } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import type { MenuEntry } from './row-menu';

/** The open row menu: Chakra's menu and its positioning (floating-ui), loaded on the first opening (row-menu.tsx). */
export function RowMenuContent({
  trigger,
  entries,
  minW,
  highlightFirst,
}: {
  trigger: ReactElement;
  entries: MenuEntry[];
  minW: string;
  highlightFirst: boolean;
}) {
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      defaultOpen
      defaultHighlightedValue={highlightFirst ? entries[0]?.value : undefined}
    >
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW={minW}>
            {entries.map((entry) => (
              <Menu.Item
                key={entry.value}
                value={entry.value}
                onClick={entry.onSelect}
                color={entry.danger ? 'fg.error' : undefined}
                _hover={entry.danger ? { bg: 'bg.error', color: 'fg.error' } : undefined}
              >
                {entry.icon}
                {entry.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
