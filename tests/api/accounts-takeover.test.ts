// The pre-account takeover (docs/decisions.md decision 30): a stranger registers someone's address
// with a password of their own before its owner acts. Whatever link the owner then opens, the
// stranger's password must not survive the proof of the address, nor any session it opened; and the
// registration's own confirmation confirms only for the person who registered.
import { describe, expect, it } from 'vitest';
import { call, registerUser, sql, uniqueEmail } from './helpers.ts';
import { expectError, inviteToNewDeal, latestMagicLink, PASSWORD_UNPROVED } from './expect.ts';

const PROOF_REQUIRED =
  'This link confirms a registration. Enter the password chosen when registering to confirm it. If you did not register, ignore this link.';
const WRONG_PASSWORD =
  'That is not the password chosen when registering. If you did not register with this address, ignore this link and use "Email me a sign-in link" instead.';

function invite(email: string) {
  return inviteToNewDeal(email, 'takeover-owner');
}

async function signInLink(email: string): Promise<string> {
  expect((await call('POST', '/auth/magic-link', { body: { email } })).status).toBe(200);
  const { token, body } = await latestMagicLink(email);
  expect(body).not.toContain('kind=confirm');
  return token;
}

const confirmedAt = async (email: string) =>
  (await sql<{ at: Date | null }[]>`select email_confirmed_at as at from auth.users where email = ${email}`)[0].at;

