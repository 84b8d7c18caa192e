import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, browser, TOKEN_KEY } from '../../../lib/api/client';
import { jsonResponse, stubFetch } from '../../../test/utils';
import { defaultPresetValue } from './checklist-presets';
import { DEAL_LIST_MESSAGES, dealListErrorMessage, fetchDeals } from './list-deals';
import { fetchMyInvitations } from './my-invitations';

describe('dealListErrorMessage (docs/product.md §8 Deal list loading)', () => {
  it.each([
    [401, 'Authentication failed. Please log in again.'],
    [403, 'Access denied. Please check your permissions.'],
    [500, 'Server error. Please try again later.'],
    [503, 'Service temporarily unavailable. Please try again.'],
    [404, 'Failed to load deals. Please try again.'],
    [502, 'Failed to load deals. Please try again.'],
  ])('maps HTTP %i', (status, message) => {
    expect(dealListErrorMessage(new ApiError('x', { status }))).toBe(message);
  });

  it('maps a time-out', () => {
    expect(dealListErrorMessage(new ApiError('x', { kind: 'timeout' }))).toBe('Request timed out. Please try again.');
  });

  it('maps a network failure', () => {
    expect(dealListErrorMessage(new ApiError('x', { kind: 'network' }))).toBe(
      'Network connection failed. Please check your internet connection.',
    );
  });

  it('maps anything else', () => {
    expect(dealListErrorMessage(new Error('boom'))).toBe('Failed to load deals. Please try again.');
  });
});

describe('fetchDeals', () => {
  beforeEach(() => {
    vi.spyOn(browser, 'redirectToLogin').mockImplementation(() => {});
  });
  afterEach(() => vi.useRealTimers());

  it('asks for the view and returns the array', async () => {
    localStorage.setItem(TOKEN_KEY, 't');
    const calls = stubFetch(() => [{ id: '1', name: 'A' }], { signedIn: false });
    await expect(fetchDeals('archived')).resolves.toEqual([{ id: '1', name: 'A' }]);
    expect(calls.map((call) => call.url.pathname + call.url.search)).toEqual(['/api/deals?view=archived']);
  });

  it('without a token says authentication is required and sends nothing', async () => {
    const calls = stubFetch(() => undefined, { signedIn: false });
    await expect(fetchDeals('active')).rejects.toThrow(DEAL_LIST_MESSAGES.noAuth);
    expect(DEAL_LIST_MESSAGES.noAuth).toBe('Authentication required. Please log in again.');
    expect(calls).toHaveLength(0);
  });

  it('rejects a response that is not an array', async () => {
    localStorage.setItem(TOKEN_KEY, 't');
    stubFetch(() => jsonResponse({ deals: [] }), { signedIn: false });
    await expect(fetchDeals('active')).rejects.toThrow('Invalid data format received from server');
  });

  it('maps server errors', async () => {
    localStorage.setItem(TOKEN_KEY, 't');
    stubFetch(() => jsonResponse({ detail: 'down' }, 503), { signedIn: false });
    await expect(fetchDeals('active')).rejects.toThrow('Service temporarily unavailable. Please try again.');
  });

  it('times out after 10 seconds', async () => {
    vi.useFakeTimers();
    localStorage.setItem(TOKEN_KEY, 't');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    let settled: unknown = 'pending';
    const request = fetchDeals('active').catch((e: unknown) => (settled = e));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await request;
    expect((settled as Error).message).toBe('Request timed out. Please try again.');
  });
});

describe('presets and invitations', () => {
  it('defaults to the default preset in lower case, else "default"', () => {
    expect(defaultPresetValue([{ id: '1', name: 'Full Acquisition', is_default: true }])).toBe('full acquisition');
    expect(defaultPresetValue([{ id: '1', name: 'Lite', is_default: false }])).toBe('default');
    expect(defaultPresetValue(undefined)).toBe('default');
  });

  it('treats any error of my-invitations as no invitations', async () => {
    localStorage.setItem(TOKEN_KEY, 't');
    stubFetch(() => jsonResponse({ detail: 'Not found' }, 404), { signedIn: false });
    await expect(fetchMyInvitations()).resolves.toEqual([]);
  });

  it('reads a bare array or an {invitations} object', async () => {
    localStorage.setItem(TOKEN_KEY, 't');
    const invitation = { invitation_id: 'i1', deal_name: 'Atlas', is_expired: false };
    stubFetch(() => jsonResponse([invitation]), { signedIn: false });
    await expect(fetchMyInvitations()).resolves.toEqual([invitation]);
    stubFetch(() => jsonResponse({ invitations: [invitation] }), { signedIn: false });
    await expect(fetchMyInvitations()).resolves.toEqual([invitation]);
  });
});
