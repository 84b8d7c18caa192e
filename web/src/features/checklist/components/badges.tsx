import { Badge } from '@chakra-ui/react';
import { ApprovalBadge as SharedApprovalBadge } from '../../../components/approval-badge';
import { STATUS_TONES, statusLabel } from '../logic';
import type { ItemApproval, ItemStatus } from '../types';

export function ItemStatusBadge({ status, size = 'md' }: { status: ItemStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge size={size} variant="subtle" colorPalette={STATUS_TONES[status] ?? 'gray'} data-status={status}>
      {statusLabel(status)}
    </Badge>
  );
}

export function ApprovalBadge({ approval, size = 'md' }: { approval: ItemApproval; size?: 'sm' | 'md' | 'lg' }) {
  return <SharedApprovalBadge status={approval} size={size} />;
}

export function RequiredBadge({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge size={size} variant="subtle" colorPalette="red">
      Required
    </Badge>
  );
}
