import { Badge, HStack } from '@chakra-ui/react';
import type { QuestionRow } from '@contracts/qna';
import { PRIORITY_LABELS, STATUS_LABELS } from '../logic';

/** Status, priority and "released to all" of a question. */
export function QuestionBadges({ row }: { row: Pick<QuestionRow, 'status' | 'priority' | 'released_to_all' | 'draft_count'> }) {
  const status = STATUS_LABELS[row.status];
  const priority = PRIORITY_LABELS[row.priority];
  return (
    <HStack gap="1.5" wrap="wrap">
      <Badge colorPalette={status.palette} data-testid="question-status">
        {status.label}
      </Badge>
      {row.priority !== 'normal' && (
        <Badge colorPalette={priority.palette} variant="outline">
          {priority.label} priority
        </Badge>
      )}
      {row.released_to_all && <Badge colorPalette="purple">Released to all</Badge>}
      {row.draft_count > 0 && (
        <Badge colorPalette="orange" variant="subtle">
          {row.draft_count} draft{row.draft_count === 1 ? '' : 's'}
        </Badge>
      )}
    </HStack>
  );
}
