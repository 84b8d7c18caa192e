import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { PageSpinner } from '../../../components/spinners';
import { isExpiredStatus } from '../api/source-text';
import { failedStatus } from './load-pdf';
import { PdfReader, type PdfReaderProps } from './pdf-reader';
import { usePdfDocument } from './use-pdf-document';

/** Opens the PDF behind a signed URL and reads it; an expired URL asks for a fresh one. */
export function PdfViewer({ url, ...reader }: Omit<PdfReaderProps, 'doc' | 'firstPage'> & { url: string }) {
  const { doc, firstPage, error } = usePdfDocument(url);
  const status = error ? failedStatus(error) : null;
  const expired = status !== null && isExpiredStatus(status);
  const { onExpired } = reader;

  useEffect(() => {
    if (expired) onExpired();
  }, [expired, onExpired]);

  if (error && !expired) {
    return (
      <Stack align="center" gap="3" py="16" px="4" textAlign="center">
        <Text fontWeight="medium">This document could not be opened.</Text>
        <Text textStyle="sm" color="fg.muted">
          The file may be damaged or not a PDF.
        </Text>
        <Button size="sm" variant="outline" onClick={onExpired}>
          Try Again
        </Button>
      </Stack>
    );
  }
  if (!doc || !firstPage) {
    return (
      <Box h="full">
        <PageSpinner label="Loading document..." />
      </Box>
    );
  }
  return <PdfReader doc={doc} firstPage={firstPage} {...reader} />;
}
