import type { AccountRecord, AuthPort, Caller, ClientInfo, MailPort, MfaFactor, SessionResult } from '../ports.ts';
import { HttpError } from '../errors.ts';
import { supabaseTokenVerifier } from './supabase-tokens.ts';

export const AUTH_UNAVAILABLE = 'The sign-in service is unavailable right now. Please try again in a few seconds.';

/** A request to GoTrue; unreachable or failing on its side (5xx), it is a 503 for our caller, not a fault of ours. */
async function gotrue(url: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch {
    throw new HttpError(503, AUTH_UNAVAILABLE, undefined, { 'Retry-After': '5' });
  }
  if (res.status >= 500) {
    await res.body?.cancel();
    throw new HttpError(503, AUTH_UNAVAILABLE, undefined, { 'Retry-After': '5' });
  }
  return res;
}

/**
 * GoTrue (Supabase Auth) through its REST API. Tokens are verified locally: asymmetric keys from the
 * project's JWKS, or the legacy HS256 JWT secret (adapters/supabase-tokens.ts).
 */
export function supabaseAuth(opts: { url: string; anonKey: string; jwtSecret?: string; serviceRoleKey?: string }): AuthPort {
  const verify = supabaseTokenVerifier({ url: opts.url, jwtSecret: opts.jwtSecret });
  const base = `${opts.url.replace(/\/$/, '')}/auth/v1`;
  const headers = { apikey: opts.anonKey, 'content-type': 'application/json' };

  // The client's address and browser go on to GoTrue, so its sessions list says where a sign-in came from.
  const clientHeaders = (client?: ClientInfo): Record<string, string> => ({
    ...(client?.userAgent ? { 'user-agent': client.userAgent } : {}),
    ...(client?.ip ? { 'x-forwarded-for': client.ip } : {}),
  });
  const call = async (path: string, body: unknown, client?: ClientInfo): Promise<Response> =>
    gotrue(`${base}${path}`, { method: 'POST', headers: { ...headers, ...clientHeaders(client) }, body: JSON.stringify(body) });
  /** GoTrue's endpoints for the signed-in user take their own access token. */
  const asCaller = (caller: Caller, path: string, init: { method: string; body?: unknown }): Promise<Response> =>
    gotrue(`${base}${path}`, {
      method: init.method,
      headers: { ...headers, authorization: `Bearer ${caller.token}` },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const admin = (path: string, method: string, body?: unknown): Promise<Response> => {
    if (!opts.serviceRoleKey) throw new Error('SUPABASE_SERVICE_ROLE_KEY is needed for this account operation');
    return gotrue(`${base}${path}`, {
      method,
      headers: {
        apikey: opts.serviceRoleKey,
        authorization: `Bearer ${opts.serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  };

  const toSession = (data: {
    access_token?: string;
    refresh_token?: string;
    expires_in?: number;
    user?: { id: string; email: string };
  }): SessionResult | undefined =>
    data.access_token && data.user
      ? {
          access_token: data.access_token,
          refresh_token: data.refresh_token ?? '',
          expires_in: data.expires_in ?? 3600,
          user: { id: data.user.id, email: data.user.email } as AccountRecord,
        }
      : undefined;

  const port: AuthPort = {
    async setPassword(userId, password) {
      // GoTrue's admin API (service role): the password is hashed and stored by GoTrue itself.
      const res = await admin(`/admin/users/${encodeURIComponent(userId)}`, 'PUT', { password });
      if (!res.ok) throw new Error(`GoTrue admin password update failed with ${res.status}`);
    },
    async register(email, password, confirmRedirectTo, client) {
      // GoTrue mails its own confirmation link (when the project requires confirmation) to redirect_to.
      const res = await call(`/signup?redirect_to=${encodeURIComponent(confirmRedirectTo)}`, { email, password }, client);
      if (res.status === 422 || res.status === 400) return undefined;
      if (!res.ok) throw new Error(`GoTrue signup failed with ${res.status}`);
      return toSession(await res.json());
    },
    async signInWithPassword(email, password, client) {
      const res = await call('/token?grant_type=password', { email, password }, client);
      if (res.status === 400 || res.status === 401) return undefined;
      if (!res.ok) throw new Error(`GoTrue sign-in failed with ${res.status}`);
      return toSession(await res.json());
    },
    async checkPassword(email, password) {
      // GoTrue has no "check" endpoint: the sign-in it takes is ended at once.
      const session = await port.signInWithPassword(email, password);
      if (!session) return false;
      await gotrue(`${base}/logout?scope=local`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${session.access_token}` },
      });
      return true;
    },
    async reopen(_caller, email, password, client) {
      return port.signInWithPassword(email, password, client);
    },
    async refresh(refreshToken, client) {
      const res = await call('/token?grant_type=refresh_token', { refresh_token: refreshToken }, client);
      if (res.ok) return toSession(await res.json()) ?? 'invalid';
      if (res.status >= 500) throw new Error(`GoTrue refresh failed with ${res.status}`);
      const error = (await res.json().catch(() => ({}))) as { error_code?: string };
      return error.error_code === 'refresh_token_already_used' ? 'reused' : 'invalid';
    },
    async signOut(caller, scope) {
      const res = await asCaller(caller, `/logout?scope=${scope}`, { method: 'POST' });
      // 401/404: the session is already gone, which is what was asked.
      if (!res.ok && res.status >= 500) throw new Error(`GoTrue logout failed with ${res.status}`);
    },
    async listFactors(caller) {
      const res = await asCaller(caller, '/user', { method: 'GET' });
      if (!res.ok) throw new Error(`GoTrue user lookup failed with ${res.status}`);
      const user = (await res.json()) as { factors?: MfaFactor[] };
      return (user.factors ?? [])
        .filter((f) => f.factor_type === 'totp')
        .map(({ id, friendly_name, factor_type, status, created_at }) => ({
          id,
          friendly_name,
          factor_type,
          status,
          created_at,
        }));
    },
    async enrollTotp(caller, friendlyName) {
      const res = await asCaller(caller, '/factors', {
        method: 'POST',
        body: { factor_type: 'totp', friendly_name: friendlyName, issuer: 'Data room' },
      });
      if (!res.ok) throw new Error(`GoTrue enrolment failed with ${res.status}`);
      const data = (await res.json()) as { id: string; totp: { secret: string; uri: string } };
      return { id: data.id, secret: data.totp.secret, uri: data.totp.uri };
    },
    async verifyTotp(caller, factorId, code) {
      const challenge = await asCaller(caller, `/factors/${encodeURIComponent(factorId)}/challenge`, {
        method: 'POST',
        body: {},
      });
      if (!challenge.ok) return undefined;
      const { id: challengeId } = (await challenge.json()) as { id: string };
      const res = await asCaller(caller, `/factors/${encodeURIComponent(factorId)}/verify`, {
        method: 'POST',
        body: { challenge_id: challengeId, code },
      });
      if (!res.ok) return undefined;
      return toSession(await res.json());
    },
    async unenrollFactor(caller, factorId) {
      const res = await asCaller(caller, `/factors/${encodeURIComponent(factorId)}`, { method: 'DELETE' });
      return res.ok;
    },
    async recoverWithCode(caller) {
      // GoTrue has no recovery codes: a used code removes the lost factors so a new device can be enrolled.
      const res = await admin(`/admin/users/${encodeURIComponent(caller.claims.sub)}/factors`, 'GET');
      if (!res.ok) throw new Error(`GoTrue factor lookup failed with ${res.status}`);
      for (const factor of (await res.json()) as { id: string }[]) {
        const removed = await admin(
          `/admin/users/${encodeURIComponent(caller.claims.sub)}/factors/${encodeURIComponent(factor.id)}`,
          'DELETE',
        );
        if (!removed.ok) throw new Error(`GoTrue factor removal failed with ${removed.status}`);
      }
      return 'factors_removed';
    },
    async sendMagicLink(email, redirectTo) {
      const res = await call(`/otp?redirect_to=${encodeURIComponent(redirectTo)}`, { email, create_user: true });
      if (!res.ok && res.status !== 429) throw new Error(`GoTrue magic link failed with ${res.status}`);
    },
    async verifyMagicLink(token, client) {
      const res = await call('/verify', { type: 'magiclink', token_hash: token }, client);
      if (!res.ok) return undefined;
      return toSession(await res.json());
    },
    verifyToken(token) {
      return verify(token);
    },
  };
  return port;
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
