/**
 * Two-step verification (docs/decisions.md decision 22): TOTP enrolment with recovery codes, sign-ins
 * that must prove the second factor before reaching anything, codes that work once and cannot be
 * guessed, and deals whose admin requires it of everyone (refused by the database, not just the API).
 */
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { asUser, call, createDeal, registerUser, sql, tokenClaims, type TestUser, newMember } from './helpers.ts';
import { login } from './expect.ts';

const codeFor = (secret: string, offsetSteps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });
/** Lets the next verification use the current code again (each code works once; tests verify often). */
const forgetUsedCodes = (userId: string) => sql`update auth.mfa_factors set last_challenged_at = null where user_id = ${userId}`;

interface Enrolled {
  user: TestUser;
  factorId: string;
  secret: string;
  recoveryCodes: string[];
  aal2Token: string;
}

async function enrol(label: string): Promise<Enrolled> {
  const user = await registerUser(label);
  const started = await call('POST', '/auth/mfa/enroll', { token: user.token, body: { friendly_name: 'Work phone' } });
  expect(started.status).toBe(201);
  const verified = await call('POST', '/auth/mfa/verify', {
    token: user.token,
    body: { factor_id: started.body.id, code: codeFor(started.body.secret) },
  });
  expect(verified.status).toBe(200);
  await forgetUsedCodes(user.id);
  return {
    user,
    factorId: started.body.id,
    secret: started.body.secret,
    recoveryCodes: verified.body.recovery_codes,
    aal2Token: verified.body.access_token,
  };
}

