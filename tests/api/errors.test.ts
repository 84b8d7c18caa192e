import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { createApi } from '../../supabase/functions/_shared/app.ts';
import { embeddedAuth } from '../../supabase/functions/_shared/adapters/embedded-auth.ts';
import { outboxMail } from '../../supabase/functions/_shared/adapters/mail.ts';
import { DATABASE_UNAVAILABLE } from '../../supabase/functions/_shared/errors.ts';
import { app, auth, call, JWT_SECRET, registerUser, sql, storage } from './helpers.ts';
import { expectError } from './expect.ts';

const LIMIT = 64 * 1024;

describe('GET /health', () => {
  it('answers 200 with the database reachable, without a token', async () => {
    const res = await call('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('a database that cannot be reached', () => {
  // The same API on a Postgres that is down: every answer is a 503 with Retry-After, never a 500.
  const down = postgres('postgres://postgres:x@127.0.0.1:9/none', { max: 1, connect_timeout: 1, onnotice: () => {} });
  const downApi = createApi({
    sql: down,
    auth: embeddedAuth({ sql: down, mail: outboxMail(down, () => {}), jwtSecret: JWT_SECRET, jwtExpirySeconds: 3600 }),
    mail: outboxMail(down, () => {}),
    blobs: storage.store,
    config: { jwtExpirySeconds: 3600, publicUrl: 'http://localhost:3000', maxJsonBytes: 64 * 1024, maxUploadBytes: 1024 },
  });
  afterAll(() => down.end({ timeout: 1 }));

  it('health says the database is down, with 503 and Retry-After', async () => {
    const res = await downApi.request('/health');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ status: 'unavailable', database: 'down', detail: DATABASE_UNAVAILABLE });
  });

  it('a signed-in request and a sign-in get 503 with Retry-After and a clear detail', async () => {
    const user = await registerUser('db-down');
    const deals = await downApi.request('/deals', { headers: { authorization: `Bearer ${user.token}` } });
    expect(deals.status).toBe(503);
    expect(deals.headers.get('retry-after')).toBe('5');
    expect(await deals.json()).toEqual({ detail: DATABASE_UNAVAILABLE });
    const login = await downApi.request('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: 'secret123' }),
    });
    expect(login.status).toBe(503);
  });
});

describe('an unexpected fault', () => {
  it('answers 500 with a plain detail and the request id (body and header), logged with that id and no internals', async () => {
    const lines: Record<string, unknown>[] = [];
    const faulty = createApi({
      log: { info: () => {}, warn: () => {}, error: (msg, fields) => lines.push({ msg, ...fields }) },
      sql,
      auth: { ...auth, verifyToken: () => Promise.reject(new Error('the key store is on fire')) },
      mail: outboxMail(sql, () => {}),
      blobs: storage.store,
      config: { jwtExpirySeconds: 3600, publicUrl: 'http://localhost:3000', maxJsonBytes: 64 * 1024, maxUploadBytes: 1024 },
    });
    const res = await faulty.request('/deals', { headers: { authorization: 'Bearer x.y.z', 'x-request-id': 'trace-7' } });
    expect(res.status).toBe(500);
    expect(res.headers.get('x-request-id')).toBe('trace-7');
    const body = await res.json();
    expect(body).toEqual({ detail: 'Something went wrong on our side. Please try again.', request_id: 'trace-7' });
    expect(JSON.stringify(body)).not.toContain('fire');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'unexpected error',
      request_id: 'trace-7',
      method: 'GET',
      error: 'the key store is on fire',
    });
  });

  it('mints a request id when the caller sends none or an unusable one', async () => {
    const plain = await app.request('/health');
    expect(plain.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const odd = await app.request('/health', { headers: { 'x-request-id': 'has spaces and <html>' } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/no-such-thing'],
    ['GET', '/deals/x/y/z/w'],
    ['DELETE', '/deals'],
    ['PATCH', '/user/profile'],
    ['POST', '/health'],
    ['GET', '/auth/login'],
    ['GET', '/auth/register'],
  ])('%s %s answers 404 JSON with a detail', async (method, path) => {
    const user = await registerUser('notfound');
    const res = await call(method, path, { token: user.token });
    expectError(res, 404, new RegExp(`No such endpoint: ${method}`));
  });
});

describe('body size limit', () => {
  const big = (size: number) => JSON.stringify({ email: 'big@example.com', password: 'x'.repeat(size) });

  it('answers 413 JSON to a body over 64 KiB on public routes, and writes nothing', async () => {
    const email = `big-${Date.now()}@example.com`;
    const res = await call('POST', '/auth/register', { rawBody: JSON.stringify({ email, password: 'x'.repeat(LIMIT) }) });
    expectError(res, 413, /larger than 65536 bytes/);
    expect(await sql`select 1 from auth.users where email = ${email}`).toHaveLength(0);
  });

  it('answers 413 on protected routes', async () => {
    const user = await registerUser('big');
    const res = await call('PUT', '/user/profile', {
      token: user.token,
      rawBody: JSON.stringify({ first_name: 'x'.repeat(LIMIT + 1) }),
    });
    expectError(res, 413);
    const deal = await call('POST', '/deals', {
      token: user.token,
      rawBody: JSON.stringify({ name: 'Big', description: 'd'.repeat(LIMIT) }),
    });
    expectError(deal, 413);
    expect(await sql`select 1 from public.deals where owner_id = ${user.id}`).toHaveLength(0);
  });

  it('trusts a declared Content-Length over the limit without reading the body', async () => {
    const res = await app.request('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(LIMIT + 1) },
      body: '{}',
    });
    expect(res.status).toBe(413);
    expect(typeof (await res.json()).detail).toBe('string');
  });

  it('accepts a body just under the limit', async () => {
    // Well-formed but invalid: the route answers, not the limit.
    const res = await call('POST', '/auth/login', { rawBody: big(LIMIT - 100) });
    expect(res.status).not.toBe(413);
    expect([400, 401]).toContain(res.status);
  });
});

describe('error bodies', () => {
  it('every 4xx answer is JSON with a string detail', async () => {
    const user = await registerUser('bodies');
    const cases: [string, string, { token?: string; body?: unknown; rawBody?: string }, number][] = [
      ['POST', '/auth/register', { rawBody: '{' }, 400],
      ['POST', '/auth/login', { body: { email: user.email, password: 'wrong-one' } }, 401],
      ['POST', '/auth/magic-link/verify', { body: { token: 'nope' } }, 400],
      ['GET', '/user/profile', {}, 401],
      ['PUT', '/user/profile', { token: user.token, body: { preferred_color: 'blue' } }, 400],
      ['GET', '/deals?view=bad', { token: user.token }, 400],
      ['GET', '/deals/not-a-uuid', { token: user.token }, 404],
      ['POST', '/deals', { token: user.token, body: { name: ' ' } }, 400],
      ['GET', '/checklist-catalog/presets?page_size=0', { token: user.token }, 400],
      ['GET', '/nowhere', { token: user.token }, 404],
    ];
    for (const [method, path, opts, status] of cases) {
      expectError(await call(method, path, opts), status);
    }
  });
});
