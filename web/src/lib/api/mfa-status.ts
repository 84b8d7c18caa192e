/**
 * The person's two-step verification status (docs/decisions.md decisions 21 and 22): the verification
 * page and Settings both read it, so it lives below both.
 */
import { useQuery } from '@tanstack/react-query';
import type { MfaStatus } from '@contracts/auth';
import type { User } from '../session';
import { api } from './client';

export const mfaKeys = {
  factors: ['auth', 'mfa', 'factors'] as const,
  sessions: ['auth', 'sessions'] as const,
};

export const fetchFactors = (signal?: AbortSignal) => api.get<MfaStatus>('/auth/mfa/factors', { signal });

/** The person's authenticators and recovery-code count (the verification page and Settings). */
export const useMfaStatus = (enabled = true) =>
  useQuery({ queryKey: mfaKeys.factors, queryFn: ({ signal }) => fetchFactors(signal), enabled });

/** The answer to a code from an authenticator: the session is now verified. */
export interface VerifiedSession {
  access_token: string;
  refresh_token: string;
  user: User;
  /** Only when the first authenticator was just enrolled: shown once, never again. */
  recovery_codes?: string[];
}

/** A code from the authenticator: the code step of signing in, and the first code of an enrollment in Settings. */
export const verifyCode = (factorId: string, code: string) =>
  api.post<VerifiedSession>('/auth/mfa/verify', { factor_id: factorId, code });
