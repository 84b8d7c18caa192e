import { describe, expect, it } from 'vitest';
import { call, registerUser, sql, uniqueEmail } from './helpers.ts';
import { activityTypes, expectError, latestMagicLink, setName } from './expect.ts';
import {
  SYSTEM_SETS,
  customSet,
  editMember,
  enhancedEntry,
  group,
  groupIdsOf,
  invite,
  membership,
  peopleRoom,
  systemSetId,
  tag,
  tagIdsOf,
} from './people-lib.ts';

const mine = async (token: string) => {
  const res = await call('GET', '/invitations/my-invitations', { token });
  expect(res.status).toBe(200);
  return res.body as any[];
};

async function invitationStatus(id: string) {
  const [row] = await sql<{ status: string }[]>`select status from public.invitations where id = ${id}`;
  return row?.status;
}

describe('GET /invitations/my-invitations', () => {
  it("lists the caller's pending invitations with deal, inviter and expiry, and nobody else's", async () => {
    const r = await peopleRoom('my-list', 'Harbour Deal');
    await setName(r.owner, 'Olivia', 'Owner');
    const other = await peopleRoom('my-list-o', 'Other Deal');
    const invitee = await registerUser('my-list-i');
    const bystander = await registerUser('my-list-b');
    const inv = await invite(r, invitee.email, { permission_set_id: 'approve_only' });
    const inv2 = await invite(other, invitee.email);
    await invite(r, bystander.email);
    await sql`update public.invitations set invited_at = now() - interval '1 hour' where id = ${inv.id}`;

    const list = await mine(invitee.token);
    expect(list.map((i) => i.invitation_id)).toEqual([inv2.id, inv.id]);
    expect(list[1]).toMatchObject({
      invitation_id: inv.id,
      deal_id: r.deal.id,
      deal_name: 'Harbour Deal',
      deal_description: 'A deal',
      invited_by: r.owner.email,
      invited_by_name: 'Olivia Owner',
      is_expired: false,
      permission_set_name: 'approve_only',
    });
    expect(list[0]).toMatchObject({ deal_name: 'Other Deal', invited_by: other.owner.email, invited_by_name: null });
    expect((await mine(bystander.token)).map((i) => i.deal_id)).toEqual([r.deal.id]);
    expect(await mine(r.owner.token)).toEqual([]);
  });

  it('finds an invitation sent before the invitee registered, whatever the case of the address', async () => {
    const r = await peopleRoom('my-later', 'Later Deal');
    const email = uniqueEmail('my-later');
    await invite(r, email.toUpperCase());
    const reg = await call('POST', '/auth/register', { body: { email, password: 'secret123' } });
    expect(reg.status).toBe(200);
    // Until the address is confirmed, its invitations stay hidden.
    expect(await mine(reg.body.access_token)).toEqual([]);
    const { token } = await latestMagicLink(email);
    // Opened as its registrant, with the password chosen at registration (docs/decisions.md decision 30).
    expect((await call('POST', '/auth/magic-link/verify', { body: { token, password: 'secret123' } })).status).toBe(200);
    const list = await mine(reg.body.access_token);
    expect(list.map((i) => i.deal_name)).toEqual(['Later Deal']);
  });

  it('flags expired invitations', async () => {
    const r = await peopleRoom('my-exp');
    const invitee = await registerUser('my-exp-i');
    const inv = await invite(r, invitee.email);
    await sql`update public.invitations set expires_at = now() - interval '1 second' where id = ${inv.id}`;
    const list = await mine(invitee.token);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ invitation_id: inv.id, is_expired: true });
  });
});

