/** Settings → Profile: its read, and its save (web/src/lib/mutation.ts), after which the session's user and the cached profile take the saved one. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '../../../lib/mutation';
import { useSession } from '../../../lib/session';
import { fetchProfile, PROFILE_KEY, updateProfile, type ProfileUpdate } from '.';

export const useProfile = () => useQuery({ queryKey: PROFILE_KEY, queryFn: ({ signal }) => fetchProfile(signal) });

export function useUpdateProfile(onDone: () => void) {
  const queryClient = useQueryClient();
  const { updateUser } = useSession();
  return useApiMutation({
    mutationFn: (input: ProfileUpdate) => updateProfile(input),
    successMessage: 'Profile updated successfully',
    errorMessage: 'Failed to update profile',
    onSuccess: (user) => {
      queryClient.setQueryData(PROFILE_KEY, user);
      updateUser(user);
      onDone();
    },
  });
}
