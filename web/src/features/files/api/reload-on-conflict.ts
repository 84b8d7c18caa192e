import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api/client';
import { fileKeys } from './keys';

/**
 * An edit refused with 412 (its If-Match is stale: the file was changed by someone else meanwhile, and
 * the server's detail says so and by whom) reloads the file so the page shows their version. The one
 * refresh outside a mutation's `invalidates`: those only run on success.
 */
export function useReloadOnConflict(dealId: string, fileId: string) {
  const queryClient = useQueryClient();
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 412) {
      void queryClient.refetchQueries({ queryKey: fileKeys.detail(dealId, fileId) });
    }
  };
}
