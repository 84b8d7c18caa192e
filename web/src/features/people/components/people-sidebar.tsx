import { Box, Flex, HStack, IconButton, Menu, Portal, Skeleton, Stack, Text, chakra } from '@chakra-ui/react';
import { MoreHorizontal, Pencil, Plus, Trash2, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Group, Tag } from '../types';
import { ColorDot } from './color-dot';

function SidebarItem({
  active,
  onClick,
  icon,
  label,
  count,
  actions,
}: {
  active: boolean;
  onClick: () => void;
  icon: ReactNode;
  label: string;
  count?: number;
  actions?: ReactNode;
}) {
  return (
    <HStack
      gap="0"
      rounded="md"
      bg={active ? 'brand.subtle' : undefined}
      color={active ? 'brand.fg' : 'fg'}
      _hover={{ bg: active ? 'brand.subtle' : 'bg.muted' }}
      className="group"
      position="relative"
    >
      <chakra.button
        type="button"
        onClick={onClick}
        aria-pressed={active}
        flex="1"
        minW="0"
        display="flex"
        alignItems="center"
        gap="2.5"
        ps="2.5"
        py="1.5"
        textAlign="left"
        textStyle="sm"
        fontWeight={active ? 'semibold' : 'normal'}
        cursor="pointer"
        rounded="md"
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
      >
        <Flex boxSize="4" align="center" justify="center" flexShrink={0}>
          {icon}
        </Flex>
        <Text as="span" truncate flex="1" title={label}>
          {label}
        </Text>
        {count !== undefined && (
          <Text
            as="span"
            textStyle="xs"
            color={active ? 'brand.fg' : 'fg.muted'}
            fontVariantNumeric="tabular-nums"
            pe="2"
            _groupHover={actions ? { visibility: 'hidden' } : undefined}
            _groupFocusWithin={actions ? { visibility: 'hidden' } : undefined}
          >
            {count}
          </Text>
        )}
      </chakra.button>
      {actions && (
        <Box position="absolute" right="1" top="50%" transform="translateY(-50%)">
          {actions}
        </Box>
      )}
    </HStack>
  );
}

function ItemMenu({ label, onEdit, onDelete }: { label: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton
          aria-label={`Manage ${label}`}
          size="2xs"
          variant="ghost"
          color="fg.muted"
          opacity="0"
          _groupHover={{ opacity: 1 }}
          _groupFocusWithin={{ opacity: 1 }}
          _expanded={{ opacity: 1 }}
        >
          <MoreHorizontal />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="36">
            <Menu.Item value="edit" onSelect={onEdit}>
              <Pencil size={14} /> Edit
            </Menu.Item>
            <Menu.Item value="delete" onSelect={onDelete} color="fg.error" _hover={{ bg: 'bg.error', color: 'fg.error' }}>
              <Trash2 size={14} /> Delete
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

function SectionHeader({ title, onAdd, addLabel }: { title: string; onAdd?: () => void; addLabel: string }) {
  return (
    <Flex align="center" justify="space-between" ps="2.5" pe="1" mb="1">
      <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
        {title}
      </Text>
      {onAdd && (
        <IconButton aria-label={addLabel} title={addLabel} size="2xs" variant="ghost" onClick={onAdd}>
          <Plus />
        </IconButton>
      )}
    </Flex>
  );
}

/** Left column of Users & Permissions: groups and tags with member counts; clicking one filters the table. */
export function PeopleSidebar({
  groups,
  tags,
  loading,
  totalMembers,
  groupId,
  tagId,
  canManage,
  onSelectAll,
  onSelectGroup,
  onSelectTag,
  onCreateGroup,
  onEditGroup,
  onDeleteGroup,
  onCreateTag,
  onEditTag,
  onDeleteTag,
}: {
  groups: Group[];
  tags: Tag[];
  loading: boolean;
  totalMembers?: number;
  groupId?: string;
  tagId?: string;
  canManage: boolean;
  onSelectAll: () => void;
  onSelectGroup: (id: string) => void;
  onSelectTag: (id: string) => void;
  onCreateGroup: () => void;
  onEditGroup: (group: Group) => void;
  onDeleteGroup: (group: Group) => void;
  onCreateTag: () => void;
  onEditTag: (tag: Tag) => void;
  onDeleteTag: (tag: Tag) => void;
}) {
  return (
    <Box
      as="aside"
      aria-label="Groups and tags"
      bg="bg"
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      p="3"
      position={{ md: 'sticky' }}
      top={{ md: '4' }}
      order={{ base: 2, md: 0 }}
    >
      <Stack gap="4">
        <SidebarItem
          active={!groupId && !tagId}
          onClick={onSelectAll}
          icon={<Users size={15} />}
          label="All members"
          count={totalMembers}
        />
        <Box>
          <SectionHeader title="Groups" addLabel="Create group" onAdd={canManage ? onCreateGroup : undefined} />
          {loading ? (
            <Stack gap="2" px="2.5" py="1">
              <Skeleton h="4" />
              <Skeleton h="4" w="70%" />
            </Stack>
          ) : groups.length === 0 ? (
            <Text textStyle="xs" color="fg.subtle" px="2.5" py="1">
              No groups yet
            </Text>
          ) : (
            <Stack gap="0.5" data-testid="group-list">
              {groups.map((group) => (
                <SidebarItem
                  key={group.id}
                  active={groupId === group.id}
                  onClick={() => onSelectGroup(group.id)}
                  icon={<ColorDot color={group.color} />}
                  label={group.name}
                  count={group.member_count}
                  actions={
                    canManage ? (
                      <ItemMenu label={group.name} onEdit={() => onEditGroup(group)} onDelete={() => onDeleteGroup(group)} />
                    ) : undefined
                  }
                />
              ))}
            </Stack>
          )}
        </Box>
        <Box>
          <SectionHeader title="Tags" addLabel="Create tag" onAdd={canManage ? onCreateTag : undefined} />
          {loading ? (
            <Stack gap="2" px="2.5" py="1">
              <Skeleton h="4" />
              <Skeleton h="4" w="60%" />
            </Stack>
          ) : tags.length === 0 ? (
            <Text textStyle="xs" color="fg.subtle" px="2.5" py="1">
              No tags yet
            </Text>
          ) : (
            <Stack gap="0.5" data-testid="tag-list">
              {tags.map((tag) => (
                <SidebarItem
                  key={tag.id}
                  active={tagId === tag.id}
                  onClick={() => onSelectTag(tag.id)}
                  icon={<ColorDot color={tag.color} />}
                  label={tag.name}
                  count={tag.member_count}
                  actions={
                    canManage ? (
                      <ItemMenu label={tag.name} onEdit={() => onEditTag(tag)} onDelete={() => onDeleteTag(tag)} />
                    ) : undefined
                  }
                />
              ))}
            </Stack>
          )}
        </Box>
      </Stack>
    </Box>
  );
}
