/**
 * Sessions that end (docs/decisions.md decision 19): changing your password needs the current one and
 * signs out every other session, handing this one a fresh token; "sign out everywhere" ends them all
 * (refresh tokens and the sessions list: sessions-refresh.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { call, registerUser, sql } from './helpers.ts';
import { login } from './expect.ts';

const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

describe('PUT /user/password', () => {
  it('needs the current password, ends every older token, and returns a fresh one', async () => {
    const user = await registerUser('pw-change', 'first-password');
    const other = await login(user.email, 'first-password'); // a second session, e.g. another laptop
    expect(other.status).toBe(200);
    await nextSecond();
    const wrong = await call('PUT', '/user/password', {
      token: user.token,
      body: { current_password: 'guess', new_password: 'second-password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe('Your current password is not correct');
    expect((await call('GET', '/user/profile', { token: user.token })).status).toBe(200);
    for (const [body, detail] of [
      [{ current_password: 'first-password', new_password: '123' }, 'Password must be at least 6 characters'],
      [
        { current_password: 'first-password', new_password: 'first-password' },
        'The new password must differ from the current one',
      ],
      [{ new_password: 'second-password' }, 'Please enter your current password'],
    ] as const) {
      const res = await call('PUT', '/user/password', { token: user.token, body });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(detail);
    }

    const ok = await call('PUT', '/user/password', {
      token: user.token,
      body: { current_password: 'first-password', new_password: 'second-password' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await call('GET', '/user/profile', { token: user.token })).status).toBe(401);
    expect((await call('GET', '/user/profile', { token: other.body.access_token })).status).toBe(401);
    expect((await call('GET', '/user/profile', { token: ok.body.access_token })).status).toBe(200);
    expect((await login(user.email, 'first-password')).status).toBe(401);
    expect((await login(user.email, 'second-password')).status).toBe(200);
    const [{ n }] =
      await sql`select count(*)::int as n from public.audit_logs where entity_id = ${user.id} and action = 'user_password_changed'`;
    expect(n).toBe(1);
  });

  it('needs a signed-in caller', async () => {
    expect((await call('PUT', '/user/password', { body: { current_password: 'a', new_password: 'bbbbbbbb' } })).status).toBe(401);
  });
});

describe('POST /auth/logout', () => {
  it("'global' ends every session of the account; 'local' only its own", async () => {
    const user = await registerUser('logout');
    const second = await login(user.email, 'secret123');
    await nextSecond();
    const local = await call('POST', '/auth/logout', { token: second.body.access_token, body: {} });
    expect(local.status).toBe(200);
    expect(local.body).toEqual({ message: 'Logged out successfully', scope: 'local' });
    expect((await call('GET', '/user/profile', { token: user.token })).status).toBe(200);
    const bad = await call('POST', '/auth/logout', { token: user.token, body: { scope: 'everyone' } });
    expect(bad.status).toBe(400);
    const global = await call('POST', '/auth/logout', { token: user.token, body: { scope: 'global' } });
    expect(global.status).toBe(200);
    expect((await call('GET', '/user/profile', { token: user.token })).status).toBe(401);
    expect((await call('GET', '/user/profile', { token: second.body.access_token })).status).toBe(401);
    // Signing in again works, with a new token.
    expect((await login(user.email, 'secret123')).status).toBe(200);
    expect((await call('POST', '/auth/logout', { body: { scope: 'global' } })).status).toBe(401);
  });
});
