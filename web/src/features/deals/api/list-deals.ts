import { useQuery } from '@tanstack/react-query';
import { ApiError, api, getToken, isAbortError } from '../../../lib/api/client';
import { dealKeys } from '../../../lib/api/deal';
import type { DealSummary, DealView } from '../types';

export const DEAL_LIST_TIMEOUT_MS = 10_000;

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

/** The deal list; no retry, so a failure shows its message at once (docs/product.md §8). */
export const useDeals = (view: DealView) =>
  useQuery({ queryKey: dealKeys.list(view), queryFn: ({ signal }) => fetchDeals(view, signal), retry: false });
