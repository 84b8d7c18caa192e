/**
 * Throttling without lock-out (docs/decisions.md decision 20), on an app with the real limits: a client
 * that keeps guessing one account's password backs off, doubling, while the owner signs in from
 * elsewhere; spraying many accounts from one client is stopped; an account guessed at from many
 * clients slows every client for a while, never longer; behind reverse proxies the client is the
 * address they saw, not what the client wrote into X-Forwarded-For; sign-ups and sign-in links are
 * limited per client and per address; every refusal is a 429 with Retry-After and a message.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createApi, type ApiDeps } from '../../supabase/functions/_shared/app.ts';
import { DEFAULT_AUTH_LIMITS } from '../../supabase/functions/_shared/throttle.ts';
import { auth, sql, storage, tokenClaims, uniqueEmail } from './helpers.ts';
import { outboxMail } from '../../supabase/functions/_shared/adapters/mail.ts';
import { parseTrustProxy } from '../../server/config.ts';
import { embeddedClientAddress } from '../../server/client-address.ts';
import { useLocalServer } from './local-server.ts';

const appWith = (clientAddress?: ApiDeps['clientAddress']) =>
  createApi({
    sql,
    auth,
    mail: outboxMail(sql, () => {}),
    blobs: storage.store,
    clientAddress,
    config: { jwtExpirySeconds: 3600, publicUrl: 'http://localhost:3000', maxJsonBytes: 64 * 1024, maxUploadBytes: 1024 },
  });
/** As on Supabase's edge: the address Cloudflare (or Kong) saw. */
const app = appWith();

let clientCounter = 0;
/** A client address of its own for each test. */
const newClient = () => `203.0.113.${(++clientCounter % 250) + 1}-${process.pid}-${Date.now()}`;

