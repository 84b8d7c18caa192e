import { Badge } from '@chakra-ui/react';

/**
 * The one vocabulary of approval decisions, for files and checklist items on every screen (data room,
 * file page, checklist, item page, review queue): docs/product.md §4 shows pending as 'Pending Review'
 * and review as 'In Review'; any unknown status reads as pending.
 */
export type ApprovalState = 'pending' | 'review' | 'approved' | 'changes_requested';

export const APPROVAL_LABELS: Record<ApprovalState, string> = {
  pending: 'Pending Review',
  review: 'In Review',
  approved: 'Approved',
  changes_requested: 'Changes Requested',
};

export const APPROVAL_PALETTES: Record<ApprovalState, string> = {
  pending: 'gray',
  review: 'blue',
  approved: 'green',
  changes_requested: 'orange',
};

export function approvalState(status: string | null | undefined): ApprovalState {
  return status && status in APPROVAL_LABELS ? (status as ApprovalState) : 'pending';
}

export const approvalLabel = (status: string | null | undefined): string => APPROVAL_LABELS[approvalState(status)];

export function ApprovalBadge({ status, size = 'sm' }: { status: string | null | undefined; size?: 'sm' | 'md' | 'lg' }) {
  const state = approvalState(status);
  return (
    <Badge size={size} variant="surface" colorPalette={APPROVAL_PALETTES[state]} data-approval={state}>
      {APPROVAL_LABELS[state]}
    </Badge>
  );
}
