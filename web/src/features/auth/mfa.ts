/**
 * Two-step verification and sessions, as the API serves them (docs/decisions.md decisions 21 and 22):
 * the fetchers Settings uses. The status read is shared from lib/api/mfa-status.ts.
 */
import type { AccountSession, TotpEnrollment } from '@contracts/auth';
import { api } from '../../lib/api/client';

export type { AccountSession, MfaFactor, MfaStatus, TotpEnrollment } from '@contracts/auth';
export { fetchFactors, mfaKeys, useMfaStatus } from '../../lib/api/mfa-status';
export { verifyCode, type VerifiedSession } from './api/verify-code';
export { recoverWithCode } from './api/recover-with-code';

export const startEnrollment = (friendlyName: string) =>
  api.post<TotpEnrollment>('/auth/mfa/enroll', { friendly_name: friendlyName });
export const newRecoveryCodes = () => api.post<{ recovery_codes: string[] }>('/auth/mfa/recovery-codes', {});
export const removeFactor = (factorId: string) => api.delete<{ message: string }>(`/auth/mfa/factors/${factorId}`);

export const fetchSessions = (signal?: AbortSignal) => api.get<{ sessions: AccountSession[] }>('/auth/sessions', { signal });
export const endSession = (sessionId: string) => api.delete<{ message: string }>(`/auth/sessions/${sessionId}`);
export const signOutOthers = () => api.post<{ message: string }>('/auth/logout', { scope: 'others' });
