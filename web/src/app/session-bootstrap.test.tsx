import { fireEvent, render, screen } from '@testing-library/react';
import { createStore, useAtomValue } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './providers';
import { jsonResponse, testUser } from '../test/utils';
import { api, browser, getToken, TOKEN_KEY } from '../lib/api/client';
import { PROFILE_RETRY_DELAYS_MS, sessionAtom } from '../lib/session';
import { lazyPage, setPreloadRoutes } from '../lib/lazy-page';

function Status() {
  const { status } = useAtomValue(sessionAtom);
  return <p data-testid="status">{status}</p>;
}

/** Answers GET /user/profile with each of `answers` in turn (an Error is a network failure), then the last. */
function profileAnswers(answers: (Response | Error)[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      calls.push(input);
      const next = answers.length > 1 ? answers.shift()! : answers[0];
      if (next instanceof Error) throw new TypeError('Failed to fetch');
      return next.clone();
    }),
  );
  return calls;
}

const realDelays = [...PROFILE_RETRY_DELAYS_MS];
beforeEach(() => {
  PROFILE_RETRY_DELAYS_MS.splice(0, PROFILE_RETRY_DELAYS_MS.length, 10, 10, 10);
  localStorage.setItem(TOKEN_KEY, 'stored-token');
  vi.spyOn(browser, 'redirectToLogin').mockImplementation(() => {});
});
afterEach(() => {
  PROFILE_RETRY_DELAYS_MS.splice(0, PROFILE_RETRY_DELAYS_MS.length, ...realDelays);
});

describe('SessionBootstrap', () => {
  it('keeps the session through a server that cannot be reached for a moment', async () => {
    const calls = profileAnswers([new Error('offline'), jsonResponse({ detail: 'down' }, 503), jsonResponse(testUser)]);
    render(
      <AppProviders>
        <Status />
      </AppProviders>,
    );
    expect(await screen.findByText('authenticated')).toBeInTheDocument();
    expect(calls.filter((url) => url.endsWith('/user/profile'))).toHaveLength(3);
    expect(getToken()).toBe('stored-token');
  });

  it('says the data room cannot be reached after its tries, keeps the token, and Try Again signs in once it answers', async () => {
    const answers: (Response | Error)[] = [new Error('offline')];
    profileAnswers(answers);
    render(
      <AppProviders>
        <Status />
      </AppProviders>,
    );
    expect(await screen.findByText('The data room cannot be reached')).toBeInTheDocument();
    expect(getToken()).toBe('stored-token');
    answers.splice(0, 1, jsonResponse(testUser));
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('authenticated')).toBeInTheDocument();
  });

  it('keeps the session when the answer is cut off as the page unloads', async () => {
    const cutOff = new Response(
      new ReadableStream({
        start: (controller) => controller.error(new TypeError('network error')),
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
    const calls = profileAnswers([cutOff, jsonResponse(testUser)]);
    render(
      <AppProviders>
        <Status />
      </AppProviders>,
    );
    expect(await screen.findByText('authenticated')).toBeInTheDocument();
    expect(calls.filter((url) => url.endsWith('/user/profile'))).toHaveLength(2);
    expect(getToken()).toBe('stored-token');
  });

  it('signs out when the server refuses the token', async () => {
    profileAnswers([jsonResponse({ detail: 'Your session has expired or is invalid. Please sign in again.' }, 401)]);
    render(
      <AppProviders>
        <Status />
      </AppProviders>,
    );
    expect(await screen.findByText('anonymous')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it("settles once the opening page's code has arrived too, so the page renders without suspending", async () => {
    profileAnswers([jsonResponse(testUser)]);
    const profile = vi.spyOn(api, 'get');
    let arrive: (module: { default: () => null }) => void = () => {};
    const Opening = lazyPage(() => new Promise<{ default: () => null }>((resolve) => (arrive = resolve)));
    setPreloadRoutes([{ path: window.location.pathname, element: <Opening /> }]);
    const store = createStore();
    try {
      render(
        <AppProviders store={store}>
          <Status />
        </AppProviders>,
      );
      await vi.waitFor(() => expect(profile).toHaveBeenCalled());
      await profile.mock.results[0].value;
      // A macrotask: whatever follows the profile's answer has run by now.
      await new Promise((r) => setTimeout(r, 0));
      expect(store.get(sessionAtom).status).toBe('loading');
      arrive({ default: () => null });
      expect(await screen.findByText('authenticated')).toBeInTheDocument();
    } finally {
      setPreloadRoutes([]);
    }
  });
});
