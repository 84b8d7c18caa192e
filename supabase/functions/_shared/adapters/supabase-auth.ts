import type { AccountRecord, AuthPort, MailPort, SessionResult } from '../ports.ts';
import { supabaseTokenVerifier } from './supabase-tokens.ts';

/**
 * GoTrue (Supabase Auth) through its REST API. Tokens are verified locally: asymmetric keys from the
 * project's JWKS, or the legacy HS256 JWT secret (adapters/supabase-tokens.ts).
 */
export function supabaseAuth(opts: { url: string; anonKey: string; jwtSecret?: string; serviceRoleKey?: string }): AuthPort {
  const verify = supabaseTokenVerifier({ url: opts.url, jwtSecret: opts.jwtSecret });
  const base = `${opts.url.replace(/\/$/, '')}/auth/v1`;
  const headers = { apikey: opts.anonKey, 'content-type': 'application/json' };

  const call = async (path: string, body: unknown): Promise<Response> =>
    fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });

  const toSession = (data: { access_token?: string; user?: { id: string; email: string } }): SessionResult | undefined =>
    data.access_token && data.user
      ? { access_token: data.access_token, user: { id: data.user.id, email: data.user.email } as AccountRecord }
      : undefined;

  return {
    async setPassword(userId, password) {
      // GoTrue's admin API (service role): the password is hashed and stored by GoTrue itself.
      if (!opts.serviceRoleKey) throw new Error('SUPABASE_SERVICE_ROLE_KEY is needed to reset passwords');
      const res = await fetch(`${base}/admin/users/${encodeURIComponent(userId)}`, {
        method: 'PUT',
        headers: { apikey: opts.serviceRoleKey, authorization: `Bearer ${opts.serviceRoleKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ password }),
      });
      if (!res.ok) throw new Error(`GoTrue admin password update failed with ${res.status}`);
    },
    async register(email, password, confirmRedirectTo) {
      // GoTrue mails its own confirmation link (when the project requires confirmation) to redirect_to.
      const res = await call(`/signup?redirect_to=${encodeURIComponent(confirmRedirectTo)}`, { email, password });
      if (res.status === 422 || res.status === 400) return undefined;
      if (!res.ok) throw new Error(`GoTrue signup failed with ${res.status}`);
      return toSession(await res.json());
    },
    async signInWithPassword(email, password) {
      const res = await call('/token?grant_type=password', { email, password });
      if (res.status === 400 || res.status === 401) return undefined;
      if (!res.ok) throw new Error(`GoTrue sign-in failed with ${res.status}`);
      return toSession(await res.json());
    },
    async sendMagicLink(email, redirectTo) {
      const res = await call(`/otp?redirect_to=${encodeURIComponent(redirectTo)}`, { email, create_user: true });
      if (!res.ok && res.status !== 429) throw new Error(`GoTrue magic link failed with ${res.status}`);
    },
    async verifyMagicLink(token) {
      const res = await call('/verify', { type: 'magiclink', token_hash: token });
      if (!res.ok) return undefined;
      return toSession(await res.json());
    },
    verifyToken(token) {
      return verify(token);
    },
  };
}

/** On Supabase, GoTrue sends sign-in mail itself; other mail goes to an SMTP relay of the tenant's. */
export function unsupportedMail(): MailPort {
  return {
    send(message) {
      console.warn(`[mail] no mail relay configured; not sent to ${message.to}: ${message.subject}`);
      return Promise.resolve();
    },
  };
}
