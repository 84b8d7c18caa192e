import { Box, Button, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { errorDetail } from '../lib/api/client';
import { EmptyState } from './empty-state';
import { Link as RouterLink } from 'react-router';

/** The Try Again button of a read that failed: reads again. */
export function TryAgainButton({ onRetry }: { onRetry: () => unknown }) {
  return (
    <Button size="sm" variant="outline" onClick={() => onRetry()}>
      Try Again
    </Button>
  );
}

/** What LoadFailed reads of the failed read: its error (for the server's detail) and how to read again. */
interface FailedRead {
  error: unknown;
  refetch: () => unknown;
}

/**
 * A screen whose read failed (docs/product.md §2): its empty state with the title, the server's detail
 * (else `fallback`, or a fixed `description` in its place) and Try Again, which reads again.
 */
export function LoadFailed({
  icon,
  title,
  query,
  fallback = 'Please try again in a moment.',
  description,
  size,
}: {
  icon?: ReactNode;
  title: string;
  query: FailedRead;
  /** Said when the server sent no detail. */
  fallback?: string;
  /** Said whatever the server sent. */
  description?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <EmptyState
      icon={icon}
      size={size}
      title={title}
      description={description ?? errorDetail(query.error, fallback)}
      action={<TryAgainButton onRetry={() => query.refetch()} />}
    />
  );
}

/**
 * A page whose subject could not be read (a deal, a file, a checklist item): its state with Try Again
 * (when a retry can help) and the way back.
 */
export function MissingState({
  icon,
  title,
  description,
  onRetry,
  backTo,
  backLabel,
  py = '12',
}: {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  /** Absent when reading again cannot help (the subject is gone). */
  onRetry?: () => unknown;
  backTo: string;
  backLabel: string;
  py?: string;
}) {
  return (
    <Box py={py}>
      <EmptyState
        icon={icon}
        title={title}
        description={description}
        action={
          <HStack>
            {onRetry && <TryAgainButton onRetry={onRetry} />}
            <Button asChild size="sm" colorPalette="brand">
              <RouterLink to={backTo}>{backLabel}</RouterLink>
            </Button>
          </HStack>
        }
      />
    </Box>
  );
}
