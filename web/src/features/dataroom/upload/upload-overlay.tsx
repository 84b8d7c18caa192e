import { Box, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useRef, type ReactNode } from 'react';
import { Modal } from '../../../components/modal';
import { isBusy, totals, type ConflictChoice, type UploadItem, type UploadState } from './machine';
import { ResolveAllBar } from './resolve-all-bar';
import { UploadItemRow } from './upload-item-row';
import { UploadTotalsView } from './upload-totals';

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
          <UploadTotalsView t={t} percent={percent} phase={state.phase} />
        )}

        {t.conflicts > 1 && <ResolveAllBar conflicts={t.conflicts} onResolveAll={onResolveAll} />}

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
                <UploadItemRow
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
