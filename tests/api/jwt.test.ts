import { sign } from 'hono/jwt';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createDeal, JWT_SECRET, registerUser, sql, tokenClaims, type TestUser } from './helpers.ts';
import { expectError } from './expect.ts';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** The session a user's own token belongs to (registration opened it). */
const sessionOf = (user: TestUser) => tokenClaims(user.token).session_id;

const claimsOf = (user: TestUser, extra: Record<string, unknown> = {}) => ({
  sub: user.id,
  email: user.email,
  role: 'authenticated',
  aud: 'authenticated',
  iat: now(),
  exp: now() + 600,
  session_id: sessionOf(user),
  ...extra,
});

let user: TestUser;
let dealId: string;
let badTokens: [string, string][];

beforeAll(async () => {
  user = await registerUser('jwt');
  dealId = (await createDeal(user, 'JWT deal')).id;
  const good = await sign(claimsOf(user), JWT_SECRET, 'HS256');
  const [h, p, s] = good.split('.');
  const withoutExp: Record<string, unknown> = claimsOf(user);
  delete withoutExp.exp;
  const flipped = s.slice(0, -2) + (s.at(-2) === 'A' ? 'B' : 'A') + s.at(-1);
  badTokens = [
    ['expired', await sign(claimsOf(user, { iat: now() - 7200, exp: now() - 3600 }), JWT_SECRET, 'HS256')],
    ['expiring this second', await sign(claimsOf(user, { exp: now() }), JWT_SECRET, 'HS256')],
    ['signed with another secret', await sign(claimsOf(user), 'another-secret-that-is-long-enough-for-hs256', 'HS256')],
    ['alg none', `${b64url({ alg: 'none', typ: 'JWT' })}.${p}.`],
    ['alg none with the original signature', `${b64url({ alg: 'none', typ: 'JWT' })}.${p}.${s}`],
    ['HS512 with the right secret', await sign(claimsOf(user), JWT_SECRET, 'HS512')],
    ['a tampered payload', `${h}.${b64url({ ...claimsOf(user), sub: '00000000-0000-0000-0000-000000000001' })}.${s}`],
    ['a tampered signature', `${h}.${p}.${flipped}`],
    ['role anon', await sign(claimsOf(user, { role: 'anon' }), JWT_SECRET, 'HS256')],
    ['role service_role', await sign(claimsOf(user, { role: 'service_role' }), JWT_SECRET, 'HS256')],
    ['no role', await sign(claimsOf(user, { role: undefined }), JWT_SECRET, 'HS256')],
    ['another audience', await sign(claimsOf(user, { aud: 'some-other-app' }), JWT_SECRET, 'HS256')],
    ['no audience', await sign(claimsOf(user, { aud: undefined }), JWT_SECRET, 'HS256')],
    ['no expiry', await sign(withoutExp, JWT_SECRET, 'HS256')],
    ['no subject', await sign(claimsOf(user, { sub: undefined }), JWT_SECRET, 'HS256')],
    ['a subject that is not a UUID', await sign(claimsOf(user, { sub: 'admin' }), JWT_SECRET, 'HS256')],
    ['not yet valid', await sign(claimsOf(user, { nbf: now() + 3600 }), JWT_SECRET, 'HS256')],
    ['no session', await sign(claimsOf(user, { session_id: undefined }), JWT_SECRET, 'HS256')],
    ['a session that is not a UUID', await sign(claimsOf(user, { session_id: 'abc' }), JWT_SECRET, 'HS256')],
    ['two parts only', `${h}.${p}`],
    ['garbage', 'not-a-jwt'],
  ];
});

const protectedRoutes = (id: string): [string, string, unknown?][] => [
  ['GET', '/user/profile'],
  ['PUT', '/user/profile', { first_name: 'Mallory' }],
  ['GET', '/deals?view=active'],
  ['POST', '/deals', { name: 'Forged deal', checklist_preset: 'blank' }],
  ['GET', `/deals/${id}`],
  ['PUT', `/deals/${id}`, { name: 'Renamed by a forger' }],
  ['PUT', `/deals/${id}/archive`],
  ['GET', `/deals/${id}/dashboard/stats`],
  ['GET', `/deals/${id}/activity`],
  ['GET', `/deals/${id}/files/pending-review`],
  ['GET', '/checklist-catalog/presets?active_only=true&page=1&page_size=100'],
];

