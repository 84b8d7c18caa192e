import { Badge } from '@chakra-ui/react';

/** A catalog item or preset: Active or Inactive. */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge size="sm" variant="subtle" colorPalette={active ? 'green' : 'gray'}>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}
