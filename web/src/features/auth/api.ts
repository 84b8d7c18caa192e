import { ApiError, api } from '../../lib/api/client';
import type { User } from '../../lib/session';
import type { ConfirmationSent } from '@contracts/auth';

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

/** POST /auth/register: a session, or (202) a confirmation mailed before anyone is signed in. */
export type RegisterResponse = AuthResponse & Partial<ConfirmationSent>;

/** The invitation link a sign-in or registration comes from: it proves the address (decision 33). */
export interface InvitationLink {
  id: string;
  token: string;
}

export const login = (email: string, password: string, invitation?: InvitationLink) =>
  api.post<AuthResponse>('/auth/login', { email: email.trim(), password, ...(invitation ? { invitation } : {}) });

export const register = (email: string, password: string, invitation?: InvitationLink) =>
  api.post<RegisterResponse>('/auth/register', { email: email.trim(), password, ...(invitation ? { invitation } : {}) });

export const requestMagicLink = (email: string) => api.post<{ message?: string }>('/auth/magic-link', { email: email.trim() });

/** `password`: the registration's, when the link confirms a registration opened outside its browser. */
export const verifyMagicLink = (token: string, password?: string) =>
  api.post<AuthResponse>('/auth/magic-link/verify', password ? { token, password } : { token });

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
