import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../lib/api/client';
import { jsonResponse, renderRoutes, stubFetch, testUser } from '../../test/utils';
import { newPasswordProblem, SecurityBody } from './components/security-card';

/** The profile is `profile`; the rest answer from `routes`, given the request's body. */
function fakeApi(routes: Record<string, (body: any) => Response>, profile: object = testUser) {
  return stubFetch(({ key, body }) => (key === 'GET /api/user/profile' ? profile : routes[key]?.(body)), { signedIn: false });
}

function show() {
  localStorage.setItem(TOKEN_KEY, 'old-token');
  return renderRoutes(
    [
      { path: '/settings', element: <SecurityBody /> },
      { path: '/login', element: <p>login page</p> },
    ],
    '/settings',
  );
}

describe('Settings → Security', () => {
  it('checks the new password before sending it', () => {
    expect(newPasswordProblem('', 'abcdef', 'abcdef')).toBe('Please enter your current password');
    expect(newPasswordProblem('old', 'abc', 'abc')).toBe('Password must be at least 6 characters');
    expect(newPasswordProblem('old', 'abcdefg', 'abcdefh')).toBe('Passwords do not match');
    expect(newPasswordProblem('same-one', 'same-one', 'same-one')).toBe('The new password must differ from the current one');
    expect(newPasswordProblem('old-one', 'new-one', 'new-one')).toBeNull();
  });

  it('changes the password and keeps this session with the fresh token; a wrong current password says so', async () => {
    let wrong = true;
    const calls = fakeApi({
      'PUT /api/user/password': () =>
        wrong
          ? jsonResponse({ detail: 'Your current password is not correct' }, 400)
          : jsonResponse({ access_token: 'fresh-token', message: 'Password changed. Every other session was signed out.' }),
    });
    show();
    const form = await screen.findByRole('form', { name: 'Change password' });
    fireEvent.change(within(form).getByLabelText(/Current password/), { target: { value: 'guess' } });
    fireEvent.change(within(form).getByLabelText(/^New password/), { target: { value: 'brand-new-1' } });
    fireEvent.change(within(form).getByLabelText(/Confirm new password/), { target: { value: 'brand-new-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Your current password is not correct')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('old-token');
    wrong = false;
    fireEvent.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed. Every other session was signed out.')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('fresh-token');
    expect(calls.filter((c) => c.key === 'PUT /api/user/password').at(-1)?.body).toEqual({
      current_password: 'guess',
      new_password: 'brand-new-1',
    });
  });

  it('signs out everywhere after confirmation and goes to the sign-in page', async () => {
    const calls = fakeApi({
      'POST /api/auth/logout': () => jsonResponse({ message: 'Logged out successfully', scope: 'global' }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: /Sign Out Everywhere/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign Out Everywhere' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign Out Everywhere' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(TOKEN_KEY)).toBeNull());
    expect(calls.find((c) => c.key === 'POST /api/auth/logout')?.body).toEqual({ scope: 'global' });
  });

  it('sets a first password without asking for one the account does not have (decision 30)', async () => {
    const calls = fakeApi(
      {
        'PUT /api/user/password': () =>
          jsonResponse({
            access_token: 'fresh-token',
            message: 'Password changed. Every other session was signed out.',
            user: { ...testUser, has_password: true },
          }),
      },
      { ...testUser, has_password: false },
    );
    show();
    const form = await screen.findByRole('form', { name: 'Change password' });
    expect(await within(form).findByTestId('no-password-note')).toHaveTextContent('Your account has no password');
    expect(within(form).queryByLabelText(/Current password/)).toBeNull();
    fireEvent.change(within(form).getByLabelText(/^New password/), { target: { value: 'first-pass-1' } });
    fireEvent.change(within(form).getByLabelText(/Confirm new password/), { target: { value: 'first-pass-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Password changed. Every other session was signed out.')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'PUT /api/user/password').at(-1)?.body).toEqual({ new_password: 'first-pass-1' });
    // The account has a password now: the form asks for it from here on.
    expect(await within(form).findByLabelText(/Current password/)).toBeInTheDocument();
  });
});
