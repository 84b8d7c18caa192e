// The invitation hijack, as the probe did it: whoever registers the invitee's address first must not
// see, accept or enter the deal. An address counts only once its owner has opened a link mailed to it,
// and answering through the mailed link needs that link's token.
import { describe, expect, it } from 'vitest';
import { call, registerUser, sql, uniqueEmail } from './helpers.ts';
import { expectError, invitationLinkToken, inviteToNewDeal, latestMagicLink } from './expect.ts';

const CONFIRM_FIRST = 'Confirm your email address first: open the confirmation link we sent you, then answer the invitation.';

function inviteTo(email: string) {
  return inviteToNewDeal(email, 'hijack-owner');
}

describe("registering someone else's address", () => {
  it('yields neither their invitations nor their deal', async () => {
    const cfo = uniqueEmail('cfo');
    const { deal, invitationId } = await inviteTo(cfo);
    const attacker = await registerUser('unused', 'attacker-pass', { confirmed: false });
    // The attacker takes the CFO's address before the CFO registers.
    const reg = await call('POST', '/auth/register', { body: { email: cfo, password: 'attacker-pass' } });
    expect(reg.status).toBe(200);
    const token = reg.body.access_token;
    expect((await call('GET', '/invitations/my-invitations', { token })).body).toEqual([]);
    expectError(await call('POST', `/invitations/${invitationId}/accept`, { token }), 400, CONFIRM_FIRST);
    expectError(
      await call('POST', `/invitations/${invitationId}/accept`, { token, body: { token: 'x'.repeat(43) } }),
      400,
      CONFIRM_FIRST,
    );
    expectError(await call('GET', `/deals/${deal.id}`, { token }), 404);
    const [row] = await sql`select status from public.invitations where id = ${invitationId}`;
    expect(row.status).toBe('pending');
    // Nothing else with it either: an unrelated unconfirmed account is treated the same.
    expectError(await call('POST', `/invitations/${invitationId}/accept`, { token: attacker.token }), 400, CONFIRM_FIRST);
    // The confirmation link went to the real mailbox, which the attacker does not read.
    const [confirmation] =
      await sql`select subject from private.mail_outbox where to_email = ${cfo} and subject = 'Confirm your email address'`;
    expect(confirmation).toBeDefined();
  });

  it('the owner of the address confirms it with the mailed link, then sees and answers the invitation', async () => {
    const email = uniqueEmail('real-cfo');
    const { deal, invitationId } = await inviteTo(email);
    const reg = await call('POST', '/auth/register', { body: { email, password: 'secret123' } });
    const { token: confirmToken } = await latestMagicLink(email);
    // Opened in the registering browser, whose session shows it is the registrant (decision 30).
    const confirmed = await call('POST', '/auth/magic-link/verify', {
      token: reg.body.access_token,
      body: { token: confirmToken },
    });
    expect(confirmed.status).toBe(200);
    const mine = await call('GET', '/invitations/my-invitations', { token: reg.body.access_token });
    expect(mine.body.map((i: { invitation_id: string }) => i.invitation_id)).toEqual([invitationId]);
    expect((await call('POST', `/invitations/${invitationId}/accept`, { token: reg.body.access_token })).status).toBe(200);
    expect((await call('GET', `/deals/${deal.id}`, { token: reg.body.access_token })).status).toBe(200);
  });
});

describe('answering through the mailed link', () => {
  it("needs the link's token; a resend replaces it", async () => {
    const invitee = await registerUser('link-invitee');
    const { owner, deal, invitationId } = await inviteTo(invitee.email);
    const first = await invitationLinkToken(invitee.email);
    expectError(
      await call('POST', `/invitations/${invitationId}/accept`, { token: invitee.token, body: { token: 'y'.repeat(43) } }),
      400,
      'This invitation link is not valid. Open the link from the latest invitation e-mail.',
    );
    expect((await call('POST', `/deals/${deal.id}/invitations/${invitationId}/resend`, { token: owner.token })).status).toBe(200);
    const second = await invitationLinkToken(invitee.email);
    expect(second).not.toBe(first);
    expectError(
      await call('POST', `/invitations/${invitationId}/accept`, { token: invitee.token, body: { token: first } }),
      400,
      /not valid/,
    );
    const accepted = await call('POST', `/invitations/${invitationId}/accept`, { token: invitee.token, body: { token: second } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ invitation_id: invitationId, deal_id: deal.id, status: 'accepted' });
  });

  it('a valid token does not help another account', async () => {
    const invitee = await registerUser('tok-invitee');
    const other = await registerUser('tok-other');
    const { invitationId } = await inviteTo(invitee.email);
    const token = await invitationLinkToken(invitee.email);
    expectError(
      await call('POST', `/invitations/${invitationId}/accept`, { token: other.token, body: { token } }),
      404,
      'Invitation not found',
    );
  });
});

describe('a first magic link', () => {
  it('confirms the address of an account created with a password', async () => {
    const email = uniqueEmail('magic-confirms');
    const reg = await call('POST', '/auth/register', { body: { email, password: 'secret123' } });
    const [before] = await sql`select email_confirmed_at from auth.users where id = ${reg.body.user.id}`;
    expect(before.email_confirmed_at).toBeNull();
    expect((await call('POST', '/auth/magic-link', { body: { email } })).status).toBe(200);
    const { token } = await latestMagicLink(email);
    expect((await call('POST', '/auth/magic-link/verify', { body: { token } })).status).toBe(200);
    const [after] = await sql`select email_confirmed_at from auth.users where id = ${reg.body.user.id}`;
    expect(after.email_confirmed_at).not.toBeNull();
  });
});
