import { Badge, HStack } from '@chakra-ui/react';
import type { DealRole } from '../../../lib/api/deal';

const ROLE_COLORS: Record<DealRole, string> = { admin: 'purple', contributor: 'blue', viewer: 'gray' };
const ROLE_LABELS: Record<DealRole, string> = { admin: 'Admin', contributor: 'Contributor', viewer: 'Viewer' };

export function RoleBadges({ role, isOwner }: { role: DealRole; isOwner?: boolean }) {
  return (
    <HStack gap="1.5" flexShrink={0}>
      {isOwner && (
        <Badge colorPalette="orange" variant="subtle" size="sm">
          Owner
        </Badge>
      )}
      <Badge colorPalette={ROLE_COLORS[role] ?? 'gray'} variant="subtle" size="sm" data-testid="role-badge">
        {ROLE_LABELS[role] ?? role}
      </Badge>
    </HStack>
  );
}
