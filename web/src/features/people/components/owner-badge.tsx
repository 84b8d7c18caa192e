import { Badge } from '@chakra-ui/react';

export function OwnerBadge() {
  return (
    <Badge size="xs" variant="solid" colorPalette="purple" flexShrink={0}>
      Owner
    </Badge>
  );
}
