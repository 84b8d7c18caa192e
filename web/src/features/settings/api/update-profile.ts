import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { PROFILE_PATH, useSession, type User } from '../../../lib/session';
import { PROFILE_KEY } from './keys';

export interface ProfileUpdate {
  first_name: string;
  last_name: string;
  title: string;
  preferred_color: string;
}

export const updateProfile = (input: ProfileUpdate) => api.put<User>(PROFILE_PATH, input);

/** Settings → Profile's save: the session's user and the cached profile take the saved one. */
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
