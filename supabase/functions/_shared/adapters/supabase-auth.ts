import { createClient, isAuthRetryableFetchError, type AuthError, type Session } from '@supabase/supabase-js';
import type { AccountRecord, AuthPort, Caller, ClientInfo, MfaFactor, SessionResult } from '../ports.ts';
import { HttpError } from '../errors.ts';
import { EMAIL_NOT_CONFIRMED } from '../contracts/auth.ts';
import { supabaseTokenVerifier } from './supabase-tokens.ts';
import { randomToken } from '../tokens.ts';

export const AUTH_UNAVAILABLE = 'The sign-in service is unavailable right now. Please try again in a few seconds.';

const unavailable = () => new HttpError(503, AUTH_UNAVAILABLE, undefined, { 'Retry-After': '5' });

/** GoTrue unreachable or failing on its side (supabase-js retried what it retries): a 503 for our caller. */
function throwIfUnavailable(error: AuthError | null): void {
  if (error && (isAuthRetryableFetchError(error) || (error.status ?? 0) >= 500)) throw unavailable();
}

/** A request to GoTrue that supabase-js cannot make for us; failures on GoTrue's side are 503s too. */
async function gotrue(url: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch {
    throw unavailable();
  }
  if (res.status >= 500) {
    await res.body?.cancel();
    throw unavailable();
  }
  return res;
}

/**
 * GoTrue (Supabase Auth) through `@supabase/supabase-js`, with its error types and retries. Tokens are
 * verified locally: asymmetric keys from the project's JWKS, or the legacy HS256 JWT secret
 * (adapters/supabase-tokens.ts). The TOTP enrolment calls stay plain REST: supabase-js makes them only
 * for a client holding the person's whole session, and the API holds just their access token.
 */
