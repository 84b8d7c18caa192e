import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { MoreHorizontal } from 'lucide-react';
import { useState, type ReactNode } from 'react';

export interface MenuEntry {
  value: string;
  label: string;
  icon: ReactNode;
  danger?: boolean;
  onSelect: () => void;
}

/**
 * A row's action menu. The menu machine is created on first use only: a long list renders a plain button
 * per row, so the first rows of a large folder paint sooner.
 */
export function RowMenu({ label, entries }: { label: string; entries: MenuEntry[] }) {
  const [armed, setArmed] = useState(false);
  if (entries.length === 0) return null;
  const trigger = (
    <IconButton aria-label={label} variant="ghost" size="xs" color="fg.muted" onClick={armed ? undefined : () => setArmed(true)}>
      <MoreHorizontal />
    </IconButton>
  );
  if (!armed) return trigger;
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="40">
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
