import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../lib/api/client';
import { jsonResponse, renderRoutes, stubFetch, testUser } from '../../test/utils';
import { LoginPage, TAGLINE } from './login-page';

function renderLogin() {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>Deal list</p> },
    ],
    '/login',
  );
}

describe('LoginPage', () => {
  it('shows the tagline and both tabs', () => {
    renderLogin();
    expect(screen.getByText(TAGLINE)).toBeInTheDocument();
    expect(TAGLINE).toBe('Secure M&A Data Room Platform');
    expect(screen.getByRole('tab', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Register' })).toBeInTheDocument();
  });

  it('asks for e-mail and password before calling the server', async () => {
    const calls = stubFetch(() => undefined, { signedIn: false });
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please enter your email and password')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  });

  it("shows the server's detail when login fails", async () => {
    stubFetch(() => jsonResponse({ detail: 'Invalid email or password' }, 401), { signedIn: false });
    renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'jane@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('says so when a successful answer carries no token', async () => {
    stubFetch(() => jsonResponse({ user: testUser }), { signedIn: false });
    renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'jane@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login failed - no token received')).toBeInTheDocument();
  });

  it('stores the token on success and announces it', async () => {
    stubFetch(() => jsonResponse({ access_token: 'tok', token_type: 'bearer', user: testUser }), { signedIn: false });
    renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'jane@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(localStorage.getItem(TOKEN_KEY)).toBe('tok'));
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
  });

  it('validates the register form in order', async () => {
    const calls = stubFetch(() => undefined, { signedIn: false });
    renderLogin();
    fireEvent.click(screen.getByRole('tab', { name: 'Register' }));
    const submit = await screen.findByRole('button', { name: 'Register' });
    expect(screen.getByText(/uppercase/i)).toBeInTheDocument();

    fireEvent.click(submit);
    expect(await screen.findByText('Please fill in all fields')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'abd' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'abc' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('says to confirm the address when registering signs no one in yet', async () => {
    const message = 'Check your email: open the link we sent to confirm your address and sign in.';
    stubFetch(() => jsonResponse({ confirmation_sent: true, message }, 202), { signedIn: false });
    renderLogin();
    fireEvent.click(screen.getByRole('tab', { name: 'Register' }));
    const submit = await screen.findByRole('button', { name: 'Register' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret1' } });
    fireEvent.click(submit);
    expect(await screen.findByTestId('register-confirmation')).toHaveTextContent(message);
    expect(screen.queryByText('Registration failed - no token received')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('sends a sign-in link by e-mail', async () => {
    const calls = stubFetch(() => ({ message: 'A sign-in link is on its way.' }), { signedIn: false });
    renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'jane@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /Email me a sign-in link/ }));
    expect(await screen.findByText('A sign-in link is on its way.')).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toEqual(['POST /api/auth/magic-link']);
    expect(calls[0].body).toEqual({ email: 'jane@example.com' });
  });
});