describe('a sign-in link to an address a stranger registered', () => {
  it("clears the stranger's password and ends their sessions; the owner accepts and sets their own", async () => {
    const cfo = uniqueEmail('cfo');
    const { deal, invitationId } = await invite(cfo);
    // The attacker registers the CFO's address with their own password (embedded: signed in at once).
    const reg = await call('POST', '/auth/register', { body: { email: cfo, password: 'attacker-pass' } });
    expect(reg.status).toBe(200);
    const attackerToken = reg.body.access_token as string;

    // The CFO asks for a sign-in link and opens it.
    const opened = await call('POST', '/auth/magic-link/verify', { body: { token: await signInLink(cfo) } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.password_cleared).toBe(true);
    expect(opened.body.message).toContain('we removed it and signed out every other session');
    expect(opened.body.user.has_password).toBe(false);
    const cfoToken = opened.body.access_token as string;

    // The attacker's session ended and the password no longer signs in.
    expectError(await call('GET', '/user/profile', { token: attackerToken }), 401);
    expectError(await call('POST', '/auth/login', { body: { email: cfo, password: 'attacker-pass' } }), 401);

    // The CFO answers the invitation and works in the deal.
    expect((await call('POST', `/invitations/${invitationId}/accept`, { token: cfoToken })).status).toBe(200);
    expect((await call('GET', `/deals/${deal.id}`, { token: cfoToken })).status).toBe(200);
    // Still nothing for the attacker's password, after the acceptance too.
    expectError(await call('POST', '/auth/login', { body: { email: cfo, password: 'attacker-pass' } }), 401);

    // The CFO sets a password of their own without knowing the removed one.
    const set = await call('PUT', '/user/password', { token: cfoToken, body: { new_password: 'cfo-own-pass' } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.user.has_password).toBe(true);
    const back = await call('POST', '/auth/login', { body: { email: cfo, password: 'cfo-own-pass' } });
    expect(back.status).toBe(200);
    expect((await call('GET', `/deals/${deal.id}`, { token: back.body.access_token })).status).toBe(200);
    // From now on a change asks for the current password again.
    expectError(
      await call('PUT', '/user/password', { token: back.body.access_token, body: { new_password: 'another-pass' } }),
      400,
      'Please enter your current password',
    );
  });

  it('leaves a confirmed account with its password as it was', async () => {
    const user = await registerUser('honest', 'honest-pass');
    const opened = await call('POST', '/auth/magic-link/verify', { body: { token: await signInLink(user.email) } });
    expect(opened.status).toBe(200);
    expect(opened.body.password_cleared).toBeUndefined();
    expect(opened.body.user.has_password).toBe(true);
    expect((await call('GET', '/user/profile', { token: user.token })).status).toBe(200);
    expect((await call('POST', '/auth/login', { body: { email: user.email, password: 'honest-pass' } })).status).toBe(200);
  });
});

describe("the registration's confirmation link", () => {
  it('confirms nothing for someone who is not the registrant, and is not spent by them', async () => {
    const victim = uniqueEmail('victim');
    expect((await call('POST', '/auth/register', { body: { email: victim, password: 'attacker-pass' } })).status).toBe(200);
    const { token, body } = await latestMagicLink(victim);
    expect(body).toContain('If you did not register, ignore this message');

    // The victim opens it in their own browser (no session): asked for the registration's password.
    expectError(await call('POST', '/auth/magic-link/verify', { body: { token } }), 401, PROOF_REQUIRED);
    expectError(await call('POST', '/auth/magic-link/verify', { body: { token, password: 'a-guess' } }), 400, WRONG_PASSWORD);
    // A session of another account proves nothing either.
    const other = await registerUser('bystander');
    expectError(await call('POST', '/auth/magic-link/verify', { token: other.token, body: { token } }), 401, PROOF_REQUIRED);
    expect(await confirmedAt(victim)).toBeNull();
  });

  it('confirms for the registrant, with the registering session or the password, and keeps the password', async () => {
    const inSameBrowser = uniqueEmail('same-browser');
    const reg = await call('POST', '/auth/register', { body: { email: inSameBrowser, password: 'mine-1234' } });
    const { token } = await latestMagicLink(inSameBrowser);
    const viaSession = await call('POST', '/auth/magic-link/verify', { token: reg.body.access_token, body: { token } });
    expect(viaSession.status, JSON.stringify(viaSession.body)).toBe(200);
    expect(viaSession.body.password_cleared).toBeUndefined();
    expect(await confirmedAt(inSameBrowser)).not.toBeNull();
    // The registering session goes on, and the password signs in.
    expect((await call('GET', '/user/profile', { token: reg.body.access_token })).status).toBe(200);
    expect((await call('POST', '/auth/login', { body: { email: inSameBrowser, password: 'mine-1234' } })).status).toBe(200);

    const elsewhere = uniqueEmail('other-browser');
    await call('POST', '/auth/register', { body: { email: elsewhere, password: 'mine-5678' } });
    const link = (await latestMagicLink(elsewhere)).token;
    const viaPassword = await call('POST', '/auth/magic-link/verify', { body: { token: link, password: 'mine-5678' } });
    expect(viaPassword.status).toBe(200);
    expect(viaPassword.body.password_cleared).toBeUndefined();
    expect((await call('POST', '/auth/login', { body: { email: elsewhere, password: 'mine-5678' } })).status).toBe(200);
    // Spent now.
    expectError(await call('POST', '/auth/magic-link/verify', { body: { token: link, password: 'mine-5678' } }), 400);
  });

  it("never takes a later registration's password (the reverse takeover)", async () => {
    const email = uniqueEmail('reverse');
    const owner = await call('POST', '/auth/register', { body: { email, password: 'owner-pass' } });
    expect(owner.status).toBe(200);
    const ownerLink = (await latestMagicLink(email)).token;
    expectError(await call('POST', '/auth/register', { body: { email, password: 'attacker-pass' } }), 400);
    const confirmed = await call('POST', '/auth/magic-link/verify', {
      token: owner.body.access_token,
      body: { token: ownerLink },
    });
    expect(confirmed.status).toBe(200);
    expect((await call('POST', '/auth/login', { body: { email, password: 'owner-pass' } })).status).toBe(200);
    expectError(await call('POST', '/auth/login', { body: { email, password: 'attacker-pass' } }), 401);
  });
});

describe('an address confirmed outside the API (GoTrue verifying its own link on Supabase)', () => {
  it("refuses the account's sessions until a sign-in link clears the password", async () => {
    const target = uniqueEmail('gotrue-confirmed');
    const { deal, invitationId } = await invite(target);
    const reg = await call('POST', '/auth/register', { body: { email: target, password: 'attacker-pass' } });
    const attackerToken = reg.body.access_token as string;
    // The address is proved the way GoTrue's /verify does it: one update of email_confirmed_at.
    await sql`update auth.users set email_confirmed_at = now() where email = ${target}`;

    expectError(await call('GET', '/user/profile', { token: attackerToken }), 403, PASSWORD_UNPROVED);
    expectError(await call('GET', '/deals', { token: attackerToken }), 403, PASSWORD_UNPROVED);
    // Signing in again with the password hands out no session.
    expectError(
      await call('POST', '/auth/login', { body: { email: target, password: 'attacker-pass' } }),
      403,
      PASSWORD_UNPROVED,
    );
    expectError(await call('POST', `/invitations/${invitationId}/accept`, { token: attackerToken }), 403, PASSWORD_UNPROVED);

    const opened = await call('POST', '/auth/magic-link/verify', { body: { token: await signInLink(target) } });
    expect(opened.status).toBe(200);
    expect(opened.body.password_cleared).toBe(true);
    expectError(await call('GET', '/user/profile', { token: attackerToken }), 401);
    expectError(await call('POST', '/auth/login', { body: { email: target, password: 'attacker-pass' } }), 401);
    expect((await call('POST', `/invitations/${invitationId}/accept`, { token: opened.body.access_token })).status).toBe(200);
    expect((await call('GET', `/deals/${deal.id}`, { token: opened.body.access_token })).status).toBe(200);
  });
});
