import { Progress as ChakraProgress } from '@chakra-ui/react';
import { progressColor, progressPercent, type Progress } from '../lib/progress';

/** A checklist progress bar coloured per docs/product.md §9. */
export function ProgressBar({
  progress,
  size = 'sm',
  label,
}: {
  progress: Progress;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  label?: string;
}) {
  const color = progressColor(progress);
  return (
    <ChakraProgress.Root
      value={progressPercent(progress)}
      colorPalette={color}
      size={size}
      data-color={color}
      aria-label={label ?? `${progress.completed} of ${progress.total} completed`}
    >
      <ChakraProgress.Track bg={color === 'gray' ? 'gray.200' : undefined} borderRadius="full">
        <ChakraProgress.Range borderRadius="full" bg={color === 'yellow' ? 'yellow.400' : undefined} />
      </ChakraProgress.Track>
    </ChakraProgress.Root>
  );
}
