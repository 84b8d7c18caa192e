import { useQuery } from '@tanstack/react-query';
import type { AccountSession } from '@contracts/auth';
import { api } from '../../../lib/api/client';
import { mfaKeys } from '../../../lib/api/mfa-status';

export const fetchSessions = (signal?: AbortSignal) => api.get<{ sessions: AccountSession[] }>('/auth/sessions', { signal });

/** The account's signed-in sessions (docs/decisions.md decision 22). */
export const useAccountSessions = () =>
  useQuery({ queryKey: mfaKeys.sessions, queryFn: ({ signal }) => fetchSessions(signal), select: (answer) => answer.sessions });