describe('enrolment', () => {
  it('a secret and an otpauth URI, counted only once a code from it is verified; ten recovery codes then', async () => {
    const user = await registerUser('mfa-enrol');
    const started = await call('POST', '/auth/mfa/enroll', { token: user.token, body: { friendly_name: 'Work phone' } });
    expect(started.status).toBe(201);
    expect(started.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.body.uri).toMatch(/^otpauth:\/\/totp\/Data%20room:.+\?.*secret=/);
    // Not yet a factor: the profile says so and nothing is required of the next sign-in.
    expect((await call('GET', '/user/profile', { token: user.token })).body.mfa_enabled).toBe(false);
    expect((await login(user.email)).body.mfa_required).toBe(false);

    const wrong = await call('POST', '/auth/mfa/verify', {
      token: user.token,
      body: { factor_id: started.body.id, code: '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe(
      'That code is not right, or it was already used. Enter the current code from your authenticator app.',
    );
    const badShape = await call('POST', '/auth/mfa/verify', {
      token: user.token,
      body: { factor_id: started.body.id, code: '12ab' },
    });
    expect(badShape.body.detail).toBe('Enter the 6-digit code from your authenticator app');

    const ok = await call('POST', '/auth/mfa/verify', {
      token: user.token,
      body: { factor_id: started.body.id, code: codeFor(started.body.secret) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.recovery_codes).toHaveLength(10);
    expect(new Set(ok.body.recovery_codes).size).toBe(10);
    expect(ok.body.recovery_codes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(tokenClaims(ok.body.access_token).aal).toBe('aal2');
    expect(ok.body.user).toMatchObject({ mfa_enabled: true, session_aal: 'aal2' });
    const factors = await call('GET', '/auth/mfa/factors', { token: ok.body.access_token });
    expect(factors.body).toMatchObject({ session_aal: 'aal2', recovery_codes_left: 10 });
    expect(factors.body.factors).toEqual([
      expect.objectContaining({ id: started.body.id, friendly_name: 'Work phone', status: 'verified' }),
    ]);
    const audit = await sql`select action from public.audit_logs where performed_by = ${user.id} order by created_at`;
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['user_mfa_enrolled', 'user_recovery_codes_created']));
    // The secret never leaves the database again, and recovery codes are kept only as hashes.
    expect(JSON.stringify(factors.body)).not.toContain(started.body.secret);
    const stored = await sql`select code_hash from private.mfa_recovery_codes where user_id = ${user.id}`;
    expect(stored.map((r) => r.code_hash)).not.toContain(ok.body.recovery_codes[0]);
  });

  it('the old, pre-verification token of the enrolling session is spent: only the aal2 one refreshes', async () => {
    const user = await registerUser('mfa-spent');
    const pair = (await login(user.email)).body;
    const started = await call('POST', '/auth/mfa/enroll', { token: pair.access_token, body: {} });
    const ok = await call('POST', '/auth/mfa/verify', {
      token: pair.access_token,
      body: { factor_id: started.body.id, code: codeFor(started.body.secret) },
    });
    expect(ok.status).toBe(200);
    await sql`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where revoked`;
    expect((await call('POST', '/auth/refresh', { body: { refresh_token: pair.refresh_token } })).status).toBe(401);
  });
});

describe('signing in with a second factor', () => {
  it('a password alone reaches only the profile and the verification; a code opens the rest', async () => {
    const { user, factorId, secret } = await enrol('mfa-signin');
    const first = await login(user.email);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ mfa_required: true, user: { mfa_enabled: true, session_aal: 'aal1' } });
    const token = first.body.access_token;
    expect((await call('GET', '/user/profile', { token })).status).toBe(200);
    const blocked = await call('GET', '/deals', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body).toEqual({ detail: 'Enter the code from your authenticator app to continue.', code: 'mfa_required' });
    expect((await call('GET', '/invitations/my-invitations', { token })).status).toBe(403);
    expect((await call('GET', '/auth/sessions', { token })).status).toBe(403);
    expect((await call('PUT', '/user/profile', { token, body: { first_name: 'X' } })).status).toBe(403);
    // Nor can the password alone turn the factor off or enrol another.
    expect((await call('DELETE', `/auth/mfa/factors/${factorId}`, { token })).status).toBe(403);
    expect((await call('POST', '/auth/mfa/enroll', { token, body: {} })).status).toBe(403);

    const code = codeFor(secret);
    const verified = await call('POST', '/auth/mfa/verify', { token, body: { factor_id: factorId, code } });
    expect(verified.status).toBe(200);
    expect(verified.body.recovery_codes).toBeUndefined();
    expect((await call('GET', '/deals', { token: verified.body.access_token })).status).toBe(200);
    // Refreshing keeps the session at aal2.
    const refreshed = await call('POST', '/auth/refresh', { body: { refresh_token: verified.body.refresh_token } });
    expect(tokenClaims(refreshed.body.access_token).aal).toBe('aal2');

    // The same code a second time (seen over a shoulder) is refused.
    const other = (await login(user.email)).body.access_token;
    const replay = await call('POST', '/auth/mfa/verify', { token: other, body: { factor_id: factorId, code } });
    expect(replay.status).toBe(400);
  });

  it("five wrong codes from one client stop that client for a while, not the owner's own", async () => {
    const { user, factorId, secret } = await enrol('mfa-guess');
    const token = (await login(user.email)).body.access_token;
    const from = (address: string) => ({ 'x-forwarded-for': address });
    for (let i = 0; i < 5; i++) {
      const res = await call('POST', '/auth/mfa/verify', {
        token,
        body: { factor_id: factorId, code: String(100000 + i) },
        headers: from('203.0.113.66'),
      });
      expect(res.status).toBe(400);
    }
    const stopped = await call('POST', '/auth/mfa/verify', {
      token,
      body: { factor_id: factorId, code: codeFor(secret) },
      headers: from('203.0.113.66'),
    });
    expect(stopped.status).toBe(429);
    expect(stopped.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(stopped.body.detail).toMatch(/^Too many wrong codes\. Try again in/);
    // The owner, from their own address, proves the factor at once.
    const owner = await call('POST', '/auth/mfa/verify', {
      token: (await login(user.email)).body.access_token,
      body: { factor_id: factorId, code: codeFor(secret) },
      headers: from('198.51.100.66'),
    });
    expect(owner.status).toBe(200);
  });

  it('wrong codes from many clients slow every client for the account (30 s at first), never longer', async () => {
    const { user, factorId, secret } = await enrol('mfa-guess-many');
    const token = (await login(user.email)).body.access_token;
    const verify = (address: string, code: string) =>
      call('POST', '/auth/mfa/verify', { token, body: { factor_id: factorId, code }, headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < 20; i++) expect((await verify(`203.0.113.${100 + i}`, String(200000 + i))).status).toBe(400);
    const slowed = await verify('203.0.113.200', codeFor(secret));
    expect(slowed.status).toBe(429);
    expect(slowed.body.detail).toMatch(/^Too many wrong codes for this account\. Try again in \d+ seconds?\.$/);
    expect(Number(slowed.headers.get('retry-after'))).toBeLessThanOrEqual(30);
    // The owner waits as long as everyone else, and no longer.
    expect((await verify('198.51.100.67', codeFor(secret))).status).toBe(429);
    await sql`update private.auth_attempts set at = at - interval '31 seconds' where kind = 'mfa_failure' and subject = ${user.id}`;
    expect((await verify('198.51.100.67', codeFor(secret))).status).toBe(200);
  });

  it('a recovery code works once in place of a code; a used one is refused', async () => {
    const { user, recoveryCodes } = await enrol('mfa-recover');
    const token = (await login(user.email)).body.access_token;
    const recovered = await call('POST', '/auth/mfa/recover', { token, body: { code: recoveryCodes[3].toUpperCase() } });
    expect(recovered.status).toBe(200);
    expect(tokenClaims(recovered.body.access_token).aal).toBe('aal2');
    expect((await call('GET', '/deals', { token: recovered.body.access_token })).status).toBe(200);
    const again = (await login(user.email)).body.access_token;
    const reused = await call('POST', '/auth/mfa/recover', { token: again, body: { code: recoveryCodes[3] } });
    expect(reused.status).toBe(400);
    expect(reused.body.detail).toBe('That recovery code is not right, or it was already used.');
    const left = await call('GET', '/auth/mfa/factors', { token: recovered.body.access_token });
    expect(left.body.recovery_codes_left).toBe(9);
  });

  it('new recovery codes replace the old ones; removing the factor needs aal2 and forgets its codes', async () => {
    const { user, factorId, recoveryCodes, aal2Token } = await enrol('mfa-remove');
    const fresh = await call('POST', '/auth/mfa/recovery-codes', { token: aal2Token, body: {} });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recovery_codes).toHaveLength(10);
    const aal1 = (await login(user.email)).body.access_token;
    expect((await call('POST', '/auth/mfa/recover', { token: aal1, body: { code: recoveryCodes[0] } })).status).toBe(400);

    const removed = await call('DELETE', `/auth/mfa/factors/${factorId}`, { token: aal2Token });
    expect(removed.status).toBe(200);
    expect((await call('GET', '/user/profile', { token: aal2Token })).body.mfa_enabled).toBe(false);
    expect(await sql`select 1 from private.mfa_recovery_codes where user_id = ${user.id}`).toHaveLength(0);
    expect((await login(user.email)).body.mfa_required).toBe(false);
    expect((await call('DELETE', `/auth/mfa/factors/${factorId}`, { token: aal2Token })).status).toBe(404);
  });

  it("another person's factor is not found", async () => {
    const alice = await enrol('mfa-alice');
    const bob = await registerUser('mfa-bob');
    expect(
      (
        await call('POST', '/auth/mfa/verify', {
          token: bob.token,
          body: { factor_id: alice.factorId, code: codeFor(alice.secret) },
        })
      ).status,
    ).toBe(404);
    expect((await call('DELETE', `/auth/mfa/factors/${alice.factorId}`, { token: bob.token })).status).toBe(404);
  });
});

describe('"Require two-step verification" for a deal', () => {
  it('only an admin whose own session proved a factor can turn it on; members without one are led to verify', async () => {
    const owner = await enrol('mfa-deal-owner');
    const deal = await createDeal({ ...owner.user, token: owner.aal2Token }, 'Project Falcon');
    const plainAdmin = await login(owner.user.email);
    // The owner signed in with a password only cannot reach the deal at all (they enrolled a factor).
    expect(
      (
        await call('PUT', `/deals/${deal.id}`, {
          token: plainAdmin.body.access_token,
          body: { name: 'Project Falcon', require_mfa: true },
        })
      ).status,
    ).toBe(403);

    const member = await newMember(deal.id, 'viewer', 'mfa-deal-member');
    const noFactorAdmin = await newMember(deal.id, 'admin', 'mfa-deal-admin-nofactor');
    const refused = await call('PUT', `/deals/${deal.id}`, {
      token: noFactorAdmin.token,
      body: { name: 'Project Falcon', require_mfa: true },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(
      'Set up two-step verification for yourself and sign in with it before requiring it for this deal',
    );

    const on = await call('PUT', `/deals/${deal.id}`, {
      token: owner.aal2Token,
      body: { name: 'Project Falcon', require_mfa: true },
    });
    expect(on.status).toBe(200);
    expect(on.body.require_mfa).toBe(true);

    // A member without a factor: the deal is gone from the list, named among those needing verification,
    // and every path into it says why.
    expect((await call('GET', '/deals', { token: member.token })).body.map((d: { id: string }) => d.id)).not.toContain(deal.id);
    expect((await call('GET', '/deals/requiring-verification', { token: member.token })).body).toEqual([
      { id: deal.id, name: 'Project Falcon' },
    ]);
    for (const path of [
      `/deals/${deal.id}`,
      `/deals/${deal.id}/checklist`,
      `/deals/${deal.id}/users`,
      `/deals/${deal.id}/activity`,
    ]) {
      const res = await call('GET', path, { token: member.token });
      expect(res.status, path).toBe(403);
      expect(res.body.code, path).toBe('deal_mfa_required');
    }
    // Not even the admin without a factor can turn it off again.
    expect(
      (await call('PUT', `/deals/${deal.id}`, { token: noFactorAdmin.token, body: { name: 'x', require_mfa: false } })).status,
    ).toBe(403);

    // Once the member enrols and verifies, the deal is theirs again.
    const started = await call('POST', '/auth/mfa/enroll', { token: member.token, body: {} });
    const verified = await call('POST', '/auth/mfa/verify', {
      token: member.token,
      body: { factor_id: started.body.id, code: codeFor(started.body.secret) },
    });
    expect((await call('GET', `/deals/${deal.id}`, { token: verified.body.access_token })).status).toBe(200);
    expect((await call('GET', '/deals/requiring-verification', { token: verified.body.access_token })).body).toEqual([]);
    // A non-member still gets the plain 404.
    const outsider = await registerUser('mfa-outsider');
    expect((await call('GET', `/deals/${deal.id}`, { token: outsider.token })).status).toBe(404);
    const audit = await sql`select action from public.audit_logs where entity_id = ${deal.id} and action = 'deal_mfa_required'`;
    expect(audit).toHaveLength(1);
  });

  it('a super admin who enrolled holds no admin powers until the session proves the factor', async () => {
    const admin = (await login('admin@example.com', 'admin-password')).body;
    const adminId = admin.user.id as string;
    const started = await call('POST', '/auth/mfa/enroll', { token: admin.access_token, body: {} });
    try {
      const verified = await call('POST', '/auth/mfa/verify', {
        token: admin.access_token,
        body: { factor_id: started.body.id, code: codeFor(started.body.secret) },
      });
      expect(verified.status).toBe(200);
      expect((await call('GET', '/admin/users', { token: verified.body.access_token })).status).toBe(200);
      const plain = (await login('admin@example.com', 'admin-password')).body.access_token;
      expect((await call('GET', '/admin/users', { token: plain })).status).toBe(403);
      // And the database agrees: with aal1 claims the account is no super admin.
      const [row] = await asUser({ sub: adminId, aal: 'aal1' }, (tx) => tx`select private.is_super_admin() as yes`);
      expect(row.yes).toBe(false);
    } finally {
      await sql`delete from auth.mfa_factors where user_id = ${adminId}`;
      await sql`delete from private.mfa_recovery_codes where user_id = ${adminId}`;
    }
  });
});
