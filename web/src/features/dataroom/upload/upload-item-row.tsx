import { Box, Button, HStack, Progress, Spinner, Text } from '@chakra-ui/react';
import { AlertCircle, CheckCircle2, CircleSlash, Clock, FileWarning } from 'lucide-react';
import { formatFileSize, formatMegabytes } from '../../../lib/format';
import type { ConflictChoice, UploadItem } from './machine';

function StatusIcon({ item }: { item: UploadItem }) {
  switch (item.status) {
    case 'uploading':
      return <Spinner size="xs" color="brand.solid" />;
    case 'done':
      return <CheckCircle2 size={16} color="var(--chakra-colors-green-600)" aria-label="Uploaded" />;
    case 'failed':
      return <AlertCircle size={16} color="var(--chakra-colors-red-600)" aria-label="Failed" />;
    case 'conflict':
      return <FileWarning size={16} color="var(--chakra-colors-orange-500)" aria-label="Name taken" />;
    case 'skipped':
    case 'cancelled':
      return <CircleSlash size={16} color="var(--chakra-colors-gray-400)" aria-label={item.status} />;
    default:
      return <Clock size={16} color="var(--chakra-colors-gray-400)" aria-label="Waiting" />;
  }
}

/** One file of the upload overlay's list: its state, progress, error, and the choices of a name conflict. */
export function UploadItemRow({
  item,
  showPath,
  onResolve,
}: {
  item: UploadItem;
  showPath: boolean;
  onResolve: (choice: ConflictChoice) => void;
}) {
  const percent = item.size > 0 ? Math.round((item.loaded / item.size) * 100) : item.status === 'done' ? 100 : 0;
  const where = showPath ? (item.path === '/' ? 'Data Room' : item.path) : '';
  return (
    <Box
      as="li"
      px="3"
      py="2.5"
      borderBottomWidth="1px"
      borderColor="border.muted"
      data-testid="upload-item"
      data-status={item.status}
    >
      <HStack gap="3">
        <Box flexShrink={0} w="4" display="flex" justifyContent="center">
          <StatusIcon item={item} />
        </Box>
        <Box flex="1" minW="0">
          <Text textStyle="sm" truncate title={item.name}>
            {item.name}
          </Text>
          {(where || item.savedAs) && (
            <Text textStyle="xs" color="fg.subtle" truncate>
              {[where, item.savedAs ? `saved as ${item.savedAs}` : ''].filter(Boolean).join(' · ')}
            </Text>
          )}
        </Box>
        <Text textStyle="xs" color="fg.muted" whiteSpace="nowrap">
          {item.status === 'uploading' ? `${percent}%` : formatMegabytes(item.size)}
        </Text>
      </HStack>
      {item.status === 'uploading' && (
        <Progress.Root value={percent} size="xs" colorPalette="brand" mt="2" ml="7" aria-label={`${item.name} progress`}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      {item.status === 'failed' && item.error && (
        <Text textStyle="xs" color="fg.error" mt="1" ml="7">
          {item.error}
        </Text>
      )}
      {item.status === 'failed' && !!item.stored && (
        <Text textStyle="xs" color="fg.muted" mt="0.5" ml="7" data-testid="upload-item-kept">
          {item.stored >= item.size
            ? 'Every byte arrived: Try Again only finishes the upload.'
            : `${formatFileSize(item.stored)} of ${formatFileSize(item.size)} stored: Try Again sends only the rest.`}
        </Text>
      )}
      {item.status === 'conflict' && (
        <Box ml="7" mt="1.5">
          <Text textStyle="xs" color="fg.warning">
            {item.error}
          </Text>
          <HStack gap="1.5" mt="2" wrap="wrap">
            <Button size="2xs" colorPalette="brand" onClick={() => onResolve('version')} disabled={!item.existingFileId}>
              Upload as new version
            </Button>
            <Button size="2xs" variant="outline" onClick={() => onResolve('keep_both')}>
              Keep both
            </Button>
            <Button size="2xs" variant="ghost" onClick={() => onResolve('skip')}>
              Skip
            </Button>
          </HStack>
        </Box>
      )}
    </Box>
  );
}
