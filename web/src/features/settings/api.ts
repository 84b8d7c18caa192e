import { api } from '../../lib/api';
import { PROFILE_PATH, type User } from '../../lib/session';

export interface ProfileUpdate {
  first_name: string;
  last_name: string;
  title: string;
  preferred_color: string;
}

export const fetchProfile = (signal?: AbortSignal) => api.get<User>(PROFILE_PATH, { signal });
export const updateProfile = (input: ProfileUpdate) => api.put<User>(PROFILE_PATH, input);
