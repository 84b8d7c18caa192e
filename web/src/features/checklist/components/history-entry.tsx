import { Box, HStack, Text } from '@chakra-ui/react';
import { CheckCircle2, MessageSquareWarning } from 'lucide-react';
import { approvalLabel } from '../../../components/approval-badge';
import { displayName, formatDateTime } from '../../../lib/format';
import type { ApprovalDecision } from '../types';

/** One decision of the item's approval history, with its note. */
export function HistoryEntry({ entry }: { entry: ApprovalDecision }) {
  const approved = entry.decision === 'approved';
  return (
    <HStack align="flex-start" gap="3" data-testid="history-entry">
      <Box color={approved ? 'green.fg' : 'orange.fg'} pt="0.5" flexShrink={0}>
        {approved ? <CheckCircle2 size={18} /> : <MessageSquareWarning size={18} />}
      </Box>
      <Box minW="0" flex="1">
        <Text textStyle="sm" fontWeight="medium">
          {approvalLabel(entry.decision)}
        </Text>
        <Text textStyle="xs" color="fg.muted">
          {displayName({
            first_name: entry.decided_by_first_name,
            last_name: entry.decided_by_last_name,
            email: entry.decided_by_email,
          })}{' '}
          · {formatDateTime(entry.decided_at)}
        </Text>
        {entry.note && (
          <Text textStyle="sm" mt="1.5" px="3" py="2" bg="bg.muted" rounded="md" whiteSpace="pre-wrap">
            {entry.note}
          </Text>
        )}
      </Box>
    </HStack>
  );
}
