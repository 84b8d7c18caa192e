import { Badge } from '@chakra-ui/react';
import { STATUS_TONES, statusLabel } from '../logic';
import type { ItemStatus } from '../types';

/** An item's status (In Progress, Provided, Not Applicable). */
export function ItemStatusBadge({ status, size = 'md' }: { status: ItemStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge size={size} variant="subtle" colorPalette={STATUS_TONES[status] ?? 'gray'} data-status={status}>
      {statusLabel(status)}
    </Badge>
  );
}
