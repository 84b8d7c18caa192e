/**
 * Changes to a deal's members, one hook per operation (web/src/lib/mutation.ts): each owns its toasts
 * (docs/product.md §8) and refreshes everything people-related; `onDone` is the screen's follow-up
 * (closing a drawer or a confirmation, clearing a selection).
 */
import { errorDetail } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { notify } from '../../../lib/toast';
import { bulkFailureTitle, bulkOperation, bulkResultToast, usersWord, type BulkAction } from '../bulk';
import { useRefreshPeople } from './people-reads';
import type { MemberUpdate } from '../types';
import { bulkUpdateMembers, removeMember, updateDealUser, updateMember } from '.';

export function useBulkUpdateMembers(dealId: string, userIds: string[], onDone: () => void) {
  const refresh = useRefreshPeople(dealId);
  return useApiMutation({
    mutationFn: (action: BulkAction) => bulkUpdateMembers(dealId, userIds, bulkOperation(action)),
    errorMessage: (action) => bulkFailureTitle(action),
    onSuccess: (result, action) => {
      const toast = bulkResultToast(action, result);
      if (toast.type === 'success') notify.success(toast.title, toast.description);
      else notify.error(toast.title, toast.description);
      onDone();
      refresh();
    },
  });
}

/** Removes members one by one, so one refusal does not stop the rest; the toast counts both. */
export function useBulkRemoveMembers(dealId: string, onDone: () => void) {
  const refresh = useRefreshPeople(dealId);
  return useApiMutation({
    mutationFn: async (ids: string[]) => {
      let removed = 0;
      const errors: unknown[] = [];
      for (const id of ids) {
        try {
          await removeMember(dealId, id);
          removed++;
        } catch (caught) {
          errors.push(caught);
        }
      }
      return { removed, errors };
    },
    errorMessage: 'Failed to remove users',
    onSuccess: ({ removed, errors }) => {
      if (errors.length) {
        notify.error(
          'Failed to remove users',
          `${errors.length} of ${removed + errors.length} could not be removed. ${errorDetail(errors[0], '')}`.trim(),
        );
      } else {
        notify.success(removed === 1 ? 'User removed successfully' : `${usersWord(removed)} removed successfully`);
      }
      onDone();
      refresh();
    },
  });
}

export function useRemoveMember(dealId: string, onDone: () => void) {
  const refresh = useRefreshPeople(dealId);
  return useApiMutation({
    mutationFn: (userId: string) => removeMember(dealId, userId),
    successMessage: 'User removed successfully',
    errorMessage: 'Failed to remove user',
    onSuccess: () => {
      onDone();
      refresh();
    },
  });
}

/** The Edit User drawer's save. */
export function useUpdateMember(dealId: string, onDone: () => void) {
  const refresh = useRefreshPeople(dealId);
  return useApiMutation({
    mutationFn: ({ userId, update }: { userId: string; update: MemberUpdate }) => updateMember(dealId, userId, update),
    successMessage: 'User updated successfully',
    errorMessage: 'Failed to update users',
    onSuccess: () => {
      refresh();
      onDone();
    },
  });
}

/** The Manage Users dialog's save: a member's permission set (or the admin role) and company. */
export function useUpdateDealUser(dealId: string, onDone?: () => void) {
  const refresh = useRefreshPeople(dealId);
  return useApiMutation({
    mutationFn: ({ userId, body }: { userId: string; body: Parameters<typeof updateDealUser>[2] }) =>
      updateDealUser(dealId, userId, body),
    successMessage: 'User permissions updated successfully',
    errorMessage: 'Failed to update user permissions',
    onSuccess: () => {
      onDone?.();
      refresh();
    },
  });
}
