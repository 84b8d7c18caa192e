import { Button, Flex, HStack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** Previous/Next with the shown range; only rendered when there are more rows than one page holds. */
export function Pager({
  page,
  total,
  pageSize,
  onPageChange,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}) {
  if (total <= pageSize) return null;
  const pages = pageCount(total, pageSize);
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Flex as="nav" aria-label="Pagination" justify="space-between" align="center" gap="3" wrap="wrap">
      <Text textStyle="sm" color="fg.muted">
        Showing {first}–{last} of {total}
      </Text>
      <HStack gap="2">
        <Text textStyle="sm" color="fg.muted">
          Page {page} of {pages}
        </Text>
        <Button size="xs" variant="outline" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft /> Previous
        </Button>
        <Button size="xs" variant="outline" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          Next <ChevronRight />
        </Button>
      </HStack>
    </Flex>
  );
}
