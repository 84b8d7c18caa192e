// Approval decisions: the one shared badge (web/src/components/approval-badge.tsx).
export { ApprovalBadge, approvalLabel } from '../../../components/approval-badge';
