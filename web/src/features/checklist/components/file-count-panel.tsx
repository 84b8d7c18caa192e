import { Box, Flex, Text } from '@chakra-ui/react';
import { Panel } from '../../../components/panel';
import { ProgressBar } from '../../../components/progress-bar';
import { fileCountTone } from '../logic';
import type { ChecklistItemDetail } from '../types';

/** How many files the item expects and how many it has. */
export function FileCountPanel({ data }: { data: ChecklistItemDetail }) {
  const expected = data.metadata?.anticipated_file_count ?? 0;
  const actual = data.metadata?.actual_file_count ?? data.connected_files.length;
  const tone = fileCountTone(expected, actual);
  return (
    <Panel title="File Count" testId="counts-card">
      <Flex gap="4">
        <Box flex="1">
          <Text textStyle="xs" color="fg.muted" fontWeight="medium">
            Expected
          </Text>
          <Text textStyle="2xl" fontWeight="semibold" data-testid="expected-count">
            {expected}
          </Text>
        </Box>
        <Box flex="1">
          <Text textStyle="xs" color="fg.muted" fontWeight="medium">
            Actual
          </Text>
          <Text textStyle="2xl" fontWeight="semibold" color={tone === 'met' ? 'green.fg' : undefined} data-testid="actual-count">
            {actual}
          </Text>
        </Box>
      </Flex>
      {expected > 0 && (
        <Box mt="3">
          <ProgressBar
            progress={{ completed: Math.min(actual, expected), total: expected }}
            size="xs"
            label={`${actual} of ${expected} expected files`}
          />
          <Text textStyle="xs" color="fg.muted" mt="1.5">
            {tone === 'met'
              ? 'All expected files are in.'
              : `${Math.max(0, expected - actual)} more file${expected - actual === 1 ? '' : 's'} expected.`}
          </Text>
        </Box>
      )}
    </Panel>
  );
}
