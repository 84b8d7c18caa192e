import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../lib/api/client';
import { jsonResponse, renderRoutes, stubFetch, testUser } from '../../test/utils';
import { MagicLinkPage } from './magic-link-page';

const PROOF =
  'This link confirms a registration. Enter the password chosen when registering to confirm it. If you did not register, ignore this link.';

const VERIFY = 'POST /api/auth/magic-link/verify';

function stubVerify(answer: (body: { token: string; password?: string }) => Response) {
  return stubFetch(({ key, body }) => (key === VERIFY ? answer(body) : undefined));
}

function open(search: string) {
  return renderRoutes(
    [
      { path: '/login/magic', element: <MagicLinkPage /> },
      { path: '/', element: <p>Deal list</p> },
      { path: '/settings', element: <p>Settings page</p> },
      { path: '/login', element: <p>login page</p> },
    ],
    `/login/magic${search}`,
  );
}

const signedIn = (extra: object = {}) =>
  jsonResponse({ access_token: 'new-token', refresh_token: 'r', user: testUser, ...extra });

describe('MagicLinkPage (docs/decisions.md decision 30)', () => {
  it("asks a registration's confirmation opened elsewhere for the registration's password, then signs in", async () => {
    const calls = stubVerify((body) =>
      body.password === undefined
        ? jsonResponse({ detail: PROOF, code: 'registrant_proof_required' }, 401)
        : body.password === 'mine-1234'
          ? signedIn()
          : jsonResponse({ detail: 'That is not the password chosen when registering.', code: 'registrant_password_wrong' }, 400),
    );
    open('?token=tok-1&kind=confirm');
    expect(await screen.findByTestId('registrant-proof')).toHaveTextContent(PROOF);
    const password = screen.getByLabelText(/Password chosen when registering/);
    fireEvent.change(password, { target: { value: 'a-guess' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Email Address' }));
    expect(await screen.findByText('That is not the password chosen when registering.')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    fireEvent.change(password, { target: { value: 'mine-1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Email Address' }));
    expect(await screen.findByText('Deal list')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('new-token');
    expect(calls.filter((c) => c.key === VERIFY).map((c) => c.body.password)).toEqual([undefined, 'a-guess', 'mine-1234']);
  });

  it('offers a way out to whoever did not register', async () => {
    stubVerify(() => jsonResponse({ detail: PROOF, code: 'registrant_proof_required' }, 401));
    open('?token=tok-2&kind=confirm');
    fireEvent.click(await screen.findByRole('link', { name: /I did not register/ }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('says a password set by someone else was removed and leads to setting one', async () => {
    stubVerify(() =>
      signedIn({
        password_cleared: true,
        message: 'A password had been set on this account before your email address was confirmed.',
      }),
    );
    open('?token=tok-3');
    expect(await screen.findByText('Settings page')).toBeInTheDocument();
    expect(
      await screen.findByText('A password had been set on this account before your email address was confirmed.'),
    ).toBeInTheDocument();
  });
});
