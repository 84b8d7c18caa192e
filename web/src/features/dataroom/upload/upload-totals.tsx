import { Badge, Box, HStack, Progress, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatFileSize } from '../../../lib/format';
import type { Phase, UploadTotals } from './machine';

/** The overlay's summary: files and bytes done of the total, the overall progress, and what went wrong. */
export function UploadTotalsView({ t, percent, phase }: { t: UploadTotals; percent: number; phase: Phase }) {
  return (
    <Box>
      <HStack justify="space-between" textStyle="sm" mb="2" gap="4" wrap="wrap">
        <Text fontWeight="medium" data-testid="upload-file-count">
          {t.done} of {t.files} file{t.files === 1 ? '' : 's'} uploaded
        </Text>
        <Text color="fg.muted" data-testid="upload-byte-count">
          {formatFileSize(t.bytesDone)} of {formatFileSize(t.bytes)}
        </Text>
      </HStack>
      <Progress.Root
        value={percent}
        size="sm"
        colorPalette={phase === 'failed' ? 'red' : phase === 'completed' ? 'green' : 'brand'}
        aria-label="Overall progress"
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <HStack gap="2" mt="3" wrap="wrap">
        <CountBadge count={t.failed} palette="red">
          failed
        </CountBadge>
        <CountBadge count={t.conflicts} palette="orange">
          name conflict{t.conflicts === 1 ? '' : 's'}
        </CountBadge>
        <CountBadge count={t.skipped} palette="gray">
          skipped
        </CountBadge>
        <CountBadge count={t.cancelled} palette="gray">
          cancelled
        </CountBadge>
      </HStack>
    </Box>
  );
}

/** "N what" in a badge, shown only when N is above zero. */
function CountBadge({ count, palette, children }: { count: number; palette: 'red' | 'orange' | 'gray'; children: ReactNode }) {
  return count > 0 ? (
    <Badge colorPalette={palette} variant="subtle">
      {count} {children}
    </Badge>
  ) : null;
}
