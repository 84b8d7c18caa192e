import { Alert, Box, Button } from '@chakra-ui/react';
import { RefreshCw } from 'lucide-react';
import { errorDetail } from '../../../lib/api/client';

/** A list that failed to load: the docs/product.md §8 title, the server's detail, and Try Again. */
export function LoadError({
  title,
  error,
  retrying,
  onRetry,
}: {
  title: string;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Box p="4">
      <Alert.Root status="error" borderRadius="lg">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>{errorDetail(error, 'Please try again in a moment.')}</Alert.Description>
        </Alert.Content>
        <Button size="xs" variant="outline" onClick={onRetry} loading={retrying}>
          <RefreshCw size={14} /> Try Again
        </Button>
      </Alert.Root>
    </Box>
  );
}

/** A small part of a dialog (a picker, a preset's items) that failed to load: the title and Try Again, on one line. */
export function SmallLoadError({ title, onRetry }: { title: string; onRetry: () => unknown }) {
  return (
    <Alert.Root status="error" size="sm">
      <Alert.Indicator />
      <Alert.Title>{title}</Alert.Title>
      <Button size="xs" variant="outline" ms="auto" onClick={() => onRetry()}>
        Try Again
      </Button>
    </Alert.Root>
  );
}
