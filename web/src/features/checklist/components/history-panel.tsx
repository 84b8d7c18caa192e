import { Stack, Text } from '@chakra-ui/react';
import { History } from 'lucide-react';
import { Panel } from '../../../components/panel';
import type { ChecklistItemDetail } from '../types';
import { HistoryEntry } from './history-entry';

/** The item's approval decisions, newest as the API orders them. */
export function HistoryPanel({ data }: { data: ChecklistItemDetail }) {
  return (
    <Panel title="Approval History" icon={<History size={16} />} testId="history-card">
      {data.approval_history.length === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          No decisions yet.
        </Text>
      ) : (
        <Stack gap="4">
          {data.approval_history.map((entry, index) => (
            <HistoryEntry key={entry.id ?? index} entry={entry} />
          ))}
        </Stack>
      )}
    </Panel>
  );
}
