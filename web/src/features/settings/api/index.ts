import { api } from '../../../lib/api/client';
import { PROFILE_PATH, type User } from '../../../lib/session';

export interface ProfileUpdate {
  first_name: string;
  last_name: string;
  title: string;
  preferred_color: string;
}

/** The signed-in person's profile, as Settings reads it. */
export const PROFILE_KEY = ['profile'] as const;
export const fetchProfile = (signal?: AbortSignal) => api.get<User>(PROFILE_PATH, { signal });
export const updateProfile = (input: ProfileUpdate) => api.put<User>(PROFILE_PATH, input);

export interface PasswordChange {
  /** Left out by an account without a usable password (docs/decisions.md decision 30). */
  current_password?: string;
  new_password: string;
}

/** Changes the password; the answer carries a fresh token for this session (every other one ends). */
export const changePassword = (input: PasswordChange) =>
  api.put<{ access_token: string; refresh_token: string; message: string; user?: User }>('/user/password', input);

/** Ends every session of the account, this one included. */
export const signOutEverywhere = () => api.post<{ message: string }>('/auth/logout', { scope: 'global' });
