import { errorDetail } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { notify } from '../../../lib/toast';
import { usersWord } from '../bulk';
import { peopleChanged } from './keys';
import { removeMember } from './remove-member';

/**
 * Removes members one by one, so one refusal does not stop the rest; the toast counts both. The refusals are
 * collected, not thrown, so their toast is this hook's, not useApiMutation's error toast.
 */
export function useBulkRemoveMembers(dealId: string, onDone: () => void) {
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
    invalidates: peopleChanged(dealId),
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
    },
  });
}
