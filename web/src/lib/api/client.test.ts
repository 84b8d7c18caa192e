import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/utils';
import { ApiError, api, browser, isAbortError, REFRESH_KEY, TOKEN_KEY } from './client';

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
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ detail: 'Token expired' }, 401)),
    );

    const error = await api.get('/user/profile').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).detail).toBe('Token expired');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it('on a 401 with a refresh token renews the session once and repeats the request', async () => {
    localStorage.setItem(TOKEN_KEY, 'expired-access');
    localStorage.setItem(REFRESH_KEY, 'refresh-1');
    const calls: { url: string; auth?: string; body?: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const auth = (init?.headers as Record<string, string> | undefined)?.Authorization;
        calls.push({ url, auth, body: init?.body as string | undefined });
        if (url === '/api/auth/refresh') return jsonResponse({ access_token: 'fresh-access', refresh_token: 'refresh-2' });
        return auth === 'Bearer fresh-access' ? jsonResponse({ id: 'u1' }) : jsonResponse({ detail: 'Token expired' }, 401);
      }),
    );

    await expect(api.get('/user/profile')).resolves.toEqual({ id: 'u1' });

    expect(calls.map((c) => c.url)).toEqual(['/api/user/profile', '/api/auth/refresh', '/api/user/profile']);
    expect(calls[1].body).toBe(JSON.stringify({ refresh_token: 'refresh-1' }));
    expect(localStorage.getItem(TOKEN_KEY)).toBe('fresh-access');
    expect(localStorage.getItem(REFRESH_KEY)).toBe('refresh-2');
    expect(redirect).not.toHaveBeenCalled();
  });

  it('two requests refused at once share one renewal (a spent refresh token is never sent twice)', async () => {
    localStorage.setItem(TOKEN_KEY, 'expired-access');
    localStorage.setItem(REFRESH_KEY, 'refresh-1');
    let refreshes = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/auth/refresh') {
          refreshes += 1;
          return jsonResponse({ access_token: 'fresh-access', refresh_token: 'refresh-2' });
        }
        const auth = (init?.headers as Record<string, string>).Authorization;
        return auth === 'Bearer fresh-access' ? jsonResponse({ ok: url }) : jsonResponse({ detail: 'Token expired' }, 401);
      }),
    );

    await Promise.all([api.get('/deals'), api.get('/user/profile')]);
    expect(refreshes).toBe(1);
  });

  it('when the renewal is refused too, clears both tokens and goes to /login', async () => {
    localStorage.setItem(TOKEN_KEY, 'expired-access');
    localStorage.setItem(REFRESH_KEY, 'reused');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/auth/refresh'
          ? jsonResponse({ detail: 'This session was ended', code: 'refresh_reused' }, 401)
          : jsonResponse({ detail: 'Token expired' }, 401),
      ),
    );

    const error = (await api.get('/deals').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_KEY)).toBeNull();
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it('a 403 asking for the second factor goes to the code step', async () => {
    localStorage.setItem(TOKEN_KEY, 'aal1');
    const verify = vi.spyOn(browser, 'redirectToVerify').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ detail: 'Enter the code', code: 'mfa_required' }, 403)),
    );
    await api.get('/deals').catch(() => undefined);
    expect(verify).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('aal1');
  });

  it('on a 401 from an /auth/ path keeps the token and stays', async () => {
    localStorage.setItem(TOKEN_KEY, 'still-here');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ detail: 'Invalid email or password' }, 401)),
    );

    const error = (await api.post('/auth/login', { email: 'a@b.c', password: 'x' }).catch((e: unknown) => e)) as ApiError;

    expect(error.status).toBe(401);
    expect(error.detail).toBe('Invalid email or password');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('still-here');
    expect(redirect).not.toHaveBeenCalled();
  });

  it('does not sign out on other errors and carries the server detail', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ detail: 'Only deal admins can archive the deal.' }, 403)),
    );

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
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = (await api.get('/deals').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('network');
  });
});
