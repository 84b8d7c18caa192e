import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/utils';
import { ApiError, api, browser, isAbortError, TOKEN_KEY } from './api';

/** A fetch that only settles when its signal aborts, like a server that never answers. */
function hangingFetch() {
  return vi.fn((_url: string, init?: RequestInit) => {
    return new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  });
}

describe('api client', () => {
  let redirect: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    redirect = vi.spyOn(browser, 'redirectToLogin').mockImplementation(() => {});
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls the API base with the bearer token and JSON body', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok-123');
    const fetchMock = vi.fn(async () => jsonResponse({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(api.post('/deals', { name: 'X' })).resolves.toEqual({ ok: true });

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/deals');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
    expect(init.body).toBe(JSON.stringify({ name: 'X' }));
    expect(init.credentials).toBe('omit');
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = vi.fn(async () => jsonResponse([]));
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/deals', { query: { view: 'active' } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/deals?view=active');
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('on a 401 outside /auth/ clears the token and goes to /login', async () => {
    localStorage.setItem(TOKEN_KEY, 'expired');
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ detail: 'Token expired' }, 401)));

    const error = await api.get('/user/profile').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).detail).toBe('Token expired');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it('on a 401 from an /auth/ path keeps the token and stays', async () => {
    localStorage.setItem(TOKEN_KEY, 'still-here');
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ detail: 'Invalid email or password' }, 401)));

    const error = (await api.post('/auth/login', { email: 'a@b.c', password: 'x' }).catch((e: unknown) => e)) as ApiError;

    expect(error.status).toBe(401);
    expect(error.detail).toBe('Invalid email or password');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('still-here');
    expect(redirect).not.toHaveBeenCalled();
  });

  it('does not sign out on other errors and carries the server detail', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ detail: 'Only deal admins can archive the deal.' }, 403)));

    const error = (await api.put('/deals/1/archive').catch((e: unknown) => e)) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(403);
    expect(error.detail).toBe('Only deal admins can archive the deal.');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok');
    expect(redirect).not.toHaveBeenCalled();
  });

  it('times out after 30 seconds by default', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', hangingFetch());
    let settled: unknown = 'pending';
    const request = api.get('/deals/1').catch((e: unknown) => (settled = e));

    await vi.advanceTimersByTimeAsync(29_999);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await request;

    expect(settled).toBeInstanceOf(ApiError);
    expect((settled as ApiError).kind).toBe('timeout');
    expect(redirect).not.toHaveBeenCalled();
  });

  it('honours a shorter timeout', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', hangingFetch());
    let settled: unknown = 'pending';
    const request = api.get('/deals', { timeoutMs: 10_000 }).catch((e: unknown) => (settled = e));

    await vi.advanceTimersByTimeAsync(10_000);
    await request;

    expect((settled as ApiError).kind).toBe('timeout');
  });

  it('rejects a request aborted by the caller with an AbortError, not an ApiError', async () => {
    vi.stubGlobal('fetch', hangingFetch());
    const controller = new AbortController();
    const request = api.get('/deals', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await request;

    expect(error).not.toBeInstanceOf(ApiError);
    expect(isAbortError(error)).toBe(true);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('reports a network failure as such', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = (await api.get('/deals').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('network');
  });
});
