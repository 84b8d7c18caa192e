import type { EnhancedUser } from './types';

/** The one change a bulk update carries (docs/product.md §7: exactly one of these). */
export type BulkOperation =
  | { permission_set_id: string }
  | { add_group_ids: string[] }
  | { remove_group_ids: string[] }
  | { add_tag_ids: string[] }
  | { remove_tag_ids: string[] };

export type BulkAction =
  | { kind: 'set-permission-set'; id: string }
  | { kind: 'add-group'; id: string }
  | { kind: 'remove-group'; id: string }
  | { kind: 'add-tag'; id: string }
  | { kind: 'remove-tag'; id: string };

export function bulkOperation(action: BulkAction): BulkOperation {
  switch (action.kind) {
    case 'set-permission-set':
      return { permission_set_id: action.id };
    case 'add-group':
      return { add_group_ids: [action.id] };
    case 'remove-group':
      return { remove_group_ids: [action.id] };
    case 'add-tag':
      return { add_tag_ids: [action.id] };
    case 'remove-tag':
      return { remove_tag_ids: [action.id] };
  }
}

/** The owner cannot be edited, removed or bulk-selected (docs/product.md §6). */
export const isSelectable = (user: Pick<EnhancedUser, 'is_owner'>, canManage: boolean) => canManage && !user.is_owner;

/** Failure toast of each bulk action (docs/product.md §8). */
export function bulkFailureTitle(action: BulkAction): string {
  if (action.kind === 'add-group' || action.kind === 'remove-group') return 'Failed to update groups';
  if (action.kind === 'add-tag' || action.kind === 'remove-tag') return 'Failed to update tags';
  return 'Failed to update users';
}

export const usersWord = (count: number) => `${count} user${count === 1 ? '' : 's'}`;

/** The toast after a bulk update answered {success_count, failed_count, failed}. */
export function bulkResultToast(
  action: BulkAction,
  result: { success_count: number; failed_count: number; failed?: { reason: string }[] },
): { type: 'success' | 'error'; title: string; description?: string } {
  if (result.failed_count > 0) {
    const reasons = [...new Set((result.failed ?? []).map((entry) => entry.reason).filter(Boolean))];
    const parts = [result.success_count > 0 ? `${usersWord(result.success_count)} updated` : bulkFailureTitle(action)];
    if (reasons.length) parts.push(reasons.slice(0, 2).join('; '));
    return {
      type: 'error',
      title: `${result.failed_count} item${result.failed_count === 1 ? '' : 's'} failed to update`,
      description: parts.join('. '),
    };
  }
  return {
    type: 'success',
    title: result.success_count === 1 ? 'User updated successfully' : `${usersWord(result.success_count)} updated successfully`,
  };
}
