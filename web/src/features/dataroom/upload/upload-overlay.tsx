import { Badge, Box, Button, HStack, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import { AlertCircle, CheckCircle2, CircleSlash, Clock, FileWarning } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Modal } from '../../../components/modal';
import { formatFileSize, formatMegabytes } from '../../../lib/format';
import { isBusy, totals, type ConflictChoice, type UploadItem, type UploadState } from './machine';

export const CANNOT_CLOSE_DURING_UPLOAD = 'Cannot close during upload';
/** The most rows the overlay lists at once (a 10,000-file import lists the ones that matter). */
const MAX_ROWS = 60;

const ORDER: Record<UploadItem['status'], number> = {
  conflict: 0,
  uploading: 1,
  failed: 2,
  queued: 3,
  done: 4,
  skipped: 5,
  cancelled: 6,
};

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

function ItemRow({
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

function Headline({ icon, title, children }: { icon?: ReactNode; title: string; children?: ReactNode }) {
  return (
    <HStack gap="3" align="flex-start">
      {icon}
      <Box>
        <Text fontWeight="semibold">{title}</Text>
        {children && (
          <Text textStyle="sm" color="fg.muted">
            {children}
          </Text>
        )}
      </Box>
    </HStack>
  );
}

/**
 * The progress overlay of uploads and imports (docs/product.md §4): preparing, uploading (files and bytes done of
 * the total, each file's progress), completed, failed (Close, and Try Again for the failed files only).
 * It cannot be closed while files are being sent.
 */
export function UploadOverlay({
  state: live,
  canCancel = true,
  onCancel,
  onClose,
  onRetry,
  onResolve,
  onResolveAll,
}: {
  state: UploadState;
  canCancel?: boolean;
  onCancel: () => void;
  onClose: () => void;
  onRetry: () => void;
  onResolve: (id: string, choice: ConflictChoice) => void;
  onResolveAll: (choice: ConflictChoice) => void;
}) {
  const open = live.phase !== 'idle';
  // While the modal animates out after Close the queue is already idle: keep showing how it ended
  // instead of flashing '0 of 0 files uploaded'.
  const lastShown = useRef(live);
  if (live.phase !== 'idle') lastShown.current = live;
  const state = open ? live : lastShown.current;
  const busy = isBusy(state.phase);
  const t = totals(state);
  const percent = t.bytes > 0 ? Math.round((t.bytesDone / t.bytes) * 100) : t.files > 0 && t.done === t.files ? 100 : 0;
  const noun = state.kind === 'import' ? 'Import' : 'Upload';

  const sorted = [...state.items].sort((a, b) => ORDER[a.status] - ORDER[b.status]);
  const shown = sorted.slice(0, MAX_ROWS);

  let title: string;
  if (state.phase === 'preparing') title = state.kind === 'import' ? 'Preparing import' : 'Preparing upload';
  else if (state.phase === 'uploading') title = state.kind === 'import' ? 'Importing folder' : 'Uploading files';
  else if (state.phase === 'completed') title = `${noun} complete`;
  else if (state.phase === 'cancelled') title = `${noun} cancelled`;
  else title = `${noun} finished with errors`;

  const footer = busy ? (
    canCancel ? (
      <Button variant="outline" colorPalette="red" onClick={onCancel}>
        Cancel
      </Button>
    ) : undefined
  ) : (
    <>
      <Button
        variant={state.phase === 'failed' ? 'outline' : 'solid'}
        colorPalette={state.phase === 'failed' ? 'gray' : 'brand'}
        onClick={onClose}
      >
        Close
      </Button>
      {state.phase === 'failed' && (
        <Button colorPalette="brand" onClick={onRetry}>
          Try Again
        </Button>
      )}
    </>
  );

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      size="xl"
      preventClose={busy}
      preventCloseMessage={CANNOT_CLOSE_DURING_UPLOAD}
      footer={footer}
    >
      <Stack gap="4" data-testid="upload-overlay" data-phase={state.phase}>
        {state.phase === 'preparing' ? (
          <Headline icon={<Spinner size="sm" color="brand.solid" mt="1" />} title="Creating folders…">
            {t.files} file{t.files === 1 ? '' : 's'} will be uploaded next.
          </Headline>
        ) : (
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
              colorPalette={state.phase === 'failed' ? 'red' : state.phase === 'completed' ? 'green' : 'brand'}
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
        )}

        {t.conflicts > 1 && (
          <Box bg="orange.subtle" rounded="md" px="3" py="2.5">
            <Text textStyle="sm" color="orange.fg" fontWeight="medium">
              {t.conflicts} files have names already taken in their folders. For all of them:
            </Text>
            <HStack gap="1.5" mt="2" wrap="wrap">
              <Button size="2xs" colorPalette="brand" onClick={() => onResolveAll('version')}>
                Upload as new versions
              </Button>
              <Button size="2xs" variant="outline" bg="bg" onClick={() => onResolveAll('keep_both')}>
                Keep both
              </Button>
              <Button size="2xs" variant="ghost" onClick={() => onResolveAll('skip')}>
                Skip all
              </Button>
            </HStack>
          </Box>
        )}

        {state.items.length > 0 && (
          <Box>
            <Box
              as="ul"
              listStyleType="none"
              maxH="72"
              overflowY="auto"
              borderWidth="1px"
              borderColor="border"
              rounded="md"
              data-testid="upload-items"
            >
              {shown.map((item) => (
                <ItemRow
                  key={item.id}
                  item={item}
                  showPath={state.kind === 'import'}
                  onResolve={(choice) => onResolve(item.id, choice)}
                />
              ))}
            </Box>
            {sorted.length > shown.length && (
              <Text textStyle="xs" color="fg.muted" mt="2">
                and {sorted.length - shown.length} more
              </Text>
            )}
          </Box>
        )}
      </Stack>
    </Modal>
  );
}
