import { Badge } from '@chakra-ui/react';

const STATUS_PALETTE: Record<string, string> = {
  active: 'green',
  inactive: 'gray',
  suspended: 'red',
  pending: 'yellow',
};

/** A member's status: active, inactive, suspended or pending. */
export function MemberStatusBadge({ status }: { status: string }) {
  return (
    <Badge size="sm" variant="subtle" colorPalette={STATUS_PALETTE[status] ?? 'gray'} textTransform="capitalize">
      {status}
    </Badge>
  );
}
