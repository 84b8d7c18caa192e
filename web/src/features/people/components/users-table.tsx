import { Box, Checkbox, HStack, Table, Text } from '@chakra-ui/react';
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { formatDateTime } from '../../../lib/format';
import { isSelectable } from '../bulk';
import { permissionSetLabel } from '../../../lib/permission-sets';
import { formatLastActive } from '../time';
import type { EnhancedUser } from '../types';
import { ColoredChip } from './colored-chip';
import { OwnerBadge } from './owner-badge';
import { PersonCell } from './person-cell';
import { RoleBadge } from './role-badge';
import { MemberStatusBadge } from './member-status-badge';
import { displayName } from '../../../lib/format';

function ChipList({ items }: { items: EnhancedUser['groups'] }) {
  if (!items.length) {
    return (
      <Text as="span" color="fg.subtle">
        —
      </Text>
    );
  }
  const [firstItem, ...rest] = items;
  return (
    <HStack gap="1" minW="0" title={items.map((item) => item.name).join(', ')}>
      <Box minW="0" flexShrink={1}>
        <ColoredChip item={firstItem} />
      </Box>
      {rest.length > 0 && (
        <Text as="span" textStyle="xs" color="fg.muted" fontWeight="medium" flexShrink={0}>
          +{rest.length}
        </Text>
      )}
    </HStack>
  );
}

function SelectBox({
  checked,
  indeterminate = false,
  disabled = false,
  label,
  onChange,
}: {
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  label: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Checkbox.Root
      size="sm"
      colorPalette="brand"
      checked={indeterminate ? 'indeterminate' : checked}
      disabled={disabled}
      onCheckedChange={(details) => onChange(details.checked === true)}
      onClick={(event) => event.stopPropagation()}
    >
      <Checkbox.HiddenInput aria-label={label} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

/** Which members are picked for a bulk change, by user id. */
export type RowSelection = Record<string, boolean>;

interface Column {
  id: string;
  header: ReactNode;
  cell: (user: EnhancedUser) => ReactNode;
  /** Its width; the name takes what the others leave. */
  w?: string;
}

const COLUMNS: Column[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (user) => (
      <PersonCell
        person={user}
        trailing={
          <>
            {user.is_owner && <OwnerBadge />}
            {!user.is_owner && <RoleBadge role={user.role === 'admin' ? 'admin' : null} />}
          </>
        }
      />
    ),
  },
  {
    id: 'company',
    header: 'Company',
    w: '13%',
    cell: (user) =>
      user.company ? (
        <Text truncate title={user.company}>
          {user.company}
        </Text>
      ) : (
        <Text color="fg.subtle">—</Text>
      ),
  },
  {
    id: 'permission_set',
    header: 'Permission set',
    w: '13%',
    cell: (user) => <Text truncate>{permissionSetLabel(user.permission_set_name ?? user.permission_set)}</Text>,
  },
  { id: 'groups', header: 'Groups', w: '16%', cell: (user) => <ChipList items={user.groups} /> },
  { id: 'tags', header: 'Tags', w: '13%', cell: (user) => <ChipList items={user.tags} /> },
  {
    id: 'last_active',
    header: 'Last active',
    w: '96px',
    cell: (user) => (
      <Text color="fg.muted" whiteSpace="nowrap" title={user.last_active_at ? formatDateTime(user.last_active_at) : undefined}>
        {formatLastActive(user.last_active_at)}
      </Text>
    ),
  },
  { id: 'status', header: 'Status', w: '92px', cell: (user) => <MemberStatusBadge status={user.status} /> },
];

/**
 * The members table (docs/product.md §2): name (owner badge), company, permission set, groups, tags, last
 * active, status; for those who manage members, a checkbox per selectable row and one for the page. A plain
 * table over the page's rows: @tanstack/react-table was 11 KB of the People screen's first load for a row
 * model and a selection the page holds itself (decision 67).
 */
export function UsersTable({
  users,
  canManage,
  rowSelection,
  onRowSelectionChange,
  onOpen,
}: {
  users: EnhancedUser[];
  canManage: boolean;
  rowSelection: RowSelection;
  onRowSelectionChange: Dispatch<SetStateAction<RowSelection>>;
  onOpen: (user: EnhancedUser) => void;
}) {
  const selectable = canManage ? users.filter((user) => isSelectable(user, canManage)) : [];
  const picked = selectable.filter((user) => rowSelection[user.user_id]).length;
  const isPicked = (user: EnhancedUser) => isSelectable(user, canManage) && Boolean(rowSelection[user.user_id]);

  const select: Column = {
    id: 'select',
    w: '44px',
    header: (
      <SelectBox
        label="Select all users on this page"
        checked={selectable.length > 0 && picked === selectable.length}
        indeterminate={picked > 0 && picked < selectable.length}
        disabled={selectable.length === 0}
        onChange={(on) => onRowSelectionChange(on ? Object.fromEntries(selectable.map((user) => [user.user_id, true])) : {})}
      />
    ),
    cell: (user) => {
      const can = isSelectable(user, canManage);
      return (
        <SelectBox
          label={can ? `Select ${displayName(user)}` : `${displayName(user)} is the deal owner and cannot be selected`}
          checked={isPicked(user)}
          disabled={!can}
          onChange={(on) =>
            // From the selection as it is by then: two boxes ticked in a row both count.
            onRowSelectionChange((old) => {
              const next = { ...old };
              if (on) next[user.user_id] = true;
              else delete next[user.user_id];
              return next;
            })
          }
        />
      );
    },
  };
  const columns = canManage ? [select, ...COLUMNS] : COLUMNS;

  return (
    <Box overflowX="auto">
      <Table.Root size="sm" interactive tableLayout="fixed" minW="900px" data-testid="users-table">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {columns.map((column) => (
              <Table.ColumnHeader
                key={column.id}
                w={column.w}
                textStyle="xs"
                color="fg.muted"
                fontWeight="semibold"
                whiteSpace="nowrap"
                py="2.5"
                px={column.id === 'select' ? '4' : '3'}
              >
                {column.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {users.map((user) => (
            <Table.Row
              key={user.user_id}
              cursor="pointer"
              onClick={() => onOpen(user)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(user);
              }}
              tabIndex={0}
              aria-label={`Open ${displayName(user)}`}
              data-selected={isPicked(user) ? '' : undefined}
              bg={isPicked(user) ? 'brand.subtle/60' : undefined}
              data-testid="user-row"
              _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px' }}
            >
              {columns.map((column) => (
                <Table.Cell
                  key={column.id}
                  py="2.5"
                  px={column.id === 'select' ? '4' : '3'}
                  textStyle="sm"
                  verticalAlign="middle"
                >
                  {column.cell(user)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
