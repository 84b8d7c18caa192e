import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { PROFILE_PATH, type User } from '../../../lib/session';
import { PROFILE_KEY } from './keys';

/** The signed-in person's profile, as Settings reads it. */
export const fetchProfile = (signal?: AbortSignal) => api.get<User>(PROFILE_PATH, { signal });

export const useProfile = () => useQuery({ queryKey: PROFILE_KEY, queryFn: ({ signal }) => fetchProfile(signal) });
