// Joining from an invitation link (docs/decisions.md decision 33): registering or signing in through the
// link proves the address at once, so the invitation is the only mail. Any other token proves nothing,
// writes nothing and counts as a failed link; a registration a stranger made of the address is not kept
// (decision 30), and a confirmed address is never touched.
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { createApi } from '../../supabase/functions/_shared/app.ts';
import { auth, call, registerUser, sql, storage, uniqueEmail } from './helpers.ts';
import { expectError, invitationLinkToken, inviteToNewDeal, PASSWORD_UNPROVED } from './expect.ts';
import { outboxMail } from '../../supabase/functions/_shared/adapters/mail.ts';

const LINK_INVALID =
  'This invitation link cannot be used to register or sign in: it was sent to another address, was answered or withdrawn, has expired, or a newer invitation e-mail replaced it. Open the link in the latest invitation e-mail, or ask for a new invitation.';
const ADDRESS_TAKEN = 'An account with this email already exists. Sign in instead.';

async function inviteTo(email: string) {
  const invited = await inviteToNewDeal(email, 'join-owner');
  return { ...invited, link: { id: invited.invitationId, token: await invitationLinkToken(email) } };
}

const subjectsTo = async (email: string) =>
  (await sql<{ subject: string }[]>`select subject from private.mail_outbox where to_email = ${email} order by id`).map(
    (m) => m.subject,
  );

const accountOf = async (email: string) =>
  (
    await sql<{ id: string; confirmed: boolean }[]>`
      select id, email_confirmed_at is not null as confirmed from auth.users where email = ${email}`
  )[0];

let clients = 0;
/** A client address of its own, so the failed-link count is this test's. */
const newClient = () => `198.51.100.${(++clients % 250) + 1}-${process.pid}-${Date.now()}`;
const failedLinks = async (client: string) =>
  (
    await sql<{ n: number }[]>`
      select count(*)::int as n from private.auth_attempts where kind = 'verify_failure' and client = ${client}`
  )[0].n;

