import { Box, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { TryAgainButton } from '../../../components/load-failed';
import { PageSpinner } from '../../../components/spinners';
import { isExpiredStatus, SourceUnavailableError, useSourceText } from '../api/source-text';
import { CsvTableView } from './csv-table-view';
import { protectProps } from '../protect';

/** A text or CSV document: read from its signed URL, shown as wrapped text or as a table. */
export function TextView({
  url,
  kind,
  protect,
  onExpired,
}: {
  url: string;
  kind: 'text' | 'csv';
  protect: boolean;
  onExpired: () => void;
}) {
  const text = useSourceText(url);
  const expired = text.error instanceof SourceUnavailableError && isExpiredStatus(text.error.status);

  useEffect(() => {
    if (expired) onExpired();
  }, [expired, onExpired]);

  if (text.isError && !expired) {
    return (
      <Stack align="center" gap="3" py="16" textAlign="center">
        <Text fontWeight="medium">This document could not be loaded.</Text>
        <TryAgainButton onRetry={() => text.refetch()} />
      </Stack>
    );
  }
  if (text.data === undefined) return <PageSpinner label="Loading document..." />;

  return (
    <Box h="full" overflow="auto" bg="bg" {...protectProps(protect)} data-testid="text-document">
      {kind === 'csv' ? (
        <CsvTableView text={text.data} />
      ) : (
        <Box
          as="pre"
          m="0"
          p={{ base: '3', md: '6' }}
          textStyle="sm"
          fontFamily="mono"
          whiteSpace="pre-wrap"
          wordBreak="break-word"
        >
          {text.data}
        </Box>
      )}
    </Box>
  );
}
