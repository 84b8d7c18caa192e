import { api } from './client';

/** POST /auth/magic-link: mails a sign-in link (sign-in's form, and the deal list's "confirm your address" notice). */
export const requestMagicLink = (email: string) => api.post<{ message?: string }>('/auth/magic-link', { email: email.trim() });
