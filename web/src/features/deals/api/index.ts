import { ApiError, api, getToken, isAbortError } from '../../../lib/api/client';
import type { Deal } from '../../../lib/api/deal';
import type { ChecklistPreset, DashboardStats, DealSummary, DealView, Invitation } from '../types';

export const DEAL_LIST_TIMEOUT_MS = 10_000;
/** The signed-in person's pending invitations (the deal list's banner and the invitation page). */
export const MY_INVITATIONS_KEY = ['invitations', 'mine'] as const;

/** Deal list loading errors, docs/product.md §8. */
export const DEAL_LIST_MESSAGES = {
  noAuth: 'Authentication required. Please log in again.',
  invalidFormat: 'Invalid data format received from server',
  timeout: 'Request timed out. Please try again.',
  unauthorized: 'Authentication failed. Please log in again.',
  forbidden: 'Access denied. Please check your permissions.',
  serverError: 'Server error. Please try again later.',
  unavailable: 'Service temporarily unavailable. Please try again.',
  network: 'Network connection failed. Please check your internet connection.',
  fallback: 'Failed to load deals. Please try again.',
} as const;

export class DealListError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DealListError';
  }
}

export function dealListErrorMessage(error: unknown): string {
  if (error instanceof DealListError) return error.message;
  if (error instanceof ApiError) {
    if (error.kind === 'timeout') return DEAL_LIST_MESSAGES.timeout;
    if (error.kind === 'network') return DEAL_LIST_MESSAGES.network;
    if (error.kind === 'invalid-response') return DEAL_LIST_MESSAGES.invalidFormat;
    switch (error.status) {
      case 401:
        return DEAL_LIST_MESSAGES.unauthorized;
      case 403:
        return DEAL_LIST_MESSAGES.forbidden;
      case 500:
        return DEAL_LIST_MESSAGES.serverError;
      case 503:
        return DEAL_LIST_MESSAGES.unavailable;
    }
  }
  return DEAL_LIST_MESSAGES.fallback;
}

/** GET /deals?view=…, with the deal list's 10 s timeout and its error texts. */
export async function fetchDeals(view: DealView, signal?: AbortSignal): Promise<DealSummary[]> {
  if (!getToken()) throw new DealListError(DEAL_LIST_MESSAGES.noAuth);
  let data: unknown;
  try {
    data = await api.get<unknown>('/deals', { query: { view }, signal, timeoutMs: DEAL_LIST_TIMEOUT_MS });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new DealListError(dealListErrorMessage(error));
  }
  if (!Array.isArray(data)) throw new DealListError(DEAL_LIST_MESSAGES.invalidFormat);
  return data as DealSummary[];
}

export interface DealInput {
  name: string;
  description: string;
  /** Edit Deal only: require two-step verification of everyone in the deal. */
  require_mfa?: boolean;
}

/** Deals the caller belongs to that ask for a second factor this session has not proved. */
export const fetchDealsRequiringVerification = (signal?: AbortSignal) =>
  api.get<{ id: string; name: string }[]>('/deals/requiring-verification', { signal });

export const createDeal = (input: DealInput & { checklist_preset: string }) => api.post<Deal>('/deals', input);

export const updateDeal = (dealId: string, input: DealInput) => api.put<Deal>(`/deals/${encodeURIComponent(dealId)}`, input);

export const archiveDeal = (dealId: string) => api.put<Deal>(`/deals/${encodeURIComponent(dealId)}/archive`);

export async function fetchPresets(signal?: AbortSignal): Promise<ChecklistPreset[]> {
  const data = await api.get<{ presets?: ChecklistPreset[] }>('/checklist-catalog/presets', {
    query: { active_only: true, page: 1, page_size: 100 },
    signal,
  });
  return Array.isArray(data?.presets) ? data.presets : [];
}

/** docs/product.md §9: the default preset's name in lower case once presets load, else 'default'. */
export function defaultPresetValue(presets: ChecklistPreset[] | undefined): string {
  const preset = presets?.find((p) => p.is_default);
  return preset ? preset.name.toLowerCase() : 'default';
}

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

export const acceptInvitation = (invitationId: string) =>
  api.post<{ deal_id?: string; message?: string } | undefined>(`/invitations/${encodeURIComponent(invitationId)}/accept`);

export const declineInvitation = (invitationId: string) =>
  api.post<unknown>(`/invitations/${encodeURIComponent(invitationId)}/decline`);

export const fetchDashboardStats = (dealId: string, signal?: AbortSignal) =>
  api.get<DashboardStats>(`/deals/${encodeURIComponent(dealId)}/dashboard/stats`, { signal });
