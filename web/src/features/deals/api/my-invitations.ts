import { useQuery } from '@tanstack/react-query';
import { api, isAbortError } from '../../../lib/api/client';
import type { Invitation } from '../types';
import { dealsKeys } from './keys';

/**
 * GET /invitations/my-invitations. The endpoint may not exist yet and its shape is not pinned: any error
 * means no invitations, and both a bare array and {invitations: [...]} are read.
 */
export async function fetchMyInvitations(signal?: AbortSignal): Promise<Invitation[]> {
  try {
    const data = await api.get<unknown>('/invitations/my-invitations', { signal });
    const list = Array.isArray(data)
      ? data
      : Array.isArray((data as { invitations?: unknown })?.invitations)
        ? (data as { invitations: unknown[] }).invitations
        : [];
    return (list as Array<Invitation & { id?: string }>)
      .map((item) => ({ ...item, invitation_id: item.invitation_id ?? item.id ?? '' }))
      .filter((item) => item.invitation_id && (!item.status || item.status === 'pending' || item.status === 'expired'));
  } catch (error) {
    if (isAbortError(error)) throw error;
    return [];
  }
}

/** The signed-in person's pending invitations (the banner gives up at once; the invitation page retries). */
export const useMyInvitations = (options: { retry?: boolean } = {}) =>
  useQuery({ queryKey: dealsKeys.myInvitations, queryFn: ({ signal }) => fetchMyInvitations(signal), retry: options.retry });
