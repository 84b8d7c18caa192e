/**
 * The person's two-step verification status (docs/decisions.md decisions 21 and 22): the verification
 * page and Settings both read it, so it lives below both.
 */
import { useQuery } from '@tanstack/react-query';
import type { MfaStatus } from '@contracts/auth';
import { api } from './client';

export const mfaKeys = {
  factors: ['auth', 'mfa', 'factors'] as const,
  sessions: ['auth', 'sessions'] as const,
};

export const fetchFactors = (signal?: AbortSignal) => api.get<MfaStatus>('/auth/mfa/factors', { signal });

/** The person's authenticators and recovery-code count (the verification page and Settings). */
export const useMfaStatus = (enabled = true) =>
  useQuery({ queryKey: mfaKeys.factors, queryFn: ({ signal }) => fetchFactors(signal), enabled });
