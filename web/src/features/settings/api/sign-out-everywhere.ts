import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { useSession } from '../../../lib/session';

/** Ends every session of the account, this one included. */
export const signOutEverywhere = () => api.post<{ message: string }>('/auth/logout', { scope: 'global' });

/** Sign out everywhere, this browser included. */
export function useSignOutEverywhere(onDone: () => void) {
  const { signOut } = useSession();
  return useApiMutation<unknown, void>({
    mutationFn: () => signOutEverywhere(),
    successMessage: 'Logged out successfully',
    errorMessage: 'Failed to sign out everywhere',
    onSuccess: () => {
      signOut();
      onDone();
    },
  });
}
