/**
 * Throttling without lock-out (docs/decisions.md decision 20), on an app with the real limits: a client
 * that keeps guessing one account's password backs off, doubling, while the owner signs in from
 * elsewhere; spraying many accounts from one client is stopped; sign-ups and sign-in links are limited
 * per client and per address; every refusal is a 429 with Retry-After and a message.
 */
import { describe, expect, it } from 'vitest';
import { createApi } from '../../supabase/functions/_shared/app.ts';
import { DEFAULT_AUTH_LIMITS } from '../../supabase/functions/_shared/throttle.ts';
import { auth, sql, storage, uniqueEmail } from './helpers.ts';
import { outboxMail } from '../../supabase/functions/_shared/adapters/embedded-auth.ts';

const app = createApi({
  sql,
  auth,
  mail: outboxMail(sql, () => {}),
  blobs: storage.store,
  config: { jwtExpirySeconds: 3600, publicUrl: 'http://localhost:3000', maxJsonBytes: 64 * 1024, maxUploadBytes: 1024 },
});

let clientCounter = 0;
/** A client address of its own for each test. */
const newClient = () => `203.0.113.${(++clientCounter % 250) + 1}-${process.pid}-${Date.now()}`;

async function post(path: string, body: unknown, client: string) {
  const res = await app.request(`/auth${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `${client}, 10.0.0.1` },
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
