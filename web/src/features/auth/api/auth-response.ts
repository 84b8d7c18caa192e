import { ApiError } from '../../../lib/api/client';
import type { InvitationLink } from '../../../lib/invitation-link';
import type { User } from '../../../lib/session';

/** What a sign-in answers (POST /auth/login, /auth/register, /auth/magic-link/verify). */
export interface AuthResponse {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  token_type?: string;
  user?: User;
  /** The account has a second factor this session has not proved yet. */
  mfa_required?: boolean;
  /** A link proved the address and removed a password set before by someone else (decision 30). */
  password_cleared?: boolean;
  message?: string;
}

/** What the login and register forms send. */
export interface Credentials {
  email: string;
  password: string;
  /** Opened from an invitation link, which also confirms an address not confirmed yet (decision 33). */
  invitation?: InvitationLink;
}

/** The body of POST /auth/login and /auth/register. */
export const credentialsBody = ({ email, password, invitation }: Credentials) => ({
  email: email.trim(),
  password,
  ...(invitation ? { invitation } : {}),
});

/**
 * docs/product.md §8 Session: the server's detail, else the error message, else the fallback ('Login failed' or
 * 'Registration failed'); an unexpected exception reads 'An error occurred. Please try again.'
 */
export function authErrorMessage(error: unknown, fallback: 'Login failed' | 'Registration failed'): string {
  if (error instanceof ApiError) return error.detail || error.message || fallback;
  return 'An error occurred. Please try again.';
}

/** Thrown when the server answered 2xx without a token. */
export class NoTokenError extends Error {}

export function requireSession(response: AuthResponse | undefined, kind: 'login' | 'register') {
  if (!response?.access_token) {
    throw new NoTokenError(kind === 'login' ? 'Login failed - no token received' : 'Registration failed - no token received');
  }
  return { token: response.access_token, refreshToken: response.refresh_token, user: response.user };
}

export type SignInSession = ReturnType<typeof requireSession>;