describe('access tokens', () => {
  it('a valid token signed with the secret is accepted on every protected route (control)', async () => {
    const token = await sign(claimsOf(user), JWT_SECRET, 'HS256');
    for (const [method, path] of protectedRoutes(dealId).filter(([m]) => m === 'GET')) {
      expect((await call(method, path, { token })).status, `${method} ${path}`).toBe(200);
    }
  });

  it('401 on every protected route without a token or with a malformed Authorization header', async () => {
    const headerSets: Record<string, string>[] = [
      {},
      { authorization: '' },
      { authorization: 'Bearer' },
      { authorization: 'Bearer ' },
      { authorization: `Basic ${Buffer.from(`${user.email}:secret123`).toString('base64')}` },
      { authorization: `Token ${user.token}` },
    ];
    for (const [method, path, body] of protectedRoutes(dealId)) {
      for (const headers of headerSets) {
        const res = await call(method, path, { headers, body });
        expectError(res, 401);
      }
    }
  });

  it('401 on every protected route for expired, forged, wrong-role and wrong-audience tokens', async () => {
    for (const [label, token] of badTokens) {
      for (const [method, path, body] of protectedRoutes(dealId)) {
        const res = await call(method, path, { token, body });
        expect(res.status, `${label}: ${method} ${path}`).toBe(401);
        expectError(res, 401, /session has expired or is invalid/);
      }
    }
    // Nothing was written through any of them.
    const [deal] = await sql`select name, archived_at from public.deals where id = ${dealId}`;
    expect(deal).toEqual({ name: 'JWT deal', archived_at: null });
    const [profile] = await sql`select first_name from public.profiles where id = ${user.id}`;
    expect(profile.first_name).toBe('');
    expect(await sql`select 1 from public.deals where name = 'Forged deal' and owner_id = ${user.id}`).toHaveLength(0);
  });

  it('a token without a session, signed with the right key, is refused before and after signing out', async () => {
    const other = await registerUser('jwt-sessionless');
    const sessionless = await sign(claimsOf(other, { session_id: undefined }), JWT_SECRET, 'HS256');
    expectError(await call('GET', '/user/profile', { token: sessionless }), 401, /session has expired or is invalid/);
    expect((await call('POST', '/auth/logout', { token: other.token, body: { scope: 'global' } })).status).toBe(200);
    expectError(await call('GET', '/user/profile', { token: sessionless }), 401, /session has expired or is invalid/);
    // The session's own tokens ended with it.
    expectError(await call('GET', '/user/profile', { token: other.token }), 401);
  });

  it('a token that has just expired stops working', async () => {
    const token = await sign(claimsOf(user, { exp: now() + 1 }), JWT_SECRET, 'HS256');
    expect((await call('GET', '/user/profile', { token })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2100));
    expectError(await call('GET', '/user/profile', { token }), 401);
  });

  it('takes the super admin flag from the platform table, never from the token', async () => {
    const other = await registerUser('jwt-claims');
    const inflated = await sign(
      claimsOf(other, {
        is_super_admin: true,
        app_metadata: { role: 'super_admin' },
        user_role: 'super_admin',
      }),
      JWT_SECRET,
      'HS256',
    );
    const before = await call('GET', '/user/profile', { token: inflated });
    expect(before.status).toBe(200);
    expect(before.body.is_super_admin).toBe(false);

    await sql`insert into public.platform_admins (user_id) values (${other.id})`;
    try {
      const granted = await call('GET', '/user/profile', { token: other.token });
      expect(granted.body.is_super_admin).toBe(true);
      const loggedIn = await call('POST', '/auth/login', { body: { email: other.email, password: 'secret123' } });
      expect(loggedIn.body.user.is_super_admin).toBe(true);
    } finally {
      await sql`delete from public.platform_admins where user_id = ${other.id}`;
    }
    // Revocation takes effect at once, with the same token.
    expect((await call('GET', '/user/profile', { token: other.token })).body.is_super_admin).toBe(false);
  });

  it('the e-mail and identity come from the verified token: a token for one user never reads another', async () => {
    const a = await registerUser('jwt-a');
    const b = await registerUser('jwt-b');
    const dealOfB = await createDeal(b, 'B only');
    const token = await sign(claimsOf(a, { email: b.email }), JWT_SECRET, 'HS256');
    const me = await call('GET', '/user/profile', { token });
    expect(me.body.id).toBe(a.id);
    expect(me.body.email).toBe(a.email);
    expectError(await call('GET', `/deals/${dealOfB.id}`, { token }), 404);
  });
});
