import { Badge } from '@chakra-ui/react';

export function RoleBadge({ role }: { role: string | null | undefined }) {
  if (!role || role === 'member') return null;
  const palette = role === 'admin' ? 'brand' : role === 'contributor' ? 'teal' : 'gray';
  return (
    <Badge size="xs" variant="outline" colorPalette={palette} textTransform="capitalize" flexShrink={0}>
      {role}
    </Badge>
  );
}