export function supabaseAuth(opts: { url: string; anonKey: string; jwtSecret?: string; serviceRoleKey?: string }): AuthPort {
  const verify = supabaseTokenVerifier({ url: opts.url, jwtSecret: opts.jwtSecret });
  const base = `${opts.url.replace(/\/$/, '')}/auth/v1`;
  const headers = { apikey: opts.anonKey, 'content-type': 'application/json' };
  const serverSide = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

  // The client's address and browser go on to GoTrue, so its sessions list says where a sign-in came from.
  const clientHeaders = (client?: ClientInfo): Record<string, string> => ({
    ...(client?.userAgent ? { 'user-agent': client.userAgent } : {}),
    ...(client?.ip ? { 'x-forwarded-for': client.ip } : {}),
  });
  // One client per call: each carries its caller's headers, and no session is shared between requests.
  const gotrueFor = (client?: ClientInfo) =>
    createClient(opts.url, opts.anonKey, { auth: serverSide, global: { headers: clientHeaders(client) } }).auth;
  const admin = () => {
    if (!opts.serviceRoleKey) throw new Error('SUPABASE_SERVICE_ROLE_KEY is needed for this account operation');
    return createClient(opts.url, opts.serviceRoleKey, { auth: serverSide }).auth.admin;
  };
  /** GoTrue's factor endpoints for the signed-in person take their own access token. */
  const asCaller = (caller: Caller, path: string, init: { method: string; body?: unknown }): Promise<Response> =>
    gotrue(`${base}${path}`, {
      method: init.method,
      headers: { ...headers, authorization: `Bearer ${caller.token}` },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });

  const toSession = (session: Session | null | undefined): SessionResult | undefined =>
    session?.access_token && session.user
      ? {
          access_token: session.access_token,
          refresh_token: session.refresh_token ?? '',
          expires_in: session.expires_in ?? 3600,
          user: { id: session.user.id, email: session.user.email ?? '' } as AccountRecord,
        }
      : undefined;

  const port: AuthPort = {
    async setPassword(userId, password) {
      // GoTrue's admin API (service role): the password is hashed and stored by GoTrue itself.
      const { error } = await admin().updateUserById(userId, { password });
      throwIfUnavailable(error);
      if (error) throw new Error(`GoTrue admin password update failed with ${error.status}: ${error.message}`);
    },
    async register(email, password, confirmRedirectTo, client) {
      // GoTrue mails its own confirmation link (when the project requires confirmation) to redirect_to.
      const { data, error } = await gotrueFor(client).signUp({
        email,
        password,
        options: { emailRedirectTo: confirmRedirectTo },
      });
      throwIfUnavailable(error);
      if (error?.status === 422 || error?.status === 400) return undefined;
      if (error) throw new Error(`GoTrue signup failed with ${error.status}: ${error.message}`);
      // With confirmations on, GoTrue answers a user and no session, for a new and a taken address alike.
      return data.session ? toSession(data.session) : 'confirmation_sent';
    },
    async createAccount(email, password, client) {
      // The admin API writes the account confirmed already (decision 33): GoTrue mails nothing.
      const { error } = await admin().createUser({ email, password, email_confirm: true });
      throwIfUnavailable(error);
      if (error?.status === 422 || error?.status === 400) return undefined;
      if (error) throw new Error(`GoTrue admin user creation failed with ${error.status}: ${error.message}`);
      return port.signInWithPassword(email, password, client);
    },
    async confirmAddress(userId) {
      // GoTrue's own update, so the trigger marks a password on the account; the caller lifts the mark
      // when the registrant proved it (no setting of ours reaches GoTrue's transaction).
      const { error } = await admin().updateUserById(userId, { email_confirm: true });
      throwIfUnavailable(error);
      if (error) throw new Error(`GoTrue admin confirmation failed with ${error.status}: ${error.message}`);
    },
    async removeFactors(userId) {
      const { data, error } = await admin().mfa.listFactors({ userId });
      throwIfUnavailable(error);
      if (error) throw new Error(`GoTrue factor lookup failed with ${error.status}: ${error.message}`);
      for (const factor of data.factors) {
        const removed = await admin().mfa.deleteFactor({ id: factor.id, userId });
        throwIfUnavailable(removed.error);
        if (removed.error) throw new Error(`GoTrue factor removal failed with ${removed.error.status}`);
      }
    },
    async signInWithPassword(email, password, client) {
      const { data, error } = await gotrueFor(client).signInWithPassword({ email, password });
      throwIfUnavailable(error);
      // GoTrue says so only once the password matched.
      if (error?.code === 'email_not_confirmed') throw new HttpError(401, EMAIL_NOT_CONFIRMED);
      if (error?.status === 400 || error?.status === 401) return undefined;
      if (error) throw new Error(`GoTrue sign-in failed with ${error.status}: ${error.message}`);
      return toSession(data.session);
    },
    async checkPassword(email, password) {
      // GoTrue has no "check" endpoint: the sign-in it takes is ended at once. An address not confirmed
      // yet opens no session, but GoTrue says so only once the password matched.
      const { data, error } = await gotrueFor().signInWithPassword({ email, password });
      throwIfUnavailable(error);
      if (error?.code === 'email_not_confirmed') return true;
      if (error?.status === 400 || error?.status === 401) return false;
      if (error) throw new Error(`GoTrue sign-in failed with ${error.status}: ${error.message}`);
      const session = toSession(data.session);
      if (!session) return false;
      await admin().signOut(session.access_token, 'local');
      return true;
    },
    async reopen(_caller, email, password, client) {
      return port.signInWithPassword(email, password, client);
    },
    async refresh(refreshToken, client) {
      const { data, error } = await gotrueFor(client).refreshSession({ refresh_token: refreshToken });
      throwIfUnavailable(error);
      if (!error) return toSession(data.session) ?? 'invalid';
      return error.code === 'refresh_token_already_used' ? 'reused' : 'invalid';
    },
    async signOut(caller, scope) {
      // supabase-js treats 401 and 404 (the session is already gone) as done, which is what was asked.
      const { error } = await gotrueFor().admin.signOut(caller.token, scope);
      throwIfUnavailable(error);
      if (error) throw new Error(`GoTrue logout failed with ${error.status}: ${error.message}`);
    },
    async listFactors(caller) {
      const { data, error } = await gotrueFor().getUser(caller.token);
      throwIfUnavailable(error);
      if (error) throw new Error(`GoTrue user lookup failed with ${error.status}: ${error.message}`);
      return (data.user.factors ?? [])
        .filter((f) => f.factor_type === 'totp')
        .map(({ id, friendly_name, factor_type, status, created_at }) => ({
          id,
          friendly_name,
          factor_type,
          status,
          created_at,
        })) as MfaFactor[];
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
      const data = (await res.json()) as Session;
      return toSession(data);
    },
    async unenrollFactor(caller, factorId) {
      const res = await asCaller(caller, `/factors/${encodeURIComponent(factorId)}`, { method: 'DELETE' });
      return res.ok;
    },
    async recoverWithCode(caller) {
      // GoTrue has no recovery codes: a used code removes the lost factors so a new device can be enrolled.
      await port.removeFactors(caller.claims.sub);
      return 'factors_removed';
    },
    async sendMagicLink(email, redirectTo) {
      const { error } = await gotrueFor().signInWithOtp({
        email,
        options: { emailRedirectTo: redirectTo, shouldCreateUser: true },
      });
      throwIfUnavailable(error);
      if (error && error.status !== 429) throw new Error(`GoTrue magic link failed with ${error.status}: ${error.message}`);
    },
    async verifyMagicLink(token, client, proof) {
      // 'email' takes the token of a sign-in link and of a sign-up confirmation alike.
      const { data, error } = await gotrueFor(client).verifyOtp({ type: 'email', token_hash: token });
      throwIfUnavailable(error);
      const session = error ? undefined : toSession(data.session);
      if (!session) return undefined;
      // GoTrue has confirmed the address whoever opened the link; the registration's password stays only
      // if its opener typed it (docs/decisions.md decision 30). Otherwise the API clears it.
      const registrantProved = proof?.password ? await port.checkPassword(session.user.email, proof.password) : false;
      return { ...session, registrantProved };
    },
    async clearPassword(userId) {
      // GoTrue keeps no empty password through its admin API: a random one nobody knows is as good.
      const { error } = await admin().updateUserById(userId, { password: randomToken() });
      throwIfUnavailable(error);
      if (error) throw new Error(`GoTrue admin password update failed with ${error.status}: ${error.message}`);
    },
    verifyToken(token) {
      return verify(token);
    },
  };
  return port;
}
