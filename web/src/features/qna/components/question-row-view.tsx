import { Box, Checkbox, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import type { QuestionRow } from '@contracts/qna';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../../lib/format';
import { aboutText } from '../logic';
import { QuestionBadges } from './question-badges';

/** One question in the list: select, title (opens it), what it is about, who, badges. */
export function QuestionRowView({
  dealId,
  row,
  selectable,
  selected,
  highlighted,
  onSelect,
  onHighlight,
}: {
  dealId: string;
  row: QuestionRow;
  selectable: boolean;
  selected: boolean;
  highlighted: boolean;
  onSelect: (on: boolean) => void;
  onHighlight: () => void;
}) {
  return (
    <Flex
      gap="3"
      px="4"
      py="3"
      align="flex-start"
      bg={highlighted ? 'bg.muted' : undefined}
      onMouseEnter={onHighlight}
      data-testid="question-row"
      data-highlighted={highlighted || undefined}
    >
      {selectable && (
        <Checkbox.Root mt="0.5" checked={selected} onCheckedChange={(e) => onSelect(e.checked === true)}>
          <Checkbox.HiddenInput aria-label={`Select ${row.title}`} />
          <Checkbox.Control />
        </Checkbox.Root>
      )}
      <Stack gap="1" flex="1" minW="0">
        <Flex gap="2" justify="space-between" wrap="wrap">
          <RouterLink to={`/deals/${dealId}/qna/${row.id}`}>
            <Text fontWeight="semibold" _hover={{ textDecoration: 'underline' }} lineClamp={2}>
              {row.title}
            </Text>
          </RouterLink>
          <QuestionBadges row={row} />
        </Flex>
        <HStack gap="3" textStyle="xs" color="fg.muted" wrap="wrap">
          <Text>About: {aboutText(row)}</Text>
          {row.asked_by_name && (
            <Text>
              Asked by {row.asked_by_name}
              {row.asker_group_name ? ` (${row.asker_group_name})` : ''}
            </Text>
          )}
          <Text>{formatDate(row.created_at)}</Text>
          {row.assignee_name && <Text>Assigned to {row.assignee_name}</Text>}
          {row.due_date && <Text>Due {row.due_date}</Text>}
          <Box as="span">
            {row.answer_count} answer{row.answer_count === 1 ? '' : 's'}
          </Box>
        </HStack>
      </Stack>
    </Flex>
  );
}
