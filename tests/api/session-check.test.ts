/**
 * A read's session check rides in its first transaction (docs/decisions.md decision 68): one round trip
 * less, and an ended session is still refused, whatever the route did or threw before the verdict came.
 */
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { appWith, call, createDeal, registerUser } from './helpers.ts';

const databaseUrl = process.env.TEST_DATABASE_URL!;
const login = async (email: string) => (await call('POST', '/auth/login', { body: { email, password: 'secret123' } })).body;
const SIGNED_OUT = 'You were signed out. Please sign in again.';

describe('a read with an ended session', () => {
  it('is refused on every kind of route: deal-scoped, people, plain, and one that fails before the database', async () => {
    const owner = await registerUser('check-reads');
    const deal = await createDeal(owner, 'Session check deal');
    const pair = await login(owner.email);
    const reads = [
      `/deals/${deal.id}`,
      `/deals/${deal.id}/files?page_size=5`,
      `/deals/${deal.id}/users-enhanced?page=1&page_size=5`,
      '/deals',
      '/user/profile',
      // An unknown deal: the route's own transaction answers 404 before the verdict is read.
      '/deals/00000000-0000-4000-8000-000000000000',
      // Bad input: the route throws before it opens any transaction.
      '/checklist-catalog?page=0',
    ];
    for (const path of reads) expect((await call('GET', path, { token: pair.access_token })).status, path).not.toBe(401);
    expect((await call('POST', '/auth/logout', { token: pair.access_token, body: { scope: 'local' } })).status).toBe(200);
    for (const path of reads) {
      const res = await call('GET', path, { token: pair.access_token });
      expect([res.status, res.body.detail], path).toEqual([401, SIGNED_OUT]);
    }
  });
});

describe('where the check goes', () => {
  const seen: string[] = [];
  const traced = postgres(databaseUrl, { max: 1, onnotice: () => {}, debug: (_id, query) => seen.push(query) });
  const app = appWith({ sql: traced });
  afterAll(() => traced.end());

  const statementsOf = async (method: string, path: string, token: string, body?: unknown) => {
    seen.length = 0;
    const res = await app.request(path, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(res.status, path).toBeLessThan(300);
    return seen.map((q) => (q.includes('session_is_live') ? 'check' : q.trim().split(/\s+/)[0]!.toLowerCase()));
  };

  it('a read sends it first in its transaction, before the setup; a write asks before its route runs', async () => {
    const owner = await registerUser('check-where');
    const deal = await createDeal(owner, 'Trace deal');
    const { access_token: token } = await login(owner.email);
    await statementsOf('GET', '/deals', token); // the connection's own first queries (its types) out of the way
    const read = await statementsOf('GET', `/deals/${deal.id}`, token);
    expect(read.slice(0, 3)).toEqual(['begin', 'check', 'select']);
    expect(read.filter((q) => q === 'check')).toHaveLength(1);
    const write = await statementsOf('PUT', '/user/profile', token, { first_name: 'Traced', last_name: 'Check' });
    expect(write.slice(0, 2)).toEqual(['check', 'begin']);
    expect(write.filter((q) => q === 'check')).toHaveLength(1);
  });
});
