import { Box, Flex, HStack, IconButton, Skeleton, Stack, Text, chakra } from '@chakra-ui/react';
import { Pencil, Plus, Trash2, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Group, Tag } from '../types';
import { ColorDot } from './color-dot';
import { RowMenu } from '../../../components/row-menu';

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

/** A group's or tag's Edit and Delete, shown as the pointer or focus reaches its row. */
const SHOWN_ON_HOVER = {
  size: '2xs',
  opacity: '0',
  _groupHover: { opacity: 1 },
  _groupFocusWithin: { opacity: 1 },
  _expanded: { opacity: 1 },
} as const;

function ItemMenu({ label, onEdit, onDelete }: { label: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <RowMenu
      label={`Manage ${label}`}
      trigger={SHOWN_ON_HOVER}
      minW="36"
      entries={[
        { value: 'edit', label: 'Edit', icon: <Pencil size={14} />, onSelect: onEdit },
        { value: 'delete', label: 'Delete', icon: <Trash2 size={14} />, danger: true, onSelect: onDelete },
      ]}
    />
  );
}

type LabelKind = 'group' | 'tag';

const SECTIONS = {
  group: { title: 'Groups', addLabel: 'Create group', emptyText: 'No groups yet', testId: 'group-list', skeletonWidth: '70%' },
  tag: { title: 'Tags', addLabel: 'Create tag', emptyText: 'No tags yet', testId: 'tag-list', skeletonWidth: '60%' },
};

/** One section of the sidebar (Groups or Tags): its header with Create, then its labels with member counts. */
function LabelSection({
  kind,
  items,
  loading,
  selectedId,
  canManage,
  onSelect,
  onEdit,
  onDelete,
}: {
  kind: LabelKind;
  items: (Group | Tag)[];
  loading: boolean;
  selectedId?: string;
  canManage: boolean;
  onSelect: (id: string) => void;
  onEdit: (item?: Group | Tag) => void;
  onDelete: (item: Group | Tag) => void;
}) {
  const { title, addLabel, emptyText, testId, skeletonWidth } = SECTIONS[kind];
  return (
    <Box>
      <Flex align="center" justify="space-between" ps="2.5" pe="1" mb="1">
        <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
          {title}
        </Text>
        {canManage && (
          <IconButton aria-label={addLabel} title={addLabel} size="2xs" variant="ghost" onClick={() => onEdit()}>
            <Plus />
          </IconButton>
        )}
      </Flex>
      {loading ? (
        <Stack gap="2" px="2.5" py="1">
          <Skeleton h="4" />
          <Skeleton h="4" w={skeletonWidth} />
        </Stack>
      ) : items.length === 0 ? (
        <Text textStyle="xs" color="fg.subtle" px="2.5" py="1">
          {emptyText}
        </Text>
      ) : (
        <Stack gap="0.5" data-testid={testId}>
          {items.map((item) => (
            <SidebarItem
              key={item.id}
              active={selectedId === item.id}
              onClick={() => onSelect(item.id)}
              icon={<ColorDot color={item.color} />}
              label={item.name}
              count={item.member_count}
              actions={
                canManage ? <ItemMenu label={item.name} onEdit={() => onEdit(item)} onDelete={() => onDelete(item)} /> : undefined
              }
            />
          ))}
        </Stack>
      )}
    </Box>
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
  onSelect,
  onEdit,
  onDelete,
}: {
  groups: Group[];
  tags: Tag[];
  loading: boolean;
  totalMembers?: number;
  groupId?: string;
  tagId?: string;
  canManage: boolean;
  onSelectAll: () => void;
  /** A group or tag clicked: filters the table by it. */
  onSelect: (kind: LabelKind, id: string) => void;
  /** Create (no item) or Edit of a group or tag. */
  onEdit: (kind: LabelKind, item?: Group | Tag) => void;
  onDelete: (kind: LabelKind, item: Group | Tag) => void;
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
        {(['group', 'tag'] as const).map((kind) => (
          <LabelSection
            key={kind}
            kind={kind}
            items={kind === 'group' ? groups : tags}
            loading={loading}
            selectedId={kind === 'group' ? groupId : tagId}
            canManage={canManage}
            onSelect={(id) => onSelect(kind, id)}
            onEdit={(item) => onEdit(kind, item)}
            onDelete={(item) => onDelete(kind, item)}
          />
        ))}
      </Stack>
    </Box>
  );
}