describe('registering from the invitation link', () => {
  it('confirms the address at once: no second mail, and the invitation is answered at once', async () => {
    const email = uniqueEmail('invitee');
    const { deal, invitationId, link } = await inviteTo(email);
    const reg = await call('POST', '/auth/register', { body: { email, password: 'invitee-pass', invitation: link } });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    expect(reg.body.user).toMatchObject({ email, email_confirmed: true, has_password: true });
    expect(await subjectsTo(email)).toEqual(['You\'re invited to "Target Corp acquisition"']);

    const token = reg.body.access_token as string;
    const mine = await call('GET', '/invitations/my-invitations', { token });
    expect(mine.body.map((i: { invitation_id: string }) => i.invitation_id)).toEqual([invitationId]);
    const accepted = await call('POST', `/invitations/${invitationId}/accept`, { token, body: { token: link.token } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await call('GET', `/deals/${deal.id}`, { token })).status).toBe(200);
    expect((await call('POST', '/auth/login', { body: { email, password: 'invitee-pass' } })).status).toBe(200);
  });

  it('refuses any other token with 400, creates nothing and counts a failed link', async () => {
    const email = uniqueEmail('refused');
    const { owner, deal, invitationId, link } = await inviteTo(email);
    const other = uniqueEmail('other-address');
    const client = newClient();
    const attempt = (address: string, invitation: unknown) =>
      call('POST', '/auth/register', {
        body: { email: address, password: 'some-pass', invitation },
        headers: { 'cf-connecting-ip': client },
      });

    expectError(await attempt(email, { id: invitationId, token: 'z'.repeat(43) }), 400, LINK_INVALID);
    // The right token for another invitation id, and for another address.
    expectError(await attempt(email, { id: crypto.randomUUID(), token: link.token }), 400, LINK_INVALID);
    expectError(await attempt(other, link), 400, LINK_INVALID);
    // A token replaced by a resend.
    expect((await call('POST', `/deals/${deal.id}/invitations/${invitationId}/resend`, { token: owner.token })).status).toBe(200);
    const fresh = { id: invitationId, token: await invitationLinkToken(email) };
    expectError(await attempt(email, link), 400, LINK_INVALID);
    // Expired.
    await sql`update public.invitations set expires_at = now() - interval '1 minute' where id = ${invitationId}`;
    expectError(await attempt(email, fresh), 400, LINK_INVALID);
    expect(await failedLinks(client)).toBe(5);
    expect(await accountOf(email)).toBeUndefined();
    expect(await accountOf(other)).toBeUndefined();
    // Nothing was mailed either (the invitation and its resend only).
    expect(await subjectsTo(email)).toHaveLength(2);
    expect(await subjectsTo(other)).toEqual([]);
  });

  it('refuses a revoked or answered invitation', async () => {
    const revokedEmail = uniqueEmail('revoked');
    const revoked = await inviteTo(revokedEmail);
    const del = await call('DELETE', `/deals/${revoked.deal.id}/invitations/${revoked.invitationId}`, {
      token: revoked.owner.token,
    });
    expect(del.status).toBe(200);
    expectError(
      await call('POST', '/auth/register', { body: { email: revokedEmail, password: 'x-pass-1', invitation: revoked.link } }),
      400,
      LINK_INVALID,
    );
    expect(await accountOf(revokedEmail)).toBeUndefined();

    const answeredEmail = uniqueEmail('answered');
    const answered = await inviteTo(answeredEmail);
    await sql`update public.invitations set status = 'declined', responded_at = now() where id = ${answered.invitationId}`;
    expectError(
      await call('POST', '/auth/register', { body: { email: answeredEmail, password: 'x-pass-1', invitation: answered.link } }),
      400,
      LINK_INVALID,
    );
    expect(await accountOf(answeredEmail)).toBeUndefined();
  });

  it('after the failed-link limit, refuses even the right token for a while', async () => {
    const email = uniqueEmail('limited');
    const { link } = await inviteTo(email);
    const client = newClient();
    await sql`insert into private.auth_attempts (kind, client) select 'verify_failure', ${client} from generate_series(1, 30)`;
    const res = await call('POST', '/auth/register', {
      body: { email, password: 'some-pass', invitation: link },
      headers: { 'cf-connecting-ip': client },
    });
    expectError(res, 429);
    expect(await accountOf(email)).toBeUndefined();
  });

  it("does not keep a stranger's earlier registration: password replaced, sessions ended, factors gone", async () => {
    const email = uniqueEmail('pre-registered');
    const { deal, invitationId, link } = await inviteTo(email);
    // The stranger registers the address first (embedded: signed in at once) and enrols a second factor.
    const stranger = await call('POST', '/auth/register', { body: { email, password: 'stranger-pass' } });
    expect(stranger.status).toBe(200);
    const strangerToken = stranger.body.access_token as string;
    const strangerRefresh = stranger.body.refresh_token as string;
    const enrolled = await call('POST', '/auth/mfa/enroll', { token: strangerToken, body: { friendly_name: 'Theirs' } });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201);
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolled.body.secret) }).generate();
    const verified = await call('POST', '/auth/mfa/verify', {
      token: strangerToken,
      body: { factor_id: enrolled.body.id, code },
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const strangerId = stranger.body.user.id as string;
    const mailsBefore = (await subjectsTo(email)).length;

    const reg = await call('POST', '/auth/register', { body: { email, password: 'invitee-pass', invitation: link } });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    // The same account, now the invitee's: confirmed, no second factor, no mark.
    expect(reg.body.user).toMatchObject({ id: strangerId, email_confirmed: true, mfa_enabled: false, has_password: true });
    expect(reg.body.mfa_required).toBe(false);
    expect((await sql`select 1 from auth.mfa_factors where user_id = ${strangerId}`).length).toBe(0);
    expect((await sql`select 1 from private.mfa_recovery_codes where user_id = ${strangerId}`).length).toBe(0);
    expect((await sql`select 1 from private.unproved_passwords where user_id = ${strangerId}`).length).toBe(0);
    expect((await subjectsTo(email)).length).toBe(mailsBefore);

    // The stranger's sessions, refresh tokens and password are dead.
    expectError(await call('GET', '/user/profile', { token: strangerToken }), 401);
    expectError(await call('GET', '/user/profile', { token: verified.body.access_token }), 401);
    expectError(await call('POST', '/auth/refresh', { body: { refresh_token: strangerRefresh } }), 401);
    expectError(await call('POST', '/auth/login', { body: { email, password: 'stranger-pass' } }), 401);

    // The invitee works: their password signs in, the invitation is theirs to accept.
    const token = reg.body.access_token as string;
    expect((await call('POST', `/invitations/${invitationId}/accept`, { token })).status).toBe(200);
    expect((await call('GET', `/deals/${deal.id}`, { token })).status).toBe(200);
    expect((await call('POST', '/auth/login', { body: { email, password: 'invitee-pass' } })).status).toBe(200);
  });

  it('leaves the account locked when the replacement fails half-way, never open to the stranger', async () => {
    const email = uniqueEmail('half-way');
    const { link } = await inviteTo(email);
    const stranger = await call('POST', '/auth/register', { body: { email, password: 'stranger-pass' } });
    expect(stranger.status).toBe(200);
    // The real embedded platform, whose factor removal fails (as GoTrue's admin API might).
    const failing = createApi({
      sql,
      auth: {
        ...auth,
        removeFactors: () => Promise.reject(new Error('factor removal failed')),
      },
      mail: outboxMail(sql, () => {}),
      blobs: storage.store,
      log: { info() {}, warn() {}, error() {} },
      config: { jwtExpirySeconds: 3600, publicUrl: 'http://localhost:3000', maxJsonBytes: 64 * 1024, maxUploadBytes: 1024 },
    });
    const res = await failing.request('/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'invitee-pass', invitation: link }),
    });
    expect(res.status).toBe(500);
    expectError(await call('GET', '/user/profile', { token: stranger.body.access_token }), 403, PASSWORD_UNPROVED);
    // The password was replaced before the failure; the account stays refused until the mark is lifted.
    expectError(await call('POST', '/auth/login', { body: { email, password: 'stranger-pass' } }), 401);
    expectError(await call('POST', '/auth/login', { body: { email, password: 'invitee-pass' } }), 403, PASSWORD_UNPROVED);
  });

  it('never touches a confirmed address', async () => {
    const user = await registerUser('confirmed', 'owner-pass');
    const { link } = await inviteTo(user.email);
    const before = (await sql`select encrypted_password from auth.users where id = ${user.id}`)[0].encrypted_password;
    expectError(
      await call('POST', '/auth/register', { body: { email: user.email, password: 'other-pass', invitation: link } }),
      400,
      ADDRESS_TAKEN,
    );
    expect((await sql`select encrypted_password from auth.users where id = ${user.id}`)[0].encrypted_password).toBe(before);
    expect((await call('GET', '/user/profile', { token: user.token })).status).toBe(200);
    expect((await call('POST', '/auth/login', { body: { email: user.email, password: 'owner-pass' } })).status).toBe(200);
  });
});

