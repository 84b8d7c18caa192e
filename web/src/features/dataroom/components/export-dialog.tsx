import { Box, Button, List, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ExportStarted } from '@contracts/exports';
import { Modal } from '../../../components/modal';
import { formatFileSize } from '../../../lib/format';
import { saveFromUrl } from '../../../lib/file-download';
import { useExportStatus } from '../api/export-status';

export const JOB_TEXT = 'We are preparing your export. You will get a link by e-mail and here when it is ready.';

/**
 * After "Download as ZIP" (docs/decisions.md decision 48): the files left out and why, and for a large
 * export the job's live state with its download once ready. A direct export with nothing refused needs
 * no dialog: the download has started.
 */
export function ExportDialog({
  dealId,
  started,
  onClose,
}: {
  dealId: string;
  started: ExportStarted | null;
  onClose: () => void;
}) {
  const job = started?.mode === 'job' ? started.export_id : null;
  const status = useExportStatus(dealId, job);
  const open = started !== null && (started.mode === 'job' || started.refused.length > 0);
  const state = status.data?.status ?? 'queued';
  return (
    <Modal open={open} onClose={onClose} title="Download as ZIP" size="md">
      {started && (
        <Stack gap="4" pb="2" textStyle="sm">
          <Text>
            {started.file_count} file{started.file_count === 1 ? '' : 's'} ({formatFileSize(started.total_bytes)})
            {started.mode === 'direct' ? ': your download has started.' : '.'}
          </Text>
          {started.mode === 'job' && (
            <Box data-testid="export-job" aria-live="polite">
              {state === 'ready' && status.data?.download_url ? (
                <Stack gap="2">
                  <Text>Your export is ready. The link works for 24 hours.</Text>
                  <Button
                    colorPalette="brand"
                    alignSelf="flex-start"
                    onClick={() => saveFromUrl(status.data!.download_url!, 'export.zip')}
                  >
                    Download ZIP
                  </Button>
                </Stack>
              ) : state === 'failed' ? (
                <Text color="fg.error">{status.data?.error ?? 'The export could not be prepared. Please try again.'}</Text>
              ) : (
                <Stack direction="row" gap="2" align="center">
                  <Spinner size="sm" />
                  <Text>{JOB_TEXT}</Text>
                </Stack>
              )}
            </Box>
          )}
          {started.refused.length > 0 && (
            <Stack gap="1" data-testid="export-refused">
              <Text fontWeight="medium">
                {started.refused.length} file{started.refused.length === 1 ? ' was' : 's were'} left out (listed in MANIFEST.txt
                inside the ZIP):
              </Text>
              <List.Root ps="5" maxH="48" overflowY="auto">
                {started.refused.map((r) => (
                  <List.Item key={r.file_id}>
                    {r.path}: {r.reason}
                  </List.Item>
                ))}
              </List.Root>
            </Stack>
          )}
          <Stack direction="row" justify="flex-end">
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}
