import {
  Alert,
  Badge,
  Box,
  Button,
  Flex,
  Heading,
  HStack,
  Input,
  InputGroup,
  Skeleton,
  Table,
  Text,
  CloseButton,
  IconButton,
  type BoxProps,
  type IconButtonProps,
} from '@chakra-ui/react';
import { Pencil, RefreshCw, Search, Trash2 } from 'lucide-react';
import { errorDetail } from '../../../lib/api/client';
import type { ReactNode } from 'react';

/** The content column of an admin page. */
export function AdminPage(props: BoxProps) {
  return <Box maxW="6xl" mx="auto" px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} {...props} />;
}

export function AdminPageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Flex
      justify="space-between"
      align={{ base: 'stretch', md: 'flex-end' }}
      direction={{ base: 'column', md: 'row' }}
      gap="4"
      mb="6"
    >
      <Box>
        <Heading as="h1" size="2xl" letterSpacing="-0.02em">
          {title}
        </Heading>
        {description && (
          <Text color="fg.muted" textStyle="sm" mt="1">
            {description}
          </Text>
        )}
      </Box>
      {actions && <HStack gap="3">{actions}</HStack>}
    </Flex>
  );
}

/** A white bordered panel holding a page's filters and table. */
export function Panel(props: BoxProps) {
  return <Box bg="bg" borderWidth="1px" borderColor="border" rounded="xl" shadow="xs" overflow="hidden" {...props} />;
}

export { useDebouncedValue } from '../../../lib/use-debounced-value';

export function SearchField({
  value,
  onChange,
  placeholder,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label: string;
}) {
  return (
    <InputGroup
      flex="1"
      minW={{ base: 'full', md: '64' }}
      startElement={<Search size={16} />}
      endElement={value ? <CloseButton size="xs" aria-label="Clear search" onClick={() => onChange('')} me="-2" /> : undefined}
    >
      <Input
        size="sm"
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        bg="bg"
      />
    </InputGroup>
  );
}

/** A catalog item or preset: Active or Inactive. */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge size="sm" variant="subtle" colorPalette={active ? 'green' : 'gray'}>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

/** Placeholder rows while a table loads. */
export function SkeletonRows({ columns, rows = 6 }: { columns: number; rows?: number }) {
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

/** A list that failed to load: the docs/product.md §8 title, the server's detail, and Try Again. */
export function LoadError({
  title,
  error,
  retrying,
  onRetry,
}: {
  title: string;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Box p="4">
      <Alert.Root status="error" borderRadius="lg">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>{errorDetail(error, 'Please try again in a moment.')}</Alert.Description>
        </Alert.Content>
        <Button size="xs" variant="outline" onClick={onRetry} loading={retrying}>
          <RefreshCw size={14} /> Try Again
        </Button>
      </Alert.Root>
    </Box>
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

/** An icon button of an admin table's Actions column (name it with aria-label; title is its tooltip). */
export function RowAction(props: IconButtonProps) {
  return <IconButton size="xs" variant="ghost" {...props} />;
}

/** The Edit action of the row of `name`. */
export function EditAction({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <RowAction aria-label={`Edit ${name}`} title="Edit" onClick={onClick}>
      <Pencil />
    </RowAction>
  );
}

/** The Delete action of the row of `name`; a `refusal` disables it and is its tooltip. */
export function DeleteAction({ name, onClick, refusal }: { name: string; onClick: () => void; refusal?: string }) {
  return (
    <RowAction
      aria-label={`Delete ${name}`}
      title={refusal ?? 'Delete'}
      colorPalette="red"
      disabled={Boolean(refusal)}
      onClick={onClick}
    >
      <Trash2 />
    </RowAction>
  );
}

/** An account's cells in an admin table: its name (else its e-mail) over its e-mail, and its title. */
export function AccountCells({
  account,
  you,
}: {
  account: { email: string; first_name: string | null; last_name: string | null; title: string | null };
  you?: boolean;
}) {
  const name = [account.first_name, account.last_name].filter(Boolean).join(' ');
  return (
    <>
      <Table.Cell>
        <HStack gap="2">
          <Text fontWeight="medium">{name || account.email}</Text>
          {you && (
            <Text textStyle="xs" color="fg.muted">
              (you)
            </Text>
          )}
        </HStack>
        {name && (
          <Text textStyle="xs" color="fg.muted">
            {account.email}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <Text textStyle="sm" color={account.title ? 'fg' : 'fg.subtle'}>
          {account.title || '—'}
        </Text>
      </Table.Cell>
    </>
  );
}
