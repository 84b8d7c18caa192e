/**
 * The one HTTP client of the web app (docs/product.md §7).
 *
 * - base `VITE_API_BASE` (default `/api`), JSON in and out, no cookies;
 * - bearer token from localStorage `access_token` when present;
 * - 30 s timeout by default (callers may pass another, e.g. the deal list's 10 s);
 * - a 401 outside the sign-in endpoints first renews the short-lived access token with the stored refresh
 *   token (once, shared by every tab) and repeats the request; when that fails too, the tokens are
 *   cleared and the browser goes to /login (docs/decisions.md decision 21);
 * - a 403 `mfa_required` (a second factor is enrolled but not yet proved) goes to /login/verify;
 * - a request aborted by the caller rejects with an AbortError that callers ignore (see isAbortError);
 * - every other failure is an ApiError carrying the HTTP status and the server's `detail`.
 */

export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api';
export const TOKEN_KEY = 'access_token';
export const REFRESH_KEY = 'refresh_token';
/** Uploads begun and not completed (features/files/transport.ts): their grants go with the session. */
export const UNFINISHED_UPLOADS_KEY = 'unfinished_uploads';
/** Answers of these endpoints are about the credentials sent, not about the stored session. */
const SIGN_IN_PATH = /^\/?auth\/(login|register|magic-link|refresh)\b/;
export const DEFAULT_TIMEOUT_MS = 30_000;

export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'invalid-response';

export class ApiError extends Error {
  readonly status: number;
  readonly detail?: string;
  readonly kind: ApiErrorKind;
  /** The parsed error body (e.g. a 409's `existing_file_id`), when the server sent one. */
  readonly body?: unknown;

  constructor(message: string, options: { status?: number; detail?: string; kind?: ApiErrorKind; body?: unknown } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status ?? 0;
    this.detail = options.detail;
    this.kind = options.kind ?? 'http';
    this.body = options.body;
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException
    ? error.name === 'AbortError'
    : typeof error === 'object' && error !== null && (error as { name?: string }).name === 'AbortError';
}

/** The server's detail when it sent one, else the fallback. */
export function errorDetail(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return fallback;
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function getRefreshToken(): string | null {
  try {
    return localStorage.getItem(REFRESH_KEY);
  } catch {
    return null;
  }
}

/** Stores the access token, and the refresh token when the answer carried one. */
export function setToken(token: string, refreshToken?: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  if (refreshToken) localStorage.setItem(REFRESH_KEY, refreshToken);
}

export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(REFRESH_KEY);
    localStorage.removeItem(UNFINISHED_UPLOADS_KEY);
  } catch {
    /* storage unavailable: nothing to clear */
  }
}

let refreshing: Promise<boolean> | null = null;

/**
 * Renews the tokens after `rejected` was refused; true when a newer access token is stored. One renewal
 * at a time per tab, and across tabs through a Web Lock: a tab that waited finds the other's new token
 * and uses it instead of spending the (already spent) refresh token again, which the server would take
 * for theft and end the session.
 */
export function renewSession(rejected: string | null): Promise<boolean> {
  if (!refreshing) {
    const run = async (): Promise<boolean> => {
      const current = getToken();
      if (current && current !== rejected) return true;
      const refreshToken = getRefreshToken();
      if (!refreshToken) return false;
      try {
        const response = await fetch(buildUrl('/auth/refresh'), {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: JSON.stringify({ refresh_token: refreshToken }),
          credentials: 'omit',
        });
        if (!response.ok) return getToken() !== rejected && getToken() !== null;
        const answer = (await response.json()) as { access_token?: string; refresh_token?: string };
        if (!answer.access_token) return false;
        setToken(answer.access_token, answer.refresh_token);
        return true;
      } catch {
        return false;
      }
    };
    const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
    const task: Promise<boolean> = locks
      ? (locks.request('dataroom-session-refresh', run) as unknown as Promise<boolean>)
      : run();
    refreshing = task.finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

/** Where the browser goes after an unauthorised call. Replaceable in tests. */
export const browser = {
  redirectToLogin(): void {
    if (window.location.pathname.startsWith('/login')) return;
    window.location.assign('/login');
  },
  redirectToVerify(): void {
    if (window.location.pathname.startsWith('/login/verify')) return;
    window.location.assign('/login/verify');
  },
};

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Extra request headers, e.g. If-Match with the version an edit is based on. */
  headers?: Record<string, string>;
  /** Outlives the page (fetch's keepalive): what a closing tab still sends, such as the viewer's last page times. */
  keepalive?: boolean;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  let url = `${API_BASE.replace(/\/$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.set(key, String(value));
    }
    const text = params.toString();
    if (text) url += `${url.includes('?') ? '&' : '?'}${text}`;
  }
  return url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function detailOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'detail' in body) {
    const detail = (body as { detail: unknown }).detail;
    if (typeof detail === 'string') return detail;
    if (Array.isArray(detail)) {
      const first = detail[0] as { msg?: unknown } | undefined;
      if (first && typeof first.msg === 'string') return first.msg;
    }
  }
  return undefined;
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}, renewed = false): Promise<T> {
  const { method = 'GET', body, query, signal, timeoutMs = DEFAULT_TIMEOUT_MS, headers: extraHeaders, keepalive } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  if (signal) {
    if (signal.aborted) controller.abort();
    else signal.addEventListener('abort', onCallerAbort, { once: true });
  }

  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
      credentials: 'omit',
      ...(keepalive ? { keepalive } : {}),
    });
  } catch (error) {
    if (timedOut) {
      throw new ApiError('Request timed out', { kind: 'timeout' });
    }
    if (isAbortError(error) || signal?.aborted) {
      // Aborted by the caller: not an error anyone should report.
      throw new DOMException('The request was aborted', 'AbortError');
    }
    throw new ApiError('Network connection failed', { kind: 'network' });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }

  const data = await readBody(response);
  if (response.ok) return data as T;

  if (response.status === 401 && !SIGN_IN_PATH.test(path)) {
    if (!renewed && !signal?.aborted && (await renewSession(token))) return apiRequest<T>(path, options, true);
    clearToken();
    browser.redirectToLogin();
  }
  if (response.status === 403 && (data as { code?: unknown } | undefined)?.code === 'mfa_required') browser.redirectToVerify();
  const detail = detailOf(data);
  throw new ApiError(detail ?? `Request failed with status ${response.status}`, {
    status: response.status,
    detail,
    body: data,
  });
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
  /**
   * A long-lived text/event-stream (no time-out): the open stream's reader, or an ApiError for an
   * answer that is not one. The bearer token goes in the header, never in the URL.
   */
  async stream(path: string, signal: AbortSignal, renewed = false): Promise<ReadableStreamDefaultReader<Uint8Array>> {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await fetch(buildUrl(path), { headers, signal, credentials: 'omit', cache: 'no-store' });
    } catch (error) {
      if (isAbortError(error) || signal.aborted) throw new DOMException('The request was aborted', 'AbortError');
      throw new ApiError('Network connection failed', { kind: 'network' });
    }
    if (response.ok && response.body && (response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      return response.body.getReader();
    }
    if (response.status === 401 && !renewed && (await renewSession(token))) return api.stream(path, signal, true);
    const data = await readBody(response);
    const detail = detailOf(data);
    throw new ApiError(detail ?? `Request failed with status ${response.status}`, {
      status: response.status,
      detail,
      body: data,
    });
  },
};
