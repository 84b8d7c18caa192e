import { Button, Flex, HStack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageCount } from '../lib/paging';

/** Previous/Next with 'Page x of y' and the shown range; hidden when everything fits on one page. */
export function Pager({
  page,
  total,
  pageSize,
  noun,
  onPageChange,
}: {
  page: number;
  total: number;
  pageSize: number;
  /** What the rows are ("users"), after the shown range. */
  noun?: string;
  onPageChange: (page: number) => void;
}) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  const first = (page - 1) * pageSize + 1;
  const go = (next: number) => {
    onPageChange(next);
    window.scrollTo({ top: 0 });
  };
  const last = Math.min(total, page * pageSize);
  return (
    <Flex
      as="nav"
      aria-label="Pagination"
      justify="space-between"
      align="center"
      gap="3"
      px="4"
      py="3"
      borderTopWidth="1px"
      borderColor="border"
      wrap="wrap"
    >
      <Text textStyle="sm" color="fg.muted">
        Showing {first}–{last} of {total}
        {noun ? ` ${noun}` : ''}
      </Text>
      <HStack gap="3">
        <Button size="xs" variant="outline" onClick={() => go(page - 1)} disabled={page <= 1}>
          <ChevronLeft size={14} /> Previous
        </Button>
        <Text textStyle="sm" fontWeight="medium" data-testid="page-indicator" whiteSpace="nowrap">
          Page {page} of {pages}
        </Text>
        <Button size="xs" variant="outline" onClick={() => go(page + 1)} disabled={page >= pages}>
          Next <ChevronRight size={14} />
        </Button>
      </HStack>
    </Flex>
  );
}
