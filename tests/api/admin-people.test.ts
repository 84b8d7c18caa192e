/**
 * The admin portal's people and history through the API: super admins, users (edit, reset password,
 * delete), system permission sets and the audit log. Only super admins get in; every change is audited
 * once; a super admin gains nothing inside deals by being one.
 */
import { describe, expect, it } from 'vitest';
import { call, createDeal, registerUser, sql, type TestUser, newMember } from './helpers.ts';
import { room } from './dataroom-lib.ts';

async function superAdmin(label = 'sa'): Promise<TestUser> {
  const user = await registerUser(label);
  await sql`insert into public.platform_admins (user_id) values (${user.id})`;
  return user;
}

async function auditOf(entityId: string) {
  return sql<{ action: string; performed_by: string | null; changes: any; metadata: any }[]>`
    select action, performed_by, changes, metadata from public.audit_logs where entity_id = ${entityId} order by created_at, id`;
}

const signIn = (email: string, password: string) => call('POST', '/auth/login', { body: { email, password } });

describe('admin portal: who gets in', () => {
  it('refuses every admin route to a signed-in user who is not a super admin, and to no one at all', async () => {
    const user = await registerUser('adm-plain');
    const target = await registerUser('adm-target');
    const routes: [string, string, unknown?][] = [
      ['GET', '/admin/users'],
      ['GET', '/admin/super-admins'],
      ['GET', '/admin/super-admins/eligible-users'],
      ['POST', '/admin/super-admins/toggle', { user_id: user.id, is_super_admin: true }],
      ['PUT', `/admin/users/${target.id}`, { first_name: 'X' }],
      ['POST', `/admin/users/${target.id}/reset-password`, { new_password: 'hijacked-pass' }],
      ['DELETE', `/admin/users/${target.id}`],
      ['GET', '/admin/permission-sets'],
      ['POST', '/admin/permission-sets', { name: 'x' }],
      ['GET', '/admin/audit'],
    ];
    for (const [method, path, body] of routes) {
      const res = await call(method, path, { token: user.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.detail).toBe("You don't have permission to access this area");
      expect((await call(method, path, { body })).status, `${method} ${path} without a token`).toBe(401);
    }
    expect((await signIn(target.email, 'hijacked-pass')).status).not.toBe(200);
    const [{ n }] = await sql`select count(*)::int as n from public.platform_admins where user_id = ${user.id}`;
    expect(n).toBe(0);
  });

  it('a super admin sees no deal, file or member of a deal they are not in', async () => {
    const sa = await superAdmin('adm-nosee');
    const { deal } = await room('adm', 'Confidential deal');
    expect((await call('GET', `/deals/${deal.id}`, { token: sa.token })).status).toBe(404);
    expect((await call('GET', `/deals/${deal.id}/files?path=/`, { token: sa.token })).status).toBe(404);
    expect((await call('GET', `/deals/${deal.id}/users`, { token: sa.token })).status).toBe(404);
    const list = await call('GET', '/deals', { token: sa.token });
    expect(JSON.stringify(list.body)).not.toContain(deal.id);
  });
});

describe('super admins', () => {
  it('lists super admins, offers the others, promotes and revokes, each audited once', async () => {
    const sa = await superAdmin('adm-sa');
    const user = await registerUser('adm-promote');
    const eligible = await call('GET', `/admin/super-admins/eligible-users?search=${encodeURIComponent(user.email)}`, {
      token: sa.token,
    });
    expect(eligible.status).toBe(200);
    expect(eligible.body.users.map((u: any) => u.id)).toEqual([user.id]);
    expect(eligible.body.page_size).toBe(50);

    const promote = await call('POST', '/admin/super-admins/toggle', {
      token: sa.token,
      body: { user_id: user.id, is_super_admin: true },
    });
    expect(promote.status, JSON.stringify(promote.body)).toBe(200);
    expect(promote.body).toMatchObject({ user_id: user.id, is_super_admin: true });
    const list = await call('GET', `/admin/super-admins?search=${encodeURIComponent(user.email)}`, { token: sa.token });
    expect(list.body).toMatchObject({ total_count: 1, users: [{ id: user.id, is_super_admin: true }] });
    // The promoted user reaches the portal at once.
    expect((await call('GET', '/admin/users', { token: user.token })).status).toBe(200);
    const again = await call('POST', '/admin/super-admins/toggle', {
      token: sa.token,
      body: { user_id: user.id, is_super_admin: true },
    });
    expect(again.status).toBe(200);

    const revoke = await call('POST', '/admin/super-admins/toggle', {
      token: sa.token,
      body: { user_id: user.id, is_super_admin: false },
    });
    expect(revoke.status).toBe(200);
    expect((await call('GET', '/admin/users', { token: user.token })).status).toBe(403);
    expect((await auditOf(user.id)).map((a) => a.action).filter((a) => a.startsWith('super_admin'))).toEqual([
      'super_admin_granted',
      'super_admin_revoked',
    ]);
    expect((await auditOf(user.id)).find((a) => a.action === 'super_admin_granted')?.performed_by).toBe(sa.id);
  });

  it('refuses bad input with a 400 and unknown users with a 404', async () => {
    const sa = await superAdmin('adm-sa-bad');
    for (const body of [
      {},
      { user_id: 'nope', is_super_admin: true },
      { user_id: sa.id },
      { user_id: sa.id, is_super_admin: 'yes' },
    ]) {
      const res = await call('POST', '/admin/super-admins/toggle', { token: sa.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toBeTruthy();
    }
    const unknown = await call('POST', '/admin/super-admins/toggle', {
      token: sa.token,
      body: { user_id: '00000000-0000-4000-8000-000000000000', is_super_admin: true },
    });
    expect(unknown.status).toBe(404);
    expect((await call('GET', '/admin/super-admins?page=0', { token: sa.token })).status).toBe(400);
  });
});

describe('user management', () => {
  it('lists and searches users by e-mail, name or title, 20 a page', async () => {
    const sa = await superAdmin('adm-list');
    const marker = `zq${Math.random().toString(36).slice(2, 8)}`;
    const user = await registerUser('adm-listed');
    await sql`update public.profiles set first_name = ${marker}, title = 'Chief Financial Officer' where id = ${user.id}`;
    for (const search of [marker, user.email.toUpperCase(), `${marker} `]) {
      const res = await call('GET', `/admin/users?search=${encodeURIComponent(search)}`, { token: sa.token });
      expect(res.status).toBe(200);
      expect(
        res.body.users.map((u: any) => u.id),
        search,
      ).toEqual([user.id]);
      expect(res.body.users[0]).toMatchObject({ email: user.email, first_name: marker, is_super_admin: false });
    }
    const page = await call('GET', '/admin/users', { token: sa.token });
    expect(page.body.page_size).toBe(20);
    expect(page.body.users.length).toBeLessThanOrEqual(20);
    expect(page.body.total_count).toBeGreaterThanOrEqual(2);
    const wild = await call('GET', `/admin/users?search=${encodeURIComponent('%')}`, { token: sa.token });
    expect(wild.status).toBe(200);
    expect(wild.body.users.every((u: any) => `${u.email}${u.first_name}${u.last_name}${u.title}`.includes('%'))).toBe(true);
  });

  it('edits names and title, audited with old and new values', async () => {
    const sa = await superAdmin('adm-edit');
    const user = await registerUser('adm-edited');
    const res = await call('PUT', `/admin/users/${user.id}`, {
      token: sa.token,
      body: { first_name: ' Ada ', last_name: 'Lovelace', title: 'CFO' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, first_name: 'Ada', last_name: 'Lovelace', title: 'CFO' });
    const updated = (await auditOf(user.id)).filter((a) => a.action === 'user_updated');
    expect(updated).toHaveLength(1);
    expect(updated[0].performed_by).toBe(sa.id);
    expect(updated[0].changes.first_name).toEqual({ old: '', new: 'Ada' });
    expect((await call('PUT', `/admin/users/${user.id}`, { token: sa.token, body: { title: 'x'.repeat(101) } })).status).toBe(
      400,
    );
    expect(
      (await call('PUT', '/admin/users/00000000-0000-4000-8000-000000000000', { token: sa.token, body: { title: 'CEO' } }))
        .status,
    ).toBe(404);
    expect((await call('PUT', '/admin/users/not-a-user', { token: sa.token, body: { title: 'CEO' } })).status).toBe(404);
  });

  it('resets a password: the new one signs in, the old one and every older token stop working', async () => {
    const sa = await superAdmin('adm-reset');
    const user = await registerUser('adm-resetme', 'old-password-1');
    expect((await call('GET', '/user/profile', { token: user.token })).status).toBe(200);
    const short = await call('POST', `/admin/users/${user.id}/reset-password`, {
      token: sa.token,
      body: { new_password: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.detail).toBe('Password must be at least 8 characters');
    // Tokens carry whole seconds: the reset must come in a later second than the old token.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const res = await call('POST', `/admin/users/${user.id}/reset-password`, {
      token: sa.token,
      body: { user_id: user.id, new_password: 'new-password-2' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const old = await call('GET', '/user/profile', { token: user.token });
    expect(old.status).toBe(401);
    expect(old.body.detail).toMatch(/password was reset/);
    expect((await signIn(user.email, 'old-password-1')).status).not.toBe(200);
    const fresh = await signIn(user.email, 'new-password-2');
    expect(fresh.status).toBe(200);
    expect((await call('GET', '/user/profile', { token: fresh.body.access_token })).status).toBe(200);
    expect((await auditOf(user.id)).filter((a) => a.action === 'user_password_reset')).toHaveLength(1);
    const mismatch = await call('POST', `/admin/users/${user.id}/reset-password`, {
      token: sa.token,
      body: { user_id: sa.id, new_password: 'another-pass-3' },
    });
    expect(mismatch.status).toBe(400);
    expect(
      (
        await call('POST', '/admin/users/00000000-0000-4000-8000-000000000000/reset-password', {
          token: sa.token,
          body: { new_password: 'another-pass-3' },
        })
      ).status,
    ).toBe(404);
  });

  it('refuses deleting yourself and a user who owns a deal that is not archived, saying why', async () => {
    const sa = await superAdmin('adm-del-refuse');
    const self = await call('DELETE', `/admin/users/${sa.id}`, { token: sa.token });
    expect(self.status).toBe(409);
    expect(self.body.detail).toBe('You cannot delete your own account');
    const { owner } = await room('adm-del', 'Project Falcon');
    const res = await call('DELETE', `/admin/users/${owner.id}`, { token: sa.token });
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain('"Project Falcon"');
    expect(res.body.detail).toContain('Archive it first');
    const [{ n }] = await sql`select count(*)::int as n from auth.users where id = ${owner.id}`;
    expect(n).toBe(1);
  });

  it('deletes a user: memberships end, their token stops, their comment and activity stay by a deleted user', async () => {
    const sa = await superAdmin('adm-del');
    const { owner, deal } = await room('adm-del-deal', 'Deal with a leaver');
    const leaver = await newMember(deal.id, 'contributor', 'adm-leaver');
    const form = new FormData();
    form.append('path', '/');
    form.append('file', new Blob(['minutes']), 'Minutes.txt');
    const { app } = await import('./helpers.ts');
    const up = await app.request(`/deals/${deal.id}/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${leaver.token}` },
      body: form,
    });
    const fileId = (await up.json()).file_id;
    expect(
      (
        await call('POST', `/deals/${deal.id}/files/${fileId}/comments`, {
          token: leaver.token,
          body: { comment: 'Signed copy to follow' },
        })
      ).status,
    ).toBe(201);
    // An archived deal they own stays, its owner gone.
    const theirs = await createDeal(leaver, 'Old deal', 'blank');
    expect((await call('PUT', `/deals/${theirs.id}/archive`, { token: leaver.token })).status).toBeLessThan(300);

    const res = await call('DELETE', `/admin/users/${leaver.id}`, { token: sa.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await call('GET', '/user/profile', { token: leaver.token })).status).toBe(401);
    const [{ members }] = await sql`select count(*)::int as members from public.deal_members where user_id = ${leaver.id}`;
    expect(members).toBe(0);
    const comments = await call('GET', `/deals/${deal.id}/files/${fileId}/comments`, { token: owner.token });
    expect(comments.status).toBe(200);
    expect(JSON.stringify(comments.body)).toContain('Signed copy to follow');
    const [file] = await sql`select uploaded_by from public.files where id = ${fileId}`;
    expect(file.uploaded_by).toBeNull();
    const [old] = await sql`select owner_id, archived_at from public.deals where id = ${theirs.id}`;
    expect(old.owner_id).toBeNull();
    expect(old.archived_at).not.toBeNull();
    const audit = await auditOf(leaver.id);
    expect(audit.filter((a) => a.action === 'user_deleted')).toHaveLength(1);
    expect(audit.find((a) => a.action === 'user_deleted')?.performed_by).toBe(sa.id);
    expect((await call('DELETE', `/admin/users/${leaver.id}`, { token: sa.token })).status).toBe(404);
  });
});

describe('system permission sets', () => {
  it('creates, edits and deletes a system set, offered in every deal, with capabilities the database checks', async () => {
    const sa = await superAdmin('adm-sets');
    const name = `Reviewer ${Math.random().toString(36).slice(2, 7)}`;
    const created = await call('POST', '/admin/permission-sets', {
      token: sa.token,
      body: { name, description: 'Reads and approves', capabilities: { view: true, approve: true, download: false } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ name, type: 'system', built_in: false, user_count: 0, group_count: 0 });
    expect(created.body.capabilities).toMatchObject({ view: true, approve: true, download: false, manage_users: false });
    const { owner, deal } = await room('adm-sets', 'Any deal');
    const offered = await call('GET', `/deals/${deal.id}/permissions/sets`, { token: owner.token });
    expect(JSON.stringify(offered.body)).toContain(name);

    const dup = await call('POST', '/admin/permission-sets', {
      token: sa.token,
      body: { name: name.toUpperCase(), capabilities: ['view'] },
    });
    expect(dup.status).toBe(409);
    const noView = await call('POST', '/admin/permission-sets', {
      token: sa.token,
      body: { name: `${name} 2`, capabilities: ['approve'] },
    });
    expect(noView.status).toBe(400);
    expect(noView.body.detail).toMatch(/must also grant view/);
    const unknownCap = await call('POST', '/admin/permission-sets', {
      token: sa.token,
      body: { name: `${name} 3`, capabilities: ['fly'] },
    });
    expect(unknownCap.status).toBe(400);
    expect((await call('POST', '/admin/permission-sets', { token: sa.token, body: { name: ' ' } })).status).toBe(400);

    const edited = await call('PUT', `/admin/permission-sets/${created.body.id}`, {
      token: sa.token,
      body: { name: `${name} v2`, description: 'x', capabilities: ['view', 'download'] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.capabilities).toMatchObject({ view: true, download: true, approve: false });

    // In use: refused with the counts, then free again.
    const member = await registerUser('adm-sets-member');
    await sql`insert into public.deal_members (deal_id, user_id, role, permission_set_id) values (${deal.id}, ${member.id}, 'member', ${created.body.id})`;
    const usage = await call('GET', `/admin/permission-sets/${created.body.id}/usage`, { token: sa.token });
    expect(usage.status, JSON.stringify(usage.body)).toBe(200);
    expect(usage.body, JSON.stringify(usage.body)).toMatchObject({
      total_users: 1,
      total_groups: 0,
      users: [{ email: member.email, deal_name: 'Any deal' }],
    });
    const inUse = await call('DELETE', `/admin/permission-sets/${created.body.id}`, { token: sa.token });
    expect(inUse.status).toBe(409);
    expect(inUse.body.detail).toBe(
      'This permission set is in use by 1 member, 0 groups and 0 invitations: move them to another set first',
    );
    await sql`delete from public.deal_members where user_id = ${member.id}`;
    expect((await call('DELETE', `/admin/permission-sets/${created.body.id}`, { token: sa.token })).status).toBe(200);
    expect((await call('GET', `/admin/permission-sets/${created.body.id}/usage`, { token: sa.token })).status).toBe(404);
    const audit = (await auditOf(created.body.id)).map((a) => a.action);
    expect(audit).toEqual(['permission_set_created', 'permission_set_updated', 'permission_set_deleted']);
  });

  it('keeps the four built-in sets: no delete, no rename; their capabilities may change', async () => {
    const sa = await superAdmin('adm-builtin');
    const list = await call('GET', '/admin/permission-sets?page_size=100', { token: sa.token });
    const builtIns = list.body.permission_sets.filter((s: any) => s.built_in);
    expect(builtIns.map((s: any) => s.name).sort()).toEqual(['approve_only', 'edit', 'upload_only', 'upload_view']);
    const edit = builtIns.find((s: any) => s.name === 'edit');
    const del = await call('DELETE', `/admin/permission-sets/${edit.id}`, { token: sa.token });
    expect(del.status).toBe(409);
    expect(del.body.detail).toBe('The built-in permission set "edit" cannot be deleted');
    const rename = await call('PUT', `/admin/permission-sets/${edit.id}`, {
      token: sa.token,
      body: { name: 'editor', capabilities: ['view'] },
    });
    expect(rename.status).toBe(409);
    const [{ name }] = await sql`select name from public.permission_sets where id = ${edit.id}`;
    expect(name).toBe('edit');
  });

  it('refuses a capability it does not know, naming it, on a create and on an edit alike (400), and changes nothing', async () => {
    const sa = await superAdmin('adm-unknown-cap');
    const name = `Unknown cap ${Math.random().toString(36).slice(2, 7)}`;
    const created = await call('POST', '/admin/permission-sets', { token: sa.token, body: { name, capabilities: ['view'] } });
    expect(created.status).toBe(201);
    for (const [method, path] of [
      ['POST', '/admin/permission-sets'],
      ['PUT', `/admin/permission-sets/${created.body.id}`],
    ] as const) {
      const refused = await call(method, path, { token: sa.token, body: { name: `${name} 2`, capabilities: ['view', 'fly'] } });
      expect(refused.status, method).toBe(400);
      expect(refused.body.detail, method).toBe('Unknown capability: fly');
    }
    const rows = await sql`select name, capabilities from public.permission_sets where name ilike ${`${name}%`}`;
    expect(rows).toEqual([{ name, capabilities: ['view'] }]);
  });
});

describe('audit log', () => {
  it('pages newest first with entity, action and time filters, 50 a page', async () => {
    const sa = await superAdmin('adm-audit');
    const user = await registerUser('adm-audited');
    await call('PUT', `/admin/users/${user.id}`, { token: sa.token, body: { title: 'General Counsel' } });
    const res = await call('GET', '/admin/audit?entity_type=user&action=user_updated', { token: sa.token });
    expect(res.status).toBe(200);
    expect(res.body.page_size).toBe(50);
    const mine = res.body.logs.find((l: any) => l.entity_id === user.id);
    expect(mine).toMatchObject({ action: 'user_updated', entity_type: 'user', performed_by_email: sa.email });
    expect(mine.changes.title).toEqual({ old: '', new: 'General Counsel' });
    expect(res.body.logs.every((l: any) => l.entity_type === 'user' && l.action === 'user_updated')).toBe(true);
    const times = res.body.logs.map((l: any) => Date.parse(l.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const days of [7, 30, 90, 365])
      expect((await call('GET', `/admin/audit?days=${days}`, { token: sa.token })).status).toBe(200);
    const bad = await call('GET', '/admin/audit?days=12', { token: sa.token });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('days is 7, 30, 90 or 365');
    // Old entries fall outside the window.
    await sql`insert into public.audit_logs (action, entity_type, entity_id, created_at) values ('user_updated', 'user', ${user.id}, now() - interval '40 days')`;
    const recent = await call('GET', `/admin/audit?entity_type=user&days=30&page_size=200`, { token: sa.token });
    const year = await call('GET', `/admin/audit?entity_type=user&days=365&page_size=200`, { token: sa.token });
    expect(year.body.total_count).toBeGreaterThan(recent.body.total_count);
  });
});

describe('a deal admin reads "Admin" in every people view', () => {
  it('even when they also hold a permission set', async () => {
    const { owner, deal } = await room('adm-role', 'Role deal');
    const admin = await registerUser('adm-role-admin');
    await sql`insert into public.deal_members (deal_id, user_id, role, permission_set_id)
              values (${deal.id}, ${admin.id}, 'admin', (select id from public.permission_sets where deal_id is null and name = 'edit'))`;
    const enhanced = await call('GET', `/deals/${deal.id}/users-enhanced`, { token: owner.token });
    expect(enhanced.status, JSON.stringify(enhanced.body)).toBe(200);
    const rows = (enhanced.body.users ?? enhanced.body.items ?? enhanced.body) as any[];
    for (const id of [owner.id, admin.id]) {
      const row = rows.find((r) => (r.user_id ?? r.id) === id);
      expect(row, JSON.stringify(rows)).toMatchObject({ permission_set: 'admin', permission_set_name: null });
    }
    const plain = await call('GET', `/deals/${deal.id}/users`, { token: owner.token });
    expect(plain.body.find((r: any) => r.id === admin.id)).toMatchObject({ permission_set: 'admin', role: 'admin' });
    const seenByThem = await call('GET', `/deals/${deal.id}`, { token: admin.token });
    expect(seenByThem.body).toMatchObject({ user_role: 'admin', permission_set: 'admin' });
  });
});
