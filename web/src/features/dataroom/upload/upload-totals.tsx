import { Badge, Box, HStack, Progress, Text } from '@chakra-ui/react';
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
        {t.failed > 0 && (
          <Badge colorPalette="red" variant="subtle">
            {t.failed} failed
          </Badge>
        )}
        {t.conflicts > 0 && (
          <Badge colorPalette="orange" variant="subtle">
            {t.conflicts} name conflict{t.conflicts === 1 ? '' : 's'}
          </Badge>
        )}
        {t.skipped > 0 && (
          <Badge colorPalette="gray" variant="subtle">
            {t.skipped} skipped
          </Badge>
        )}
        {t.cancelled > 0 && (
          <Badge colorPalette="gray" variant="subtle">
            {t.cancelled} cancelled
          </Badge>
        )}
      </HStack>
    </Box>
  );
}
