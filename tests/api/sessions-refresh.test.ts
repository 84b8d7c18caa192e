/**
 * Sessions as GoTrue keeps them (docs/decisions.md decision 21): short access tokens bound to a session,
 * rotating refresh tokens whose reuse ends the whole session, sign-out of this, other or every session,
 * and the sessions list. Every ended session's tokens stop working at once, not when they expire.
 */
import { describe, expect, it } from 'vitest';
import { call, createDeal, registerUser, sql, tokenClaims, newMember } from './helpers.ts';

const login = (email: string, password = 'secret123', userAgent = 'Mozilla/5.0 (Macintosh) Firefox/130.0') =>
  call('POST', '/auth/login', { body: { email, password }, headers: { 'user-agent': userAgent } });
const refresh = (token: string) => call('POST', '/auth/refresh', { body: { refresh_token: token } });
const profileStatus = async (token: string) => (await call('GET', '/user/profile', { token })).status;
/** Moves a spent refresh token's revocation out of the two-tabs grace window, as if a minute had passed. */
const ageSpentTokens = (sessionId: string) =>
  sql`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where session_id = ${sessionId} and revoked`;

describe('sign-in answers a session', () => {
  it('an access token bound to a session, a refresh token and its lifetime', async () => {
    const user = await registerUser('session-shape');
    const res = await login(user.email);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, mfa_required: false });
    expect(res.body.refresh_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const claims = tokenClaims(res.body.access_token);
    expect(claims).toMatchObject({ sub: user.id, aal: 'aal1' });
    const [row] = await sql`select user_id, user_agent from auth.sessions where id = ${claims.session_id}`;
    expect(row).toEqual({ user_id: user.id, user_agent: 'Mozilla/5.0 (Macintosh) Firefox/130.0' });
    // The refresh token itself is never stored, only its hash.
    const stored = await sql`select 1 from auth.refresh_tokens where token = ${res.body.refresh_token}`;
    expect(stored).toHaveLength(0);
  });
});

describe('POST /auth/refresh', () => {
  it('spends the refresh token for a new pair in the same session', async () => {
    const user = await registerUser('refresh');
    const first = (await login(user.email)).body;
    const next = await refresh(first.refresh_token);
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).not.toBe(first.refresh_token);
    expect(tokenClaims(next.body.access_token).session_id).toBe(tokenClaims(first.access_token).session_id);
    expect(next.body.user.id).toBe(user.id);
    expect(await profileStatus(next.body.access_token)).toBe(200);
    // The successor refreshes in turn.
    expect((await refresh(next.body.refresh_token)).status).toBe(200);
  });

  it('a spent token presented again ends the whole session: every token of it stops working', async () => {
    const user = await registerUser('reuse');
    const stolen = (await login(user.email)).body;
    const sessionId = tokenClaims(stolen.access_token).session_id;
    const owner = (await refresh(stolen.refresh_token)).body; // the owner refreshes first
    await ageSpentTokens(sessionId);
    const thief = await refresh(stolen.refresh_token);
    expect(thief.status).toBe(401);
    expect(thief.body).toEqual({
      detail: 'This session was ended because its sign-in was used from two places. Please sign in again.',
      code: 'refresh_reused',
    });
    expect((await refresh(owner.refresh_token)).status).toBe(401);
    expect(await profileStatus(owner.access_token)).toBe(401);
    expect(await sql`select 1 from auth.sessions where id = ${sessionId}`).toHaveLength(0);
    // Another session of the same account is untouched.
    const other = (await login(user.email)).body;
    expect(await profileStatus(other.access_token)).toBe(200);
  });

  it('two tabs refreshing at once: the later one is told to retry, and the session lives on', async () => {
    const user = await registerUser('race');
    const first = (await login(user.email)).body;
    const winner = await refresh(first.refresh_token);
    const loser = await refresh(first.refresh_token);
    expect(winner.status).toBe(200);
    expect(loser.status).toBe(401);
    expect(loser.body.code).toBe('refresh_raced');
    expect(await profileStatus(winner.body.access_token)).toBe(200);
    expect((await refresh(winner.body.refresh_token)).status).toBe(200);
  });

  it('refuses an unknown token, a missing one, and a session idle past its limit', async () => {
    expect((await refresh('not-a-real-refresh-token')).body).toEqual({
      detail: 'Your session has ended. Please sign in again.',
      code: 'refresh_invalid',
    });
    const missing = await call('POST', '/auth/refresh', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe('refresh_token is required');
    const user = await registerUser('idle');
    const pair = (await login(user.email)).body;
    await sql`update auth.sessions set refreshed_at = (now() at time zone 'utc') - interval '8 days',
                created_at = now() - interval '8 days' where id = ${tokenClaims(pair.access_token).session_id}`;
    const idle = await refresh(pair.refresh_token);
    expect(idle.status).toBe(401);
    expect(idle.body.code).toBe('refresh_idle');
  });

  it('a deleted account cannot refresh', async () => {
    const user = await registerUser('deleted-refresh');
    const pair = (await login(user.email)).body;
    await sql`update auth.users set deleted_at = now() where id = ${user.id}`;
    expect((await refresh(pair.refresh_token)).status).toBe(401);
    expect(await profileStatus(pair.access_token)).toBe(401);
  });
});

