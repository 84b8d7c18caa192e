import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REFRESH_KEY, TOKEN_KEY } from '../../lib/api/client';
import { jsonResponse, renderRoutes, stubFetch, testUser } from '../../test/utils';
import { RequireAuth } from '../../app/guards';
import { MfaVerifyPage } from './mfa-verify-page';

const enrolled = { ...testUser, mfa_enabled: true, session_aal: 'aal1' };
const verified = { ...enrolled, session_aal: 'aal2' };

function serve(posts: { url: string; body: unknown }[]) {
  stubFetch(
    ({ key, url, body }) => {
      if (key.startsWith('POST ')) posts.push({ url: url.pathname, body });
      if (key === 'POST /api/auth/mfa/verify') {
        return body.code === '123456'
          ? { access_token: 'aal2-token', refresh_token: 'refresh-2', user: verified }
          : jsonResponse({ detail: 'That code is not right, or it was already used.' }, 400);
      }
      if (key === 'POST /api/auth/mfa/recover')
        return { access_token: 'aal2-recovered', refresh_token: 'refresh-3', user: verified };
      if (key === 'POST /api/auth/logout') return { message: 'Logged out successfully' };
      if (key === 'GET /api/auth/mfa/factors') {
        return {
          factors: [
            { id: 'f1', friendly_name: 'Phone', factor_type: 'totp', status: 'verified', created_at: '2026-11-01T00:00:00Z' },
          ],
          session_aal: 'aal1',
          recovery_codes_left: 10,
        };
      }
      return enrolled;
    },
    { signedIn: false },
  );
}

const routes = [
  { path: '/login/verify', element: <MfaVerifyPage /> },
  { path: '/login', element: <p>Sign-in page</p> },
  {
    element: <RequireAuth />,
    children: [
      { path: '/deals/d1', element: <p>Deal d1</p> },
      { path: '/', element: <p>Deals home</p> },
    ],
  },
];

describe('MfaVerifyPage', () => {
  it('a signed-in page sends an account with an unproved factor to the code step, and back after a right code', async () => {
    localStorage.setItem(TOKEN_KEY, 'aal1-token');
    localStorage.setItem(REFRESH_KEY, 'refresh-1');
    const posts: { url: string; body: unknown }[] = [];
    serve(posts);
    renderRoutes(routes, '/deals/d1');
    expect(await screen.findByRole('heading', { name: /Two-step verification/ })).toBeInTheDocument();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();

    const input = screen.getByLabelText('Authentication code');
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code from your authenticator app');
    expect(posts).toHaveLength(0);

    fireEvent.change(input, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right, or it was already used.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Deal d1')).toBeInTheDocument();
    expect(posts.at(-1)).toEqual({ url: '/api/auth/mfa/verify', body: { factor_id: 'f1', code: '123456' } });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('aal2-token');
    expect(localStorage.getItem(REFRESH_KEY)).toBe('refresh-2');
  });

  it('a recovery code works in place of a code', async () => {
    localStorage.setItem(TOKEN_KEY, 'aal1-token');
    const posts: { url: string; body: unknown }[] = [];
    serve(posts);
    renderRoutes(routes, '/login/verify');
    fireEvent.click(await screen.findByRole('button', { name: 'Lost your device? Use a recovery code' }));
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'abcde-fghjk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Deals home')).toBeInTheDocument();
    expect(posts.at(-1)).toEqual({ url: '/api/auth/mfa/recover', body: { code: 'abcde-fghjk' } });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('aal2-recovered');
  });

  it('signing out from the code step ends the session on the server and returns to sign-in', async () => {
    localStorage.setItem(TOKEN_KEY, 'aal1-token');
    const posts: { url: string; body: unknown }[] = [];
    serve(posts);
    renderRoutes(routes, '/login/verify');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    await waitFor(() => expect(posts).toContainEqual({ url: '/api/auth/logout', body: { scope: 'local' } }));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
