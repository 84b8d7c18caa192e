import { Box, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { Download, FileX } from 'lucide-react';
import type { ViewerSource } from '../api/viewer-source';

export const PREPARING_TEXT = 'Preparing a preview of this document…';
export const NO_PREVIEW_TEXT = 'Preview is not available for this file type.';

/** What the viewer shows of a file it cannot render: a preview on its way, or why there is none. */
export function PreviewState({
  source,
  downloading,
  onDownload,
}: {
  source: ViewerSource;
  downloading: boolean;
  onDownload: () => void;
}) {
  const status = source.conversion?.status;
  if (status === 'queued' || status === 'processing') {
    return (
      <Stack align="center" gap="3" py="20" px="4" role="status" aria-live="polite" textAlign="center">
        <Spinner size="lg" color="brand.solid" borderWidth="3px" />
        <Text color="fg.muted">{PREPARING_TEXT}</Text>
      </Stack>
    );
  }
  const message =
    (status === 'failed' || status === 'unavailable') && source.conversion?.detail ? source.conversion.detail : NO_PREVIEW_TEXT;
  return (
    <Stack align="center" gap="3" py="20" px="4" textAlign="center" data-testid="no-preview">
      <Box color="fg.subtle">
        <FileX size={36} />
      </Box>
      <Text fontWeight="medium">{message}</Text>
      {source.can_download && (
        <Button size="sm" colorPalette="brand" loading={downloading} onClick={onDownload}>
          <Download /> Download
        </Button>
      )}
    </Stack>
  );
}