describe('POST /invitations/{id}/accept', () => {
  it('makes the invitee a member with the set, groups, tags and company, and records user_invite', async () => {
    const r = await peopleRoom('acc', 'Accept Deal');
    const g = await group(r, 'Bidders');
    const t = await tag(r, 'Shortlist');
    const invitee = await registerUser('acc-i');
    const inv = await invite(r, invitee.email, {
      permission_set_id: 'approve_only',
      group_ids: [g.id],
      tag_ids: [t.id],
      company: 'Bidder LLC',
    });
    expect(await call('GET', r.base, { token: invitee.token })).toMatchObject({ status: 404 });

    const res = await call('POST', `/invitations/${inv.id}/accept`, { token: invitee.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ deal_id: r.deal.id, status: 'accepted' });
    expect(await membership(r.deal.id, invitee.id)).toMatchObject({
      role: 'member',
      status: 'active',
      set_name: 'approve_only',
      company: 'Bidder LLC',
    });
    expect(await groupIdsOf(r.deal.id, invitee.id)).toEqual([g.id]);
    expect(await tagIdsOf(r.deal.id, invitee.id)).toEqual([t.id]);
    expect(await invitationStatus(inv.id)).toBe('accepted');
    expect(await activityTypes(r.deal.id, invitee.id)).toContain('user_invite');

    const deal = await call('GET', r.base, { token: invitee.token });
    expect(deal.status).toBe(200);
    expect(deal.body).toMatchObject({ id: r.deal.id, name: 'Accept Deal', permission_set: 'approve_only', user_role: 'viewer' });
    expect(deal.body.capabilities).toEqual(SYSTEM_SETS.approve_only);
    const deals = await call('GET', '/deals', { token: invitee.token });
    expect(deals.body.map((d: any) => d.id)).toContain(r.deal.id);
    expect(await mine(invitee.token)).toEqual([]);
    const entry = await enhancedEntry(r, invitee.id);
    expect(entry).toMatchObject({
      permission_set_name: 'approve_only',
      company: 'Bidder LLC',
      groups: [{ id: g.id }],
      tags: [{ id: t.id }],
    });
  });

  it("gives exactly a custom set's capabilities", async () => {
    const r = await peopleRoom('acc-custom');
    const set = await customSet(r, 'Commenters', ['view', 'comment']);
    const invitee = await registerUser('acc-custom-i');
    const inv = await invite(r, invitee.email, { permission_set_id: set.id });
    expect((await call('POST', `/invitations/${inv.id}/accept`, { token: invitee.token })).status).toBe(200);
    const deal = await call('GET', r.base, { token: invitee.token });
    expect(deal.body).toMatchObject({ permission_set: 'Commenters' });
    expect(deal.body.capabilities).toEqual(['comment', 'view']);
  });

  it("for each system set, the accepted member's capabilities equal the set's", async () => {
    const r = await peopleRoom('acc-sys');
    for (const [name, caps] of Object.entries(SYSTEM_SETS)) {
      const invitee = await registerUser(`acc-${name}`);
      const inv = await invite(r, invitee.email, { permission_set_id: name });
      expect((await call('POST', `/invitations/${inv.id}/accept`, { token: invitee.token })).status).toBe(200);
      const deal = await call('GET', r.base, { token: invitee.token });
      expect(deal.body.permission_set).toBe(name);
      expect(deal.body.capabilities, name).toEqual(caps);
    }
  });

  it("refuses someone else's invitation with 404 and leaves it pending", async () => {
    const r = await peopleRoom('acc-theft');
    const invitee = await registerUser('acc-theft-i');
    const thief = await registerUser('acc-theft-t');
    const inv = await invite(r, invitee.email);
    expectError(await call('POST', `/invitations/${inv.id}/accept`, { token: thief.token }), 404);
    expectError(await call('POST', `/invitations/${inv.id}/decline`, { token: thief.token }), 404);
    expectError(await call('POST', `/invitations/${inv.id}/accept`, { token: r.owner.token }), 404);
    expect(await membership(r.deal.id, thief.id)).toBeUndefined();
    expect(await invitationStatus(inv.id)).toBe('pending');
    expect(await call('GET', r.base, { token: thief.token })).toMatchObject({ status: 404 });
    // The rightful invitee can still accept.
    expect((await call('POST', `/invitations/${inv.id}/accept`, { token: invitee.token })).status).toBe(200);
  });

  it('refuses an expired invitation with 400 and adds no membership; a resend makes it usable again', async () => {
    const r = await peopleRoom('acc-expired');
    const invitee = await registerUser('acc-expired-i');
    const inv = await invite(r, invitee.email);
    await sql`update public.invitations set expires_at = now() - interval '1 minute' where id = ${inv.id}`;
    expectError(await call('POST', `/invitations/${inv.id}/accept`, { token: invitee.token }), 400, /expired/);
    expectError(await call('POST', `/invitations/${inv.id}/decline`, { token: invitee.token }), 400, /expired/);
    expect(await membership(r.deal.id, invitee.id)).toBeUndefined();
    expect(await invitationStatus(inv.id)).toBe('pending');
    expect(await activityTypes(r.deal.id, invitee.id)).toEqual([]);
    expect((await call('POST', `${r.base}/invitations/${inv.id}/resend`, { token: r.owner.token })).status).toBe(200);
    expect((await call('POST', `/invitations/${inv.id}/accept`, { token: invitee.token })).status).toBe(200);
    expect(await membership(r.deal.id, invitee.id)).toBeDefined();
  });

  it('refuses accepting twice with 400 and changes nothing', async () => {
    const r = await peopleRoom('acc-twice');
    const invitee = await registerUser('acc-twice-i');
    const inv = await invite(r, invitee.email, { permission_set_id: 'upload_only' });
    expect((await call('POST', `/invitations/${inv.id}/accept`, { token: invitee.token })).status).toBe(200);
    // The manager moves them to another set; a second accept must not reset it.
    const moved = await editMember(r, invitee.id, { permission_set_id: await systemSetId('edit') });
    expect(moved.status).toBe(200);
    expectError(await call('POST', `/invitations/${inv.id}/accept`, { token: invitee.token }), 400, /already/);
    expectError(await call('POST', `/invitations/${inv.id}/decline`, { token: invitee.token }), 400, /already/);
    expect(await membership(r.deal.id, invitee.id)).toMatchObject({ set_name: 'edit', status: 'active' });
    expect((await activityTypes(r.deal.id, invitee.id)).filter((t) => t === 'user_invite')).toHaveLength(1);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    const user = await registerUser('acc-404');
    expectError(await call('POST', `/invitations/${crypto.randomUUID()}/accept`, { token: user.token }), 404);
    expectError(await call('POST', '/invitations/not-a-uuid/accept', { token: user.token }), 404);
    expectError(await call('POST', `/invitations/${crypto.randomUUID()}/decline`, { token: user.token }), 404);
  });

  it('needs a signed-in caller', async () => {
    const r = await peopleRoom('acc-anon');
    const inv = await invite(r, uniqueEmail('acc-anon'));
    expectError(await call('GET', '/invitations/my-invitations'), 401);
    expectError(await call('POST', `/invitations/${inv.id}/accept`), 401);
    expect(await invitationStatus(inv.id)).toBe('pending');
  });
});

describe('POST /invitations/{id}/decline', () => {
  it('declines without a membership; the invitation leaves the list and cannot be accepted later', async () => {
    const r = await peopleRoom('dec');
    const invitee = await registerUser('dec-i');
    const g = await group(r, 'G');
    const inv = await invite(r, invitee.email, { group_ids: [g.id] });
    const res = await call('POST', `/invitations/${inv.id}/decline`, { token: invitee.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ deal_id: r.deal.id, status: 'declined' });
    expect(await invitationStatus(inv.id)).toBe('declined');
    expect(await membership(r.deal.id, invitee.id)).toBeUndefined();
    expect(await groupIdsOf(r.deal.id, invitee.id)).toEqual([]);
    expect(await call('GET', r.base, { token: invitee.token })).toMatchObject({ status: 404 });
    expect(await mine(invitee.token)).toEqual([]);
    expect(await activityTypes(r.deal.id, invitee.id)).toEqual([]);
    expectError(await call('POST', `/invitations/${inv.id}/accept`, { token: invitee.token }), 400);
    expect(await membership(r.deal.id, invitee.id)).toBeUndefined();
    // The manager may invite again.
    await invite(r, invitee.email);
  });
});
