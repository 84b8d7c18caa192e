import { Box, Button, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
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

/** A screen whose read failed (docs/product.md §2): its empty state with the title, the detail and Try Again. */
export function LoadFailed({
  icon,
  title,
  description,
  onRetry,
  size,
}: {
  icon?: ReactNode;
  title: string;
  description: ReactNode;
  onRetry: () => unknown;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <EmptyState icon={icon} size={size} title={title} description={description} action={<TryAgainButton onRetry={onRetry} />} />
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
