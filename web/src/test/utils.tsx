import { render } from '@testing-library/react';
import { createStore } from 'jotai';
import type { ReactElement } from 'react';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useRoutes,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query';

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Where a test's router stands, and how the test moves it, as the app's own components see them. */
export interface TestRouter {
  state: { location: Location };
  navigate: NavigateFunction;
}

/** Renders routes inside the real providers (Chakra, Query, jotai, session) and the app's kind of router, at a path. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = { state: {}, navigate: () => undefined } as unknown as TestRouter;
  function Probe() {
    router.state = { location: useLocation() };
    router.navigate = useNavigate();
    return null;
  }
  function Routes() {
    return useRoutes(routes);
  }
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const utils = render(
    <AppProviders queryClient={queryClient} store={createStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Probe />
        <Routes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...utils, router };
}

export function renderPage(element: ReactElement, path = '/') {
  return renderRoutes([{ path: '*', element }], path);
}

export const testUser = {
  id: 'u1',
  email: 'jane@example.com',
  first_name: 'Jane',
  last_name: 'Doe',
  title: 'Partner',
  preferred_color: '#3B82F6',
  is_super_admin: false,
  created_at: '2025-01-02T10:00:00Z',
};

/**
 * Whether a checkbox or switch is on as the component holds it. The hidden input of an Ark (Chakra)
 * checkbox or switch flips natively on a click, before the change has reached React's state (a submit
 * then still sent the old value); its root's `data-state` follows that state. A plain input answers
 * its `checked`.
 */
export function isChecked(input: HTMLElement): boolean {
  const root = input.closest('[data-scope="checkbox"][data-part="root"], [data-scope="switch"][data-part="root"]');
  return root ? root.getAttribute('data-state') === 'checked' : (input as HTMLInputElement).checked;
}

/** One request the fake API received: `METHOD /path`, its URL, and its JSON body when it sent one. */
export interface ApiCall {
  key: string;
  url: URL;
  body: any;
  /** The request's options as sent (keepalive, headers…). */
  init?: RequestInit;
}

/**
 * The one fake fetch of the web tests: records every request, answers the profile with testUser (unless
 * signedIn is false), then asks `answer`: a Response is sent as is, undefined is a 404, anything else JSON.
 */
export function stubFetch(answer: (call: ApiCall, init?: RequestInit) => unknown, { signedIn = true } = {}) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { key: `${init?.method ?? 'GET'} ${url.pathname}`, url, body, init };
    calls.push(call);
    if (signedIn && call.key === 'GET /api/user/profile') return jsonResponse(testUser);
    const reply = await answer(call, init);
    if (reply === undefined) return jsonResponse({ detail: 'Not found' }, 404);
    return reply instanceof Response ? reply : jsonResponse(reply);
  });
  vi.stubGlobal('fetch', fetchMock);
  return Object.assign(calls, { fetchMock });
}

export type RouteHandler = (url: URL, init?: RequestInit) => Response | Promise<Response>;

/** stubFetch with a table of `METHOD /api/path` answers: a handler, or a body sent as JSON. */
export function stubApi(routes: Record<string, RouteHandler | unknown>, options?: { signedIn?: boolean }) {
  return stubFetch(({ key, url }, init) => {
    const route = routes[key];
    return typeof route === 'function' ? (route as RouteHandler)(url, init) : route;
  }, options);
}
