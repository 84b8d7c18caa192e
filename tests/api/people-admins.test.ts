import { describe, expect, it } from 'vitest';
import { call, sql } from './helpers.ts';
import { expectError } from './expect.ts';
import { customSet, editMember, membership, peopleRoom, setMember, systemSetId } from './people-lib.ts';

/** More than one deal admin (docs/decisions.md decision 34): who grants and revokes, and what follows. */
async function adminRoom(label: string) {
  const r = await peopleRoom(label);
  const counsel = await setMember(r, 'upload_view', `${label}-counsel`);
  const managers = await customSet(r, 'Managers', ['view', 'manage_users']);
  const manager = await setMember(r, managers.id, `${label}-manager`);
  return { r, counsel, manager };
}

async function roleChanges(dealId: string) {
  return sql<{ description: string; user_id: string }[]>`
    select description, user_id from public.activities where deal_id = ${dealId} and activity_type = 'role_change'
    order by created_at, id`;
}

async function adminAudits(dealId: string) {
  return sql<{ action: string; performed_by: string; email: string }[]>`
    select action, performed_by, metadata ->> 'email' as email from public.audit_logs
    where entity_id = ${dealId} and action like 'deal_admin_%' order by created_at, id`;
}

describe('granting and revoking the deal admin role', () => {
  it('the owner makes counsel an admin: role, badge, activity and audit; counsel then holds the admin rights', async () => {
    const { r, counsel } = await adminRoom('adm-grant');
    // Before: counsel may neither edit the deal nor manage its people.
    expectError(await call('PUT', r.base, { token: counsel.token, body: { name: 'Renamed' } }), 403);
    expectError(await call('GET', `${r.base}/invitations`, { token: counsel.token }), 403);

    const res = await editMember(r, counsel.id, { role: 'admin' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ user_id: counsel.id, role: 'admin', display_role: 'admin', permission_set: 'admin' });
    expect(Object.values(res.body.effective_permissions).every(Boolean)).toBe(true);
    expect((await membership(r.deal.id, counsel.id))?.role).toBe('admin');

    expect(await roleChanges(r.deal.id)).toEqual([{ description: `Made ${counsel.email} an admin`, user_id: r.owner.id }]);
    expect(await adminAudits(r.deal.id)).toEqual([
      { action: 'deal_admin_granted', performed_by: r.owner.id, email: counsel.email },
    ]);

    // The deal and the people pages read counsel as an admin, and the admin-only routes let them in.
    expect((await call('GET', r.base, { token: counsel.token })).body).toMatchObject({
      user_role: 'admin',
      permission_set: 'admin',
    });
    const list = await call('GET', `${r.base}/users-enhanced`, { token: counsel.token });
    expect(list.body.can_manage).toBe(true);
    expect((await call('GET', `${r.base}/invitations`, { token: counsel.token })).status).toBe(200);
    const edited = await call('PUT', r.base, { token: counsel.token, body: { name: 'Renamed by counsel' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.name).toBe('Renamed by counsel');
    const invited = await call('POST', `${r.base}/invitations`, {
      token: counsel.token,
      body: { email: 'adm-grant-new@example.com', permission_set_id: 'edit' },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  });

  it('a new admin grants and revokes too; revoking keeps the set, or takes the one sent', async () => {
    const { r, counsel } = await adminRoom('adm-revoke');
    const banker = await setMember(r, 'edit', 'adm-revoke-banker');
    await editMember(r, counsel.id, { role: 'admin' });

    expect((await editMember(r, banker.id, { role: 'admin' }, counsel.token)).status).toBe(200);
    const revoked = await editMember(r, banker.id, { role: 'member' }, counsel.token);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body).toMatchObject({ role: 'member', permission_set: 'edit' });
    expect(revoked.body.effective_permissions.manage_users).toBe(false);

    const readers = await systemSetId('upload_view');
    await editMember(r, banker.id, { role: 'admin' }, counsel.token);
    const withSet = await editMember(r, banker.id, { role: 'member', permission_set_id: readers }, counsel.token);
    expect(withSet.body).toMatchObject({ role: 'member', permission_set_id: readers });

    expect((await roleChanges(r.deal.id)).map((a) => [a.description, a.user_id])).toEqual([
      [`Made ${counsel.email} an admin`, r.owner.id],
      [`Made ${banker.email} an admin`, counsel.id],
      [`Revoked admin from ${banker.email}`, counsel.id],
      [`Made ${banker.email} an admin`, counsel.id],
      [`Revoked admin from ${banker.email}`, counsel.id],
    ]);
    expect((await adminAudits(r.deal.id)).map((a) => a.action)).toEqual([
      'deal_admin_granted',
      'deal_admin_granted',
      'deal_admin_revoked',
      'deal_admin_granted',
      'deal_admin_revoked',
    ]);
  });

  it('an admin without a set needs one to lose the role', async () => {
    const { r, counsel } = await adminRoom('adm-noset');
    await sql`update public.deal_members set role = 'admin', permission_set_id = null
              where deal_id = ${r.deal.id} and user_id = ${counsel.id}`;
    expectError(await editMember(r, counsel.id, { role: 'member' }), 400, 'Please select a permission set');
    expect((await membership(r.deal.id, counsel.id))?.role).toBe('admin');
  });

  it('a manager without the admin role is refused (403), and nothing changes', async () => {
    const { r, counsel, manager } = await adminRoom('adm-manager');
    expectError(
      await editMember(r, counsel.id, { role: 'admin' }, manager.token),
      403,
      'Only deal admins can grant or revoke the admin role.',
    );
    expectError(
      await editMember(r, manager.id, { role: 'admin' }, manager.token),
      403,
      'Only deal admins can grant or revoke the admin role.',
    );
    expectError(
      await call('PUT', `${r.base}/users/${counsel.id}`, { token: manager.token, body: { permission_set: 'admin' } }),
      403,
      'Only deal admins can grant or revoke the admin role.',
    );
    await editMember(r, counsel.id, { role: 'admin' });
    expectError(
      await editMember(r, counsel.id, { role: 'member' }, manager.token),
      403,
      'Only deal admins can grant or revoke the admin role.',
    );
    expect((await membership(r.deal.id, counsel.id))?.role).toBe('admin');
    expect((await membership(r.deal.id, manager.id))?.role).toBe('member');
    expect((await roleChanges(r.deal.id)).length).toBe(1);
  });

  it("the owner's row never changes", async () => {
    const { r, counsel } = await adminRoom('adm-owner');
    await editMember(r, counsel.id, { role: 'admin' });
    expectError(await editMember(r, r.owner.id, { role: 'member' }, counsel.token), 403, 'The deal owner cannot be edited.');
    expectError(
      await call('PUT', `${r.base}/users/${r.owner.id}`, { token: counsel.token, body: { permission_set: 'edit' } }),
      403,
    );
    expect((await membership(r.deal.id, r.owner.id))?.role).toBe('admin');
  });

  it('a deal keeps at least one admin (409)', async () => {
    const { r, counsel } = await adminRoom('adm-last');
    await editMember(r, counsel.id, { role: 'admin' });
    // Only the server can take the owner's role; then counsel is the deal's one admin.
    await sql`update public.deal_members set role = 'member', permission_set_id = ${await systemSetId('edit')}
              where deal_id = ${r.deal.id} and user_id = ${r.owner.id}`;
    expectError(await editMember(r, counsel.id, { role: 'member' }, counsel.token), 409, 'A deal keeps at least one admin');
    expectError(await editMember(r, counsel.id, { status: 'suspended' }, counsel.token), 409, 'A deal keeps at least one admin');
    expect(await membership(r.deal.id, counsel.id)).toMatchObject({ role: 'admin', status: 'active' });
    // The server's change is recorded too, by nobody; the refused ones are not.
    expect((await roleChanges(r.deal.id)).map((a) => [a.description, a.user_id])).toEqual([
      [`Made ${counsel.email} an admin`, r.owner.id],
      [`Revoked admin from ${r.owner.email}`, null],
    ]);
  });

  it("Part 1's form: 'admin' grants, another set for an admin revokes", async () => {
    const { r, counsel } = await adminRoom('adm-part1');
    const granted = await call('PUT', `${r.base}/users/${counsel.id}`, {
      token: r.owner.token,
      body: { permission_set: 'admin' },
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const users = await call('GET', `${r.base}/users`, { token: r.owner.token });
    expect(users.body.find((u: any) => u.id === counsel.id)).toMatchObject({ role: 'admin', permission_set: 'admin' });

    // A company change alone keeps the role.
    await call('PUT', `${r.base}/users/${counsel.id}`, { token: r.owner.token, body: { company: 'Counsel LLP' } });
    expect(await membership(r.deal.id, counsel.id)).toMatchObject({ role: 'admin', company: 'Counsel LLP' });

    const revoked = await call('PUT', `${r.base}/users/${counsel.id}`, {
      token: r.owner.token,
      body: { permission_set: 'edit' },
    });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(await membership(r.deal.id, counsel.id)).toMatchObject({ role: 'member', set_name: 'edit' });
    expect((await roleChanges(r.deal.id)).map((a) => a.description)).toEqual([
      `Made ${counsel.email} an admin`,
      `Revoked admin from ${counsel.email}`,
    ]);
  });

  it('role takes admin or member only', async () => {
    const { r, counsel } = await adminRoom('adm-input');
    expectError(await editMember(r, counsel.id, { role: 'owner' }), 400, /role must be admin or member/);
    expect((await membership(r.deal.id, counsel.id))?.role).toBe('member');
  });
});
