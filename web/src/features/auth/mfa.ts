/**
 * Two-step verification and sessions, as the API serves them (docs/decisions.md decisions 21 and 22).
 * One fetcher per endpoint; the screens compose them with React Query.
 */
import { useQuery } from '@tanstack/react-query';
import type { AccountSession, MfaStatus, TotpEnrollment } from '@contracts/auth';
import { api } from '../../lib/api/client';
import type { User } from '../../lib/session';

export type { AccountSession, MfaFactor, MfaStatus, TotpEnrollment } from '@contracts/auth';

export interface VerifiedSession {
  access_token: string;
  refresh_token: string;
  user: User;
  /** Only when the first authenticator was just enrolled: shown once, never again. */
  recovery_codes?: string[];
}

export const mfaKeys = {
  factors: ['auth', 'mfa', 'factors'] as const,
  sessions: ['auth', 'sessions'] as const,
};

export const fetchFactors = (signal?: AbortSignal) => api.get<MfaStatus>('/auth/mfa/factors', { signal });

/** The person's authenticators and recovery-code count (the verification page and Settings). */
export const useMfaStatus = (enabled = true) =>
  useQuery({ queryKey: mfaKeys.factors, queryFn: ({ signal }) => fetchFactors(signal), enabled });
export const startEnrollment = (friendlyName: string) =>
  api.post<TotpEnrollment>('/auth/mfa/enroll', { friendly_name: friendlyName });
export const verifyCode = (factorId: string, code: string) =>
  api.post<VerifiedSession>('/auth/mfa/verify', { factor_id: factorId, code });
export const recoverWithCode = (code: string) =>
  api.post<VerifiedSession | { message: string; factors_removed: true }>('/auth/mfa/recover', { code });
export const newRecoveryCodes = () => api.post<{ recovery_codes: string[] }>('/auth/mfa/recovery-codes', {});
export const removeFactor = (factorId: string) => api.delete<{ message: string }>(`/auth/mfa/factors/${factorId}`);

export const fetchSessions = (signal?: AbortSignal) => api.get<{ sessions: AccountSession[] }>('/auth/sessions', { signal });
export const endSession = (sessionId: string) => api.delete<{ message: string }>(`/auth/sessions/${sessionId}`);
export const signOutOthers = () => api.post<{ message: string }>('/auth/logout', { scope: 'others' });
