import { Button, HStack, Menu, Portal, Separator, Text } from '@chakra-ui/react';
import { ChevronDown, KeyRound, Tag as TagIcon, UserMinus, Users, X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { BulkAction } from '../bulk';
import { permissionSetLabel } from '../../../lib/permission-sets';
import type { Group, PermissionSet, Tag } from '../types';
import { ColorDot } from './color-dot';

interface MenuEntry {
  id: string;
  label: string;
  color?: string;
}

interface MenuSection {
  key: string;
  title: string;
  entries: MenuEntry[];
  onPick: (id: string) => void;
}

function ActionMenu({
  label,
  icon,
  sections,
  emptyText,
  disabled,
}: {
  label: string;
  icon: ReactNode;
  sections: MenuSection[];
  emptyText: string;
  disabled: boolean;
}) {
  const empty = sections.every((section) => section.entries.length === 0);
  return (
    <Menu.Root positioning={{ placement: 'bottom-start' }}>
      <Menu.Trigger asChild>
        <Button size="xs" variant="outline" bg="bg" disabled={disabled}>
          {icon} {label} <ChevronDown />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="52" maxH="80" overflowY="auto">
            {empty ? (
              <Menu.Item value="none" disabled>
                {emptyText}
              </Menu.Item>
            ) : (
              sections.map((section, index) => (
                <Menu.ItemGroup key={section.key}>
                  {index > 0 && <Menu.Separator />}
                  <Menu.ItemGroupLabel textStyle="xs" color="fg.muted">
                    {section.title}
                  </Menu.ItemGroupLabel>
                  {section.entries.map((entry) => (
                    <Menu.Item
                      key={`${section.key}:${entry.id}`}
                      value={`${section.key}:${entry.id}`}
                      onSelect={() => section.onPick(entry.id)}
                    >
                      {entry.color && <ColorDot color={entry.color} />}
                      <Text as="span" flex="1" truncate>
                        {entry.label}
                      </Text>
                    </Menu.Item>
                  ))}
                </Menu.ItemGroup>
              ))
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** The Add and Remove sections of the Groups or Tags menu. */
function addRemove(
  labels: (Group | Tag)[],
  addTitle: string,
  removeTitle: string,
  kind: 'group' | 'tag',
  onAction: (action: BulkAction) => void,
): MenuSection[] {
  const entries = labels.map((label) => ({ id: label.id, label: label.name, color: label.color }));
  return [
    { key: 'add', title: addTitle, entries, onPick: (id) => onAction({ kind: `add-${kind}`, id }) },
    { key: 'remove', title: removeTitle, entries, onPick: (id) => onAction({ kind: `remove-${kind}`, id }) },
  ];
}

/** Shown while users are selected: one change for all of them, or removal (after a confirmation). */
export function BulkActionBar({
  count,
  sets,
  groups,
  tags,
  busy,
  onAction,
  onRemove,
  onClear,
}: {
  count: number;
  sets: PermissionSet[];
  groups: Group[];
  tags: Tag[];
  busy: boolean;
  onAction: (action: BulkAction) => void;
  onRemove: () => void;
  onClear: () => void;
}) {
  const system = sets.filter((set) => set.type === 'system').map((set) => ({ id: set.id, label: permissionSetLabel(set.name) }));
  const custom = sets.filter((set) => set.type !== 'system').map((set) => ({ id: set.id, label: set.name }));
  const pickSet = (id: string) => onAction({ kind: 'set-permission-set', id });
  return (
    <HStack
      role="toolbar"
      aria-label="Bulk actions"
      gap="2"
      px="3"
      py="2"
      bg="brand.subtle"
      borderWidth="1px"
      borderColor="brand.muted"
      rounded="lg"
      wrap="wrap"
      data-testid="bulk-bar"
    >
      <Text textStyle="sm" fontWeight="semibold" color="brand.fg" me="1" data-testid="selected-count">
        {count} selected
      </Text>
      <Separator orientation="vertical" h="5" borderColor="brand.muted" />
      <ActionMenu
        label="Permission set"
        icon={<KeyRound />}
        emptyText="No permission sets"
        disabled={busy}
        sections={[
          { key: 'system', title: 'Set to a system set', entries: system, onPick: pickSet },
          ...(custom.length ? [{ key: 'custom', title: 'Set to a custom set', entries: custom, onPick: pickSet }] : []),
        ]}
      />
      <ActionMenu
        label="Groups"
        icon={<Users />}
        emptyText="No groups yet"
        disabled={busy}
        sections={addRemove(groups, 'Add to group', 'Remove from group', 'group', onAction)}
      />
      <ActionMenu
        label="Tags"
        icon={<TagIcon />}
        emptyText="No tags yet"
        disabled={busy}
        sections={addRemove(tags, 'Add tag', 'Remove tag', 'tag', onAction)}
      />
      <Button size="xs" variant="outline" bg="bg" colorPalette="red" onClick={onRemove} disabled={busy}>
        <UserMinus /> Remove users
      </Button>
      <Button size="xs" variant="ghost" ms="auto" onClick={onClear} disabled={busy}>
        <X /> Clear selection
      </Button>
    </HStack>
  );
}
