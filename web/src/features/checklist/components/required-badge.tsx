import { Badge } from '@chakra-ui/react';

/** Marks a required item. */
export function RequiredBadge({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge size={size} variant="subtle" colorPalette="red">
      Required
    </Badge>
  );
}
