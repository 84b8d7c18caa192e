import { Button, Card, Checkbox, HStack, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';

/** Select all and the count line above a list of selectable rows (review queue, Q&A). */
export function SelectAllBar({
  checked,
  disabled,
  onCheckedChange,
  countTestId,
  count,
}: {
  checked: boolean;
  disabled: boolean;
  onCheckedChange: (checked: boolean) => void;
  countTestId: string;
  count: string;
}) {
  return (
    <HStack justify="space-between">
      <Checkbox.Root checked={checked} disabled={disabled} onCheckedChange={(e) => onCheckedChange(e.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Select all</Checkbox.Label>
      </Checkbox.Root>
      <Text textStyle="sm" color="fg.muted" data-testid={countTestId}>
        {count}
      </Text>
    </HStack>
  );
}

/**
 * A card of rows read a page at a time (review queue, Q&A): skeleton rows while the first page loads, the
 * given state (an error, nothing found) when there are no rows, else the rows with separators between them.
 */
export function RowsCard<T extends { id: string }>({
  loading,
  skeletonRows,
  fallback,
  rows,
  testId,
  renderRow,
}: {
  loading: boolean;
  skeletonRows: number;
  fallback: ReactNode;
  rows: T[];
  testId: string;
  renderRow: (row: T, index: number) => ReactNode;
}) {
  return (
    <Card.Root>
      {loading ? (
        <Stack p="4" gap="3">
          {Array.from({ length: skeletonRows }, (_, i) => (
            <Skeleton key={i} height="12" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        fallback
      ) : (
        <Stack gap="0" data-testid={testId}>
          {rows.map((row, index) => (
            <Fragment key={row.id}>
              {index > 0 && <Separator />}
              {renderRow(row, index)}
            </Fragment>
          ))}
        </Stack>
      )}
    </Card.Root>
  );
}

/** Load More under a list read a page at a time, with how many remain; nothing when there is no next page. */
export function LoadMoreButton({
  hasMore,
  loading,
  remaining,
  onMore,
}: {
  hasMore: boolean;
  loading: boolean;
  remaining: number;
  onMore: () => unknown;
}) {
  if (!hasMore) return null;
  return (
    <HStack justify="center">
      <Button variant="outline" loading={loading} onClick={() => onMore()}>
        Load More ({remaining} remaining)
      </Button>
    </HStack>
  );
}