describe('POST /auth/logout', () => {
  it("'local' ends this session on the server: its access and refresh tokens stop working", async () => {
    const user = await registerUser('logout-local');
    const here = (await login(user.email)).body;
    const elsewhere = (await login(user.email)).body;
    const res = await call('POST', '/auth/logout', { token: here.access_token, body: { scope: 'local' } });
    expect(res.status).toBe(200);
    expect(await profileStatus(here.access_token)).toBe(401);
    expect((await call('GET', '/user/profile', { token: here.access_token })).body.detail).toBe(
      'You were signed out. Please sign in again.',
    );
    expect((await refresh(here.refresh_token)).status).toBe(401);
    expect(await profileStatus(elsewhere.access_token)).toBe(200);
  });

  it("'others' ends every other session and keeps this one", async () => {
    const user = await registerUser('logout-others');
    const here = (await login(user.email)).body;
    const elsewhere = (await login(user.email)).body;
    const res = await call('POST', '/auth/logout', { token: here.access_token, body: { scope: 'others' } });
    expect(res.body).toEqual({ message: 'Logged out successfully', scope: 'others' });
    expect(await profileStatus(here.access_token)).toBe(200);
    expect(await profileStatus(elsewhere.access_token)).toBe(401);
    expect((await refresh(elsewhere.refresh_token)).status).toBe(401);
    expect((await refresh(here.refresh_token)).status).toBe(200);
  });

  it("'global' ends every session, refresh tokens included", async () => {
    const user = await registerUser('logout-global');
    const here = (await login(user.email)).body;
    const elsewhere = (await login(user.email)).body;
    expect((await call('POST', '/auth/logout', { token: here.access_token, body: { scope: 'global' } })).status).toBe(200);
    for (const pair of [here, elsewhere]) {
      expect(await profileStatus(pair.access_token)).toBe(401);
      expect((await refresh(pair.refresh_token)).status).toBe(401);
    }
  });
});

