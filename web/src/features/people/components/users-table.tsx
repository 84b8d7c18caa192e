import { Box, Checkbox, HStack, Table, Text } from '@chakra-ui/react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowSelectionState,
  type OnChangeFn,
} from '@tanstack/react-table';
import { useMemo } from 'react';
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

/** The members table (docs/product.md §2): name (owner badge), company, permission set, groups, tags, last active, status. */
export function UsersTable({
  users,
  canManage,
  rowSelection,
  onRowSelectionChange,
  onOpen,
}: {
  users: EnhancedUser[];
  canManage: boolean;
  rowSelection: RowSelectionState;
  onRowSelectionChange: OnChangeFn<RowSelectionState>;
  onOpen: (user: EnhancedUser) => void;
}) {
  const columns = useMemo<ColumnDef<EnhancedUser>[]>(() => {
    const list: ColumnDef<EnhancedUser>[] = [
      {
        id: 'name',
        header: 'Name',
        cell: ({ row }) => (
          <PersonCell
            person={row.original}
            trailing={
              <>
                {row.original.is_owner && <OwnerBadge />}
                {!row.original.is_owner && <RoleBadge role={row.original.role === 'admin' ? 'admin' : null} />}
              </>
            }
          />
        ),
      },
      {
        id: 'company',
        header: 'Company',
        cell: ({ row }) =>
          row.original.company ? (
            <Text truncate title={row.original.company}>
              {row.original.company}
            </Text>
          ) : (
            <Text color="fg.subtle">—</Text>
          ),
      },
      {
        id: 'permission_set',
        header: 'Permission set',
        cell: ({ row }) => (
          <Text truncate>{permissionSetLabel(row.original.permission_set_name ?? row.original.permission_set)}</Text>
        ),
      },
      { id: 'groups', header: 'Groups', cell: ({ row }) => <ChipList items={row.original.groups} /> },
      { id: 'tags', header: 'Tags', cell: ({ row }) => <ChipList items={row.original.tags} /> },
      {
        id: 'last_active',
        header: 'Last active',
        cell: ({ row }) => (
          <Text
            color="fg.muted"
            whiteSpace="nowrap"
            title={row.original.last_active_at ? formatDateTime(row.original.last_active_at) : undefined}
          >
            {formatLastActive(row.original.last_active_at)}
          </Text>
        ),
      },
      { id: 'status', header: 'Status', cell: ({ row }) => <MemberStatusBadge status={row.original.status} /> },
    ];
    if (canManage) {
      list.unshift({
        id: 'select',
        header: ({ table }) => {
          const selectable = table.getRowModel().rows.filter((row) => row.getCanSelect());
          const selected = selectable.filter((row) => row.getIsSelected()).length;
          return (
            <SelectBox
              label="Select all users on this page"
              checked={selectable.length > 0 && selected === selectable.length}
              indeterminate={selected > 0 && selected < selectable.length}
              disabled={selectable.length === 0}
              onChange={(on) => {
                const next: RowSelectionState = {};
                if (on) for (const row of selectable) next[row.id] = true;
                table.setRowSelection(next);
              }}
            />
          );
        },
        cell: ({ row }) => (
          <SelectBox
            label={
              row.getCanSelect()
                ? `Select ${displayName(row.original)}`
                : `${displayName(row.original)} is the deal owner and cannot be selected`
            }
            checked={row.getIsSelected()}
            disabled={!row.getCanSelect()}
            onChange={(on) => row.toggleSelected(on)}
          />
        ),
      });
    }
    return list;
  }, [canManage]);

  const table = useReactTable({
    data: users,
    columns,
    getRowId: (user) => user.user_id,
    getCoreRowModel: getCoreRowModel(),
    enableRowSelection: (row) => isSelectable(row.original, canManage),
    state: { rowSelection },
    onRowSelectionChange,
  });

  const widths: Record<string, string | undefined> = {
    select: '44px',
    name: undefined,
    company: '13%',
    permission_set: '13%',
    groups: '16%',
    tags: '13%',
    last_active: '96px',
    status: '92px',
  };

  return (
    <Box overflowX="auto">
      <Table.Root size="sm" interactive tableLayout="fixed" minW="900px" data-testid="users-table">
        <Table.Header>
          {table.getHeaderGroups().map((group) => (
            <Table.Row key={group.id} bg="bg.subtle">
              {group.headers.map((header) => (
                <Table.ColumnHeader
                  key={header.id}
                  w={widths[header.column.id]}
                  textStyle="xs"
                  color="fg.muted"
                  fontWeight="semibold"
                  whiteSpace="nowrap"
                  py="2.5"
                  px={header.column.id === 'select' ? '4' : '3'}
                >
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          ))}
        </Table.Header>
        <Table.Body>
          {table.getRowModel().rows.map((row) => (
            <Table.Row
              key={row.id}
              cursor="pointer"
              onClick={() => onOpen(row.original)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(row.original);
              }}
              tabIndex={0}
              aria-label={`Open ${displayName(row.original)}`}
              data-selected={row.getIsSelected() ? '' : undefined}
              bg={row.getIsSelected() ? 'brand.subtle/60' : undefined}
              data-testid="user-row"
              _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px' }}
            >
              {row.getVisibleCells().map((cell) => (
                <Table.Cell
                  key={cell.id}
                  py="2.5"
                  px={cell.column.id === 'select' ? '4' : '3'}
                  textStyle="sm"
                  verticalAlign="middle"
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