describe('signing in from the invitation link', () => {
  it("confirms the registrant's own unconfirmed account and keeps its password and session", async () => {
    const email = uniqueEmail('registered-first');
    const { invitationId, link } = await inviteTo(email);
    const reg = await call('POST', '/auth/register', { body: { email, password: 'mine-1234' } });
    expect(reg.status).toBe(200);
    expect(reg.body.user.email_confirmed).toBe(false);

    // A wrong password confirms nothing.
    expectError(await call('POST', '/auth/login', { body: { email, password: 'wrong-pass', invitation: link } }), 401);
    expect((await accountOf(email)).confirmed).toBe(false);

    const signedIn = await call('POST', '/auth/login', { body: { email, password: 'mine-1234', invitation: link } });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.user).toMatchObject({ email_confirmed: true, has_password: true });
    expect((await call('GET', '/user/profile', { token: reg.body.access_token })).status).toBe(200);
    const accepted = await call('POST', `/invitations/${invitationId}/accept`, {
      token: signedIn.body.access_token,
      body: { token: link.token },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  });

  it('refuses a wrong token with 400 and confirms nothing', async () => {
    const email = uniqueEmail('wrong-token');
    const { invitationId } = await inviteTo(email);
    expect((await call('POST', '/auth/register', { body: { email, password: 'mine-1234' } })).status).toBe(200);
    const client = newClient();
    expectError(
      await call('POST', '/auth/login', {
        body: { email, password: 'mine-1234', invitation: { id: invitationId, token: 'q'.repeat(43) } },
        headers: { 'cf-connecting-ip': client },
      }),
      400,
      LINK_INVALID,
    );
    expect(await failedLinks(client)).toBe(1);
    expect((await accountOf(email)).confirmed).toBe(false);
  });

  it('signs a confirmed account in as usual with a valid token', async () => {
    const user = await registerUser('already', 'owner-pass');
    const { link } = await inviteTo(user.email);
    const res = await call('POST', '/auth/login', { body: { email: user.email, password: 'owner-pass', invitation: link } });
    expect(res.status).toBe(200);
    expect(res.body.user.email_confirmed).toBe(true);
  });

  it('refuses a malformed invitation with a readable 400', async () => {
    const email = uniqueEmail('malformed');
    for (const invitation of ['x', { id: 'not-a-uuid', token: 'q'.repeat(43) }, { id: crypto.randomUUID() }]) {
      expectError(await call('POST', '/auth/register', { body: { email, password: 'mine-1234', invitation } }), 400);
    }
    expect(await accountOf(email)).toBeUndefined();
  });
});

describe('a signed-in registrant opening the invitation link', () => {
  it('confirms the address with a session of the account and the token, password kept', async () => {
    const email = uniqueEmail('signed-in-first');
    const { invitationId, link } = await inviteTo(email);
    const reg = await call('POST', '/auth/register', { body: { email, password: 'mine-1234' } });
    const token = reg.body.access_token as string;
    expectError(
      await call('POST', '/auth/invitation/confirm', { token, body: { invitation: { ...link, token: 'q'.repeat(43) } } }),
      400,
      LINK_INVALID,
    );
    expect((await accountOf(email)).confirmed).toBe(false);
    // Another account's session with the right link proves nothing for it.
    const other = await registerUser('bystander');
    expectError(await call('POST', '/auth/invitation/confirm', { token: other.token, body: { invitation: link } }), 400);
    expectError(await call('POST', '/auth/invitation/confirm', { body: { invitation: link } }), 401);

    const confirmed = await call('POST', '/auth/invitation/confirm', { token, body: { invitation: link } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.user).toMatchObject({ email, email_confirmed: true, has_password: true });
    expect((await call('POST', `/invitations/${invitationId}/accept`, { token, body: { token: link.token } })).status).toBe(200);
    expect((await call('POST', '/auth/login', { body: { email, password: 'mine-1234' } })).status).toBe(200);
  });
});
