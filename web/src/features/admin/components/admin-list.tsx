import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AdminTable, type AdminColumn } from './admin-table';
import { LoadError } from './load-error';

/** What AdminList reads of a list's query. */
interface ListQuery {
  isError: boolean;
  isSuccess: boolean;
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  data: unknown;
  error: unknown;
  refetch: () => unknown;
}

/**
 * An admin list by its query's state: the load error with Try Again (while nothing was ever loaded), the
 * empty state once an empty page arrived, else the table (skeleton rows while loading, dimmed while the
 * next page is read).
 */
export function AdminList({
  query,
  errorTitle,
  isEmpty,
  empty,
  columns,
  skeletonRows,
  children,
}: {
  query: ListQuery;
  errorTitle: string;
  isEmpty: boolean;
  empty: ReactNode;
  columns: AdminColumn[];
  skeletonRows?: number;
  children: ReactNode;
}) {
  if (query.isError && !query.data) {
    return <LoadError title={errorTitle} error={query.error} retrying={query.isFetching} onRetry={() => query.refetch()} />;
  }
  if (query.isSuccess && isEmpty) return <Box py="6">{empty}</Box>;
  return (
    <AdminTable
      columns={columns}
      loading={query.isPending}
      fetching={query.isFetching}
      stale={query.isPlaceholderData}
      skeletonRows={skeletonRows}
    >
      {children}
    </AdminTable>
  );
}
