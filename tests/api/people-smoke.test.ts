import { describe, expect, it } from 'vitest';
import { call, createDeal, registerUser, sql } from './helpers.ts';

describe('people smoke', () => {
  it('invites, accepts, applies the set, and a group grants edit', async () => {
    const owner = await registerUser('owner');
    const deal = await createDeal(owner, 'People', 'blank');
    const invitee = await registerUser('invitee');
    const inv = await call('POST', `/deals/${deal.id}/invitations`, {
      token: owner.token,
      body: { email: invitee.email, permission_set_id: 'upload_only' },
    });
    expect(inv.status).toBe(201);
    const [mail] =
      await sql`select body from private.mail_outbox where to_email = ${invitee.email} and subject like 'You''re invited%'`;
    expect(mail.body).toMatch(new RegExp(`/invitations/${inv.body.id}\\?email=`));
    const mine = await call('GET', '/invitations/my-invitations', { token: invitee.token });
    expect(mine.body.map((i: any) => i.deal_name)).toEqual(['People']);
    const acc = await call('POST', `/invitations/${inv.body.id}/accept`, { token: invitee.token });
    expect(acc.status).toBe(200);
    const d = await call('GET', `/deals/${deal.id}`, { token: invitee.token });
    expect(d.body.permission_set).toBe('upload_only');
    expect(d.body.capabilities).toEqual(['upload']);
    const sets = await call('GET', `/deals/${deal.id}/permissions/sets`, { token: owner.token });
    const edit = sets.body.find((s: any) => s.name === 'edit');
    const group = await call('POST', `/deals/${deal.id}/permissions/groups`, {
      token: owner.token,
      body: { name: 'Bankers', permission_set_id: edit.id },
    });
    expect(group.status).toBe(201);
    const upd = await call('PUT', `/deals/${deal.id}/users/${invitee.id}/enhanced`, {
      token: owner.token,
      body: { group_ids: [group.body.id] },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.effective_permissions.edit_files).toBe(true);
    const list = await call('GET', `/deals/${deal.id}/users-enhanced?search=invitee`, { token: owner.token });
    expect(list.body.total_count).toBe(1);
    const bad = await call('POST', `/deals/${deal.id}/permissions/sets`, {
      token: owner.token,
      body: { name: 'Bad', capabilities: { download: true } },
    });
    expect(bad.status).toBe(400);
    const ownerEdit = await call('PUT', `/deals/${deal.id}/users/${owner.id}/enhanced`, {
      token: owner.token,
      body: { status: 'suspended' },
    });
    expect(ownerEdit.status).toBe(403);
    const susp = await call('PUT', `/deals/${deal.id}/users/${invitee.id}/enhanced`, {
      token: owner.token,
      body: { status: 'suspended' },
    });
    expect(susp.status).toBe(200);
    const gone = await call('GET', `/deals/${deal.id}`, { token: invitee.token });
    expect(gone.status).toBe(404);
  });
});