describe('the sessions list', () => {
  it('shows where each session signed in, marks this one, and signs another out', async () => {
    const user = await registerUser('sessions-list');
    const laptop = (await login(user.email, 'secret123', 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0')).body;
    const phone = (await login(user.email, 'secret123', 'Mozilla/5.0 (iPhone) Safari/605.1')).body;
    const list = await call('GET', '/auth/sessions', { token: laptop.access_token });
    expect(list.status).toBe(200);
    const agents = list.body.sessions.map((s: { user_agent: string }) => s.user_agent);
    expect(agents).toEqual(
      expect.arrayContaining(['Mozilla/5.0 (Windows NT 10.0) Chrome/131.0', 'Mozilla/5.0 (iPhone) Safari/605.1']),
    );
    const current = list.body.sessions.filter((s: { is_current: boolean }) => s.is_current);
    expect(current).toHaveLength(1);
    expect(current[0].id).toBe(tokenClaims(laptop.access_token).session_id);
    expect(current[0]).toMatchObject({ aal: 'aal1' });
    expect(typeof current[0].last_active_at).toBe('string');

    const phoneId = tokenClaims(phone.access_token).session_id;
    const own = await call('DELETE', `/auth/sessions/${current[0].id}`, { token: laptop.access_token });
    expect(own.status).toBe(400);
    expect(own.body.detail).toBe('This is the session you are using: sign out instead.');
    const ended = await call('DELETE', `/auth/sessions/${phoneId}`, { token: laptop.access_token });
    expect(ended.status).toBe(200);
    expect(await profileStatus(phone.access_token)).toBe(401);
    expect((await refresh(phone.refresh_token)).status).toBe(401);
    expect((await call('DELETE', `/auth/sessions/${phoneId}`, { token: laptop.access_token })).status).toBe(404);
    expect((await call('DELETE', '/auth/sessions/not-a-uuid', { token: laptop.access_token })).status).toBe(404);
    const [audit] =
      await sql`select action from public.audit_logs where performed_by = ${user.id} and action = 'user_session_ended'`;
    expect(audit).toBeDefined();
  });

  it("never shows or ends another person's sessions", async () => {
    const alice = await registerUser('alice-sessions');
    const bob = await registerUser('bob-sessions');
    const bobs = (await login(bob.email)).body;
    const bobSession = tokenClaims(bobs.access_token).session_id;
    const list = await call('GET', '/auth/sessions', { token: alice.token });
    expect(list.body.sessions.map((s: { id: string }) => s.id)).not.toContain(bobSession);
    expect((await call('DELETE', `/auth/sessions/${bobSession}`, { token: alice.token })).status).toBe(404);
    expect(await profileStatus(bobs.access_token)).toBe(200);
  });
});

describe('what ends sessions', () => {
  it('a password change ends the refresh tokens of every other session', async () => {
    const user = await registerUser('pw-refresh', 'first-password');
    const here = (await login(user.email, 'first-password')).body;
    const elsewhere = (await login(user.email, 'first-password')).body;
    const changed = await call('PUT', '/user/password', {
      token: here.access_token,
      body: { current_password: 'first-password', new_password: 'second-password' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.refresh_token).toBeTruthy();
    expect((await refresh(elsewhere.refresh_token)).status).toBe(401);
    expect((await refresh(here.refresh_token)).status).toBe(401);
    expect((await refresh(changed.body.refresh_token)).status).toBe(200);
  });

  it("a super admin's reset ends the person's sessions, refresh tokens included", async () => {
    const admin = (await login('admin@example.com', 'admin-password')).body;
    const user = await registerUser('ended-by-reset');
    const pair = (await login(user.email)).body;
    const res = await call('POST', `/admin/users/${user.id}/reset-password`, {
      token: admin.access_token,
      body: { new_password: 'brand-new-password' },
    });
    expect(res.status).toBe(200);
    expect(await profileStatus(pair.access_token)).toBe(401);
    expect((await refresh(pair.refresh_token)).status).toBe(401);
  });

  it('a suspended or removed member loses the deal with the token they hold, at once', async () => {
    const owner = await registerUser('owner-ends');
    const deal = await createDeal(owner, 'Suspension deal');
    for (const change of ['suspend', 'remove'] as const) {
      const member = await newMember(deal.id, 'viewer', `member-${change}`);
      const pair = (await login(member.email)).body;
      expect((await call('GET', `/deals/${deal.id}`, { token: pair.access_token })).status).toBe(200);
      if (change === 'suspend')
        await sql`update public.deal_members set status = 'suspended' where deal_id = ${deal.id} and user_id = ${member.id}`;
      else await sql`delete from public.deal_members where deal_id = ${deal.id} and user_id = ${member.id}`;
      expect((await call('GET', `/deals/${deal.id}`, { token: pair.access_token })).status).toBe(404);
      expect((await call('GET', `/deals/${deal.id}/checklist`, { token: pair.access_token })).status).toBe(404);
    }
  });
});
