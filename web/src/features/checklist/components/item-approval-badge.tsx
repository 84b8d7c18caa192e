import { ApprovalBadge as SharedApprovalBadge } from '../../../components/approval-badge';
import type { ItemApproval } from '../types';

/** An item's approval, in the app's shared approval badge. */
export function ItemApprovalBadge({ approval, size = 'md' }: { approval: ItemApproval; size?: 'sm' | 'md' | 'lg' }) {
  return <SharedApprovalBadge status={approval} size={size} />;
}
