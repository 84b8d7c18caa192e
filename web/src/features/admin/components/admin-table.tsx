import { Skeleton, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Placeholder rows while a table loads. */
function SkeletonRows({ columns, rows = 6 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <Table.Row key={row}>
          {Array.from({ length: columns }, (_, cell) => (
            <Table.Cell key={cell}>
              <Skeleton h="4" w={cell === 1 ? '80%' : '60%'} />
            </Table.Cell>
          ))}
        </Table.Row>
      ))}
    </>
  );
}

/** A column of an admin table: its heading and the heading cell's layout (width, alignment). */
export interface AdminColumn {
  label: string;
  minW?: string;
  w?: string;
  textAlign?: 'start' | 'end';
}

/**
 * The admin portal's list table: headed columns, placeholder rows while the first page loads, and the
 * previous page dimmed while the next one arrives.
 */
export function AdminTable({
  columns,
  loading,
  fetching,
  stale = false,
  skeletonRows,
  children,
}: {
  columns: AdminColumn[];
  loading: boolean;
  fetching: boolean;
  stale?: boolean;
  skeletonRows?: number;
  children: ReactNode;
}) {
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" aria-busy={fetching} opacity={stale ? 0.6 : 1}>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {columns.map(({ label, ...layout }) => (
              <Table.ColumnHeader key={label} {...layout}>
                {label}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{loading ? <SkeletonRows columns={columns.length} rows={skeletonRows} /> : children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