async function post(path: string, body: unknown, client: string) {
  const res = await app.request(`/auth${path}`, {
    method: 'POST',
    // What the client wrote into X-Forwarded-For counts for nothing.
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': client, 'x-forwarded-for': `${newClient()}, ${client}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json(), retryAfter: res.headers.get('retry-after') };
}

async function account(client: string) {
  const email = uniqueEmail('throttle');
  const res = await post('/register', { email, password: 'right-password' }, client);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return email;
}

describe('sign-in throttling', () => {
  it('backs off a client guessing one account, doubling, while the owner elsewhere signs in', async () => {
    const attacker = newClient();
    const owner = newClient();
    const email = await account(owner);
    for (let i = 0; i < DEFAULT_AUTH_LIMITS.loginFailuresPerAccount; i++) {
      expect((await post('/login', { email, password: `wrong-${i}` }, attacker)).status).toBe(401);
    }
    const blocked = await post('/login', { email, password: 'right-password' }, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(
      /^Too many failed sign-in attempts for this account from here\. Try again in \d+ seconds?\.$/,
    );
    expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
    expect(Number(blocked.retryAfter)).toBeLessThanOrEqual(30);
    // The owner, from their own address, is not locked out.
    expect((await post('/login', { email, password: 'right-password' }, owner)).status).toBe(200);
    // Once the wait is over the attacker may try once more; a further failure doubles the wait.
    await sql`update private.auth_attempts set at = at - interval '31 seconds' where client = ${attacker}`;
    expect((await post('/login', { email, password: 'wrong-again' }, attacker)).status).toBe(401);
    const longer = await post('/login', { email, password: 'wrong-again' }, attacker);
    expect(longer.status).toBe(429);
    expect(Number(longer.retryAfter)).toBeGreaterThan(30);
    expect(Number(longer.retryAfter)).toBeLessThanOrEqual(60);
  });

  it("a success clears the client's failures for the account", async () => {
    const client = newClient();
    const email = await account(client);
    for (let i = 0; i < 4; i++) expect((await post('/login', { email, password: 'nope-nope' }, client)).status).toBe(401);
    expect((await post('/login', { email, password: 'right-password' }, client)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await post('/login', { email, password: 'nope-nope' }, client)).status).toBe(401);
    expect((await post('/login', { email, password: 'right-password' }, client)).status).toBe(200);
  });

  it('treats unknown addresses alike, so the answer does not tell which exist', async () => {
    const client = newClient();
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 5; i++) expect((await post('/login', { email: ghost, password: 'whatever' }, client)).status).toBe(401);
    expect((await post('/login', { email: ghost, password: 'whatever' }, client)).status).toBe(429);
  });

  it('stops spraying: one wrong password on many accounts from one client', async () => {
    const sprayer = newClient();
    const emails = Array.from({ length: DEFAULT_AUTH_LIMITS.loginFailuresPerClient }, () => uniqueEmail('spray'));
    for (const email of emails) expect((await post('/login', { email, password: 'Summer2026!' }, sprayer)).status).toBe(401);
    const stopped = await post('/login', { email: uniqueEmail('spray'), password: 'Summer2026!' }, sprayer);
    expect(stopped.status).toBe(429);
    expect(stopped.body.detail).toMatch(/from this address/);
    // Someone else, elsewhere, still signs in.
    const other = newClient();
    const email = await account(other);
    expect((await post('/login', { email, password: 'right-password' }, other)).status).toBe(200);
  });
});

describe('a client whose address is unknown', () => {
  it('is not lumped with every other such client for the per-client limits; the per-account back-off still holds', async () => {
    const bare = (path: string, body: unknown) =>
      app.request(`/auth${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    for (let i = 0; i < DEFAULT_AUTH_LIMITS.loginFailuresPerClient + 1; i++) {
      expect((await bare('/login', { email: uniqueEmail('anon-spray'), password: 'x' })).status).toBe(401);
    }
    const email = uniqueEmail('anon-target');
    for (let i = 0; i < DEFAULT_AUTH_LIMITS.loginFailuresPerAccount; i++)
      expect((await bare('/login', { email, password: 'x' })).status).toBe(401);
    expect((await bare('/login', { email, password: 'x' })).status).toBe(429);
  });
});

describe('mail and sign-up limits', () => {
  it('sends at most 5 sign-in links to one address per 15 minutes, whoever asks', async () => {
    const email = uniqueEmail('links');
    for (let i = 0; i < DEFAULT_AUTH_LIMITS.linksPerAddress; i++) {
      expect((await post('/magic-link', { email }, newClient())).status).toBe(200);
    }
    const refused = await post('/magic-link', { email }, newClient());
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/sent to this address/);
    const [{ n }] = await sql`select count(*)::int as n from private.mail_outbox where to_email = ${email}`;
    expect(n).toBe(DEFAULT_AUTH_LIMITS.linksPerAddress);
  });

  it('limits sign-ups and link requests per client', async () => {
    const client = newClient();
    for (let i = 0; i < DEFAULT_AUTH_LIMITS.registrationsPerClient; i++) {
      expect((await post('/register', { email: uniqueEmail('signup'), password: 'password-1' }, client)).status).toBe(200);
    }
    const refused = await post('/register', { email: uniqueEmail('signup'), password: 'password-1' }, client);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/^Too many sign-ups from this address\. Try again in/);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(5 * 60);
  });

  it('limits wrong sign-in link tokens per client', async () => {
    const client = newClient();
    for (let i = 0; i < DEFAULT_AUTH_LIMITS.linkFailuresPerClient; i++) {
      expect((await post('/magic-link/verify', { token: `guess-${i}` }, client)).status).toBe(400);
    }
    expect((await post('/magic-link/verify', { token: 'guess-last' }, client)).status).toBe(429);
  });
});

describe('an account guessed at from many clients', () => {
  it('slows every client once it drew 20 failures, 30 s doubling, and the owner signs in when the wait is over', async () => {
    const owner = newClient();
    const email = await account(owner);
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 40; i++) {
      const res = await post('/login', { email, password: `guess-${i}` }, newClient());
      statuses.push(res.status);
      refused ??= res.status === 429 ? res : undefined;
    }
    expect(statuses.slice(0, DEFAULT_AUTH_LIMITS.loginFailuresAcrossClients)).toEqual(
      Array(DEFAULT_AUTH_LIMITS.loginFailuresAcrossClients).fill(401),
    );
    expect(statuses.slice(DEFAULT_AUTH_LIMITS.loginFailuresAcrossClients)).toEqual(Array(20).fill(429));
    expect(refused!.body.detail).toMatch(/^Too many failed sign-in attempts for this account\. Try again in \d+ seconds?\.$/);
    expect(Number(refused!.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused!.retryAfter)).toBeLessThanOrEqual(30);
    // The owner is slowed too (their password would otherwise be one more guess), never for longer.
    expect((await post('/login', { email, password: 'right-password' }, owner)).status).toBe(429);
    const waitOver = () => sql`update private.auth_attempts set at = at - interval '31 seconds' where subject = ${email}`;
    await waitOver();
    // One more failure from anywhere doubles the wait, for everyone.
    expect((await post('/login', { email, password: 'guess-again' }, newClient())).status).toBe(401);
    const longer = await post('/login', { email, password: 'right-password' }, owner);
    expect(longer.status).toBe(429);
    expect(Number(longer.retryAfter)).toBeGreaterThan(30);
    expect(Number(longer.retryAfter)).toBeLessThanOrEqual(60);
    await sql`update private.auth_attempts set at = at - interval '61 seconds' where subject = ${email}`;
    expect((await post('/login', { email, password: 'right-password' }, owner)).status).toBe(200);
  });
});

describe('behind reverse proxies (TRUST_PROXY)', () => {
  /** The address the proxies hand in changes with each test; the server reads the hop count per request. */
  let trustedProxies = 0;
  const served = useLocalServer(() =>
    new Hono().route(
      '/api',
      appWith((c) => embeddedClientAddress(trustedProxies)(c)),
    ),
  );

  const login = async (email: string, password: string, forwardedFor?: string) => {
    const res = await fetch(`${served.origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      body: JSON.stringify({ email, password }),
    });
    return { status: res.status, body: await res.json() };
  };
  const sessionIp = async (token: string) => {
    const sessionId = tokenClaims(token).session_id;
    const [row] = await sql`select host(ip) as ip from auth.sessions where id = ${sessionId}`;
    return row.ip as string | null;
  };

  it('reads TRUST_PROXY as a hop count, true meaning one', () => {
    expect([undefined, '', 'false', '0', 'true', '1', '2'].map(parseTrustProxy)).toEqual([0, 0, 0, 0, 1, 1, 2]);
    for (const bad of ['yes', '-1', '1.5', '11']) expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
  });

  it('one proxy (TRUST_PROXY=true): 40 wrong passwords with a rotating first X-Forwarded-For entry are throttled', async () => {
    trustedProxies = parseTrustProxy('true');
    const email = await account(newClient());
    const statuses: number[] = [];
    // nginx's $proxy_add_x_forwarded_for appends the address it saw to whatever the client sent.
    for (let i = 0; i < 40; i++) statuses.push((await login(email, `wrong-${i}`, `203.0.113.${i + 1}, 198.51.100.7`)).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(DEFAULT_AUTH_LIMITS.loginFailuresPerAccount);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - DEFAULT_AUTH_LIMITS.loginFailuresPerAccount);
    const [{ clients }] = await sql`select array_agg(distinct client) as clients from private.auth_attempts
                                    where kind = 'login_failure' and subject = ${email}`;
    expect(clients).toEqual(['198.51.100.7']);
    // The owner, behind the same proxy from another address, is not slowed.
    const owner = await login(email, 'right-password', '198.51.100.77');
    expect(owner.status).toBe(200);
    expect(await sessionIp(owner.body.access_token)).toBe('198.51.100.77');
  });

  it('two proxies (TRUST_PROXY=2): the client is the second entry from the right', async () => {
    trustedProxies = parseTrustProxy('2');
    const email = await account(newClient());
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await login(email, `wrong-${i}`, `203.0.113.${i + 1}, 198.51.100.8, 10.0.0.2`)).status);
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
    const signedIn = await login(email, 'right-password', '198.51.100.9, 10.0.0.2');
    expect(signedIn.status).toBe(200);
    expect(await sessionIp(signedIn.body.access_token)).toBe('198.51.100.9');
    // A request with no header came past the proxies: its socket's peer.
    const direct = await login(email, 'right-password');
    expect(await sessionIp(direct.body.access_token)).toBe('127.0.0.1');
  });

  it('no proxy (TRUST_PROXY unset): X-Forwarded-For is ignored, the socket peer is the client', async () => {
    trustedProxies = parseTrustProxy(undefined);
    const email = await account(newClient());
    const signedIn = await login(email, 'right-password', '198.51.100.10');
    expect(await sessionIp(signedIn.body.access_token)).toBe('127.0.0.1');
  });
});
