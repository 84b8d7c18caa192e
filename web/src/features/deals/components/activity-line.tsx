import { Box, HStack, Text } from '@chakra-ui/react';
import { activityAuthor, formatRelativeTime } from '../../../lib/format';
import type { Activity } from '../types';

export function ActivityLine({ activity, compact = false }: { activity: Activity; compact?: boolean }) {
  return (
    <HStack align="flex-start" gap="2.5" minW="0">
      <Box mt="1.5" boxSize="1.5" rounded="full" bg="brand.solid" flexShrink={0} />
      <Box minW="0" flex="1">
        <Text textStyle="sm" lineClamp={compact ? 1 : 2} color="fg">
          {activity.description}
        </Text>
        <Text textStyle="xs" color="fg.muted" truncate>
          {activityAuthor(activity)} · {formatRelativeTime(activity.created_at)}
        </Text>
      </Box>
    </HStack>
  );
}
