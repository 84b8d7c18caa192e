import { describe, expect, it } from 'vitest';
import { call, registerUser, sql, uniqueEmail, newMember } from './helpers.ts';
import { expectError, setName } from './expect.ts';
import {
  CAPABILITIES,
  SYSTEM_SETS,
  capMap,
  capabilitiesOf,
  customSet,
  editMember,
  enhancedEntry,
  group,
  groupIdsOf,
  invite,
  membership,
  peopleRoom,
  setMember,
  sorted,
  systemSetId,
  tag,
  tagIdsOf,
} from './people-lib.ts';

/** Registers many accounts at once through the privileged connection (no password needed for listing). */
async function bulkAccounts(dealId: string, n: number, label: string) {
  const emails = Array.from({ length: n }, (_, i) => uniqueEmail(`${label}${String(i).padStart(2, '0')}`));
  const rows = await sql<{ id: string; email: string }[]>`
    insert into auth.users (id, email) select gen_random_uuid(), unnest(${emails}::text[]) returning id, email`;
  const setId = await systemSetId('upload_view');
  await sql`insert into public.deal_members (deal_id, user_id, role, permission_set_id)
            select ${dealId}, unnest(${rows.map((r) => r.id)}::uuid[]), 'member', ${setId}`;
  return rows;
}

describe('GET /deals/{id}/users-enhanced', () => {
  it('lists every member with set, groups, tags, status and effective permissions, the owner first', async () => {
    // The owner's address sorts last, so only the owner-first rule can put it on top.
    const r = await peopleRoom('zz-enh');
    const viewer = await setMember(r, 'upload_view', 'aa-viewer', { company: 'Acme' });
    const uploader = await setMember(r, 'upload_only', 'ab-uploader');
    const g = await group(r, 'Bankers', await systemSetId('edit'));
    const t = await tag(r, 'External');
    await sql`insert into public.deal_group_members (group_id, deal_id, user_id) values (${g.id}, ${r.deal.id}, ${uploader.id})`;
    await sql`insert into public.deal_member_tags (tag_id, deal_id, user_id) values (${t.id}, ${r.deal.id}, ${viewer.id})`;

    const res = await call('GET', `${r.base}/users-enhanced`, { token: r.owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total_count: 3, page: 1, page_size: 50, can_manage: true });
    expect(res.body.users.map((u: any) => u.user_id)).toEqual([r.owner.id, viewer.id, uploader.id]);
    const [owner, v, u] = res.body.users;

    expect(owner).toMatchObject({ email: r.owner.email, is_owner: true, status: 'active' });
    expect(owner.effective_permissions).toEqual(capMap(CAPABILITIES));

    expect(v).toMatchObject({
      user_id: viewer.id,
      email: viewer.email,
      company: 'Acme',
      status: 'active',
      is_owner: false,
      permission_set_id: await systemSetId('upload_view'),
      permission_set_name: 'upload_view',
      groups: [],
      tags: [{ id: t.id, name: 'External', color: '#10B981' }],
    });
    expect(v).toHaveProperty('first_name');
    expect(v).toHaveProperty('last_name');
    expect(v).toHaveProperty('last_active_at');
    expect(v.effective_permissions).toEqual(capMap(SYSTEM_SETS.upload_view));

    // Own set upload_only, group set edit: the union.
    expect(u).toMatchObject({
      permission_set_name: 'upload_only',
      groups: [{ id: g.id, name: 'Bankers', color: '#6366F1' }],
      tags: [],
    });
    expect(u.effective_permissions).toEqual(capMap(SYSTEM_SETS.edit));
    expect(u.effective_permissions.manage_users).toBe(false);
  });

  it('shows no effective permission for suspended or inactive members', async () => {
    const r = await peopleRoom('enh-susp');
    const s = await setMember(r, 'edit', 'susp', { status: 'suspended' });
    const i = await setMember(r, 'edit', 'inact', { status: 'inactive' });
    expect((await enhancedEntry(r, s.id)).effective_permissions).toEqual(capMap([]));
    expect((await enhancedEntry(r, i.id)).effective_permissions).toEqual(capMap([]));
    expect((await enhancedEntry(r, s.id)).status).toBe('suspended');
  });

  it('searches by name, e-mail and company, case-insensitively', async () => {
    const r = await peopleRoom('enh-search');
    const ann = await setMember(r, 'upload_view', 'anna');
    await setName(ann, 'Annabel', 'Quigley');
    const bob = await setMember(r, 'upload_view', 'bobsearch', { company: 'Northwind Traders' });
    const carl = await setMember(r, 'upload_view', 'carl');
    const ids = async (search: string) => {
      const res = await call('GET', `${r.base}/users-enhanced?search=${encodeURIComponent(search)}`, { token: r.owner.token });
      expect(res.status).toBe(200);
      expect(res.body.total_count).toBe(res.body.users.length);
      return res.body.users.map((u: any) => u.user_id);
    };
    expect(await ids('quigley')).toEqual([ann.id]);
    expect(await ids('ANNABEL QUIG')).toEqual([ann.id]);
    expect(await ids('bobsearch-')).toEqual([bob.id]);
    expect(await ids(carl.email.toUpperCase())).toEqual([carl.id]);
    expect(await ids('northwind')).toEqual([bob.id]);
    expect(await ids('  traders ')).toEqual([bob.id]);
    expect(await ids('nobody-matches-this')).toEqual([]);
    // LIKE wildcards are literal.
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
    // Blank search lists everyone.
    expect((await ids('')).length).toBe(4);
  });

  it('filters by status', async () => {
    const r = await peopleRoom('enh-status');
    const a = await setMember(r, 'upload_view', 'act');
    const i = await setMember(r, 'upload_view', 'inact', { status: 'inactive' });
    const s = await setMember(r, 'upload_view', 'susp', { status: 'suspended' });
    const ids = async (status: string) => {
      const res = await call('GET', `${r.base}/users-enhanced?status=${status}`, { token: r.owner.token });
      expect(res.status).toBe(200);
      return res.body.users.map((u: any) => u.user_id);
    };
    expect(await ids('active')).toEqual([r.owner.id, a.id]);
    expect(await ids('inactive')).toEqual([i.id]);
    expect(await ids('suspended')).toEqual([s.id]);
    expect((await ids('')).length).toBe(4);
    expectError(await call('GET', `${r.base}/users-enhanced?status=pending`, { token: r.owner.token }), 400);
  });

  it('filters by group and by tag, alone and together', async () => {
    const r = await peopleRoom('enh-filter');
    const [a, b, c] = [
      await setMember(r, 'upload_view', 'fa'),
      await setMember(r, 'upload_view', 'fb'),
      await setMember(r, 'upload_view', 'fc'),
    ];
    const g = await group(r, 'Lenders');
    const t = await tag(r, 'VIP');
    const put = (u: { id: string }, body: object) => editMember(r, u.id, body);
    expect((await put(a, { group_ids: [g.id], tag_ids: [t.id] })).status).toBe(200);
    expect((await put(b, { group_ids: [g.id] })).status).toBe(200);
    expect((await put(c, { tag_ids: [t.id] })).status).toBe(200);
    const ids = async (query: string) => {
      const res = await call('GET', `${r.base}/users-enhanced?${query}`, { token: r.owner.token });
      expect(res.status).toBe(200);
      expect(res.body.total_count).toBe(res.body.users.length);
      return sorted(res.body.users.map((u: any) => u.user_id));
    };
    expect(await ids(`group_id=${g.id}`)).toEqual(sorted([a.id, b.id]));
    expect(await ids(`tag_id=${t.id}`)).toEqual(sorted([a.id, c.id]));
    expect(await ids(`group_id=${g.id}&tag_id=${t.id}`)).toEqual([a.id]);
    expect(await ids(`group_id=${crypto.randomUUID()}`)).toEqual([]);
    expectError(await call('GET', `${r.base}/users-enhanced?group_id=nope`, { token: r.owner.token }), 400);
    expectError(await call('GET', `${r.base}/users-enhanced?tag_id=nope`, { token: r.owner.token }), 400);
  });

  it('paginates 50 to a page by default, the owner on the first page, total_count over all pages', async () => {
    const r = await peopleRoom('zz-page');
    // A dot never stands in the random parts of an address (base 36) nor next to them: only these 55 match "pg.".
    const accounts = await bulkAccounts(r.deal.id, 55, 'pg.');
    const first = await call('GET', `${r.base}/users-enhanced`, { token: r.owner.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total_count: 56, page: 1, page_size: 50 });
    expect(first.body.users).toHaveLength(50);
    expect(first.body.users[0].user_id).toBe(r.owner.id);
    const second = await call('GET', `${r.base}/users-enhanced?page=2`, { token: r.owner.token });
    expect(second.body).toMatchObject({ total_count: 56, page: 2, page_size: 50 });
    expect(second.body.users).toHaveLength(6);
    const seen = [...first.body.users, ...second.body.users].map((u: any) => u.user_id);
    expect(new Set(seen).size).toBe(56);
    expect(sorted(seen)).toEqual(sorted([r.owner.id, ...accounts.map((a) => a.id)]));
    // After the owner, by e-mail.
    const emails = seen.slice(1).map((id) => accounts.find((a) => a.id === id)!.email);
    expect(emails).toEqual([...emails].sort());

    const third = await call('GET', `${r.base}/users-enhanced?page=3`, { token: r.owner.token });
    expect(third.body.users).toEqual([]);
    expect(third.body.total_count).toBe(56);

    const small = await call('GET', `${r.base}/users-enhanced?page=2&page_size=20&search=pg.`, { token: r.owner.token });
    expect(small.body).toMatchObject({ total_count: 55, page: 2, page_size: 20 });
    expect(small.body.users).toHaveLength(20);

    for (const q of ['page=0', 'page_size=0', 'page_size=1000', 'page=abc']) {
      expectError(await call('GET', `${r.base}/users-enhanced?${q}`, { token: r.owner.token }), 400);
    }
  });
});

describe('GET /deals/{id}/users (part 1 form)', () => {
  it('lists members with permission_set, badge role and is_owner', async () => {
    const r = await peopleRoom('p1-list');
    const viewer = await newMember(r.deal.id, 'viewer', 'p1-viewer');
    const contributor = await newMember(r.deal.id, 'contributor', 'p1-contrib');
    const approver = await setMember(r, 'approve_only', 'p1-approver', { company: 'Globex' });
    const editor = await setMember(r, 'edit', 'p1-editor');
    const res = await call('GET', `${r.base}/users`, { token: r.owner.token });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body[0]).toMatchObject({
      id: r.owner.id,
      email: r.owner.email,
      is_owner: true,
      role: 'admin',
      permission_set: 'admin',
    });
    const byId = Object.fromEntries(res.body.map((u: any) => [u.id, u]));
    expect(Object.keys(byId)).toHaveLength(5);
    expect(byId[viewer.id]).toMatchObject({
      email: viewer.email,
      role: 'viewer',
      permission_set: 'upload_view',
      is_owner: false,
    });
    expect(byId[contributor.id]).toMatchObject({ role: 'contributor', permission_set: 'edit' });
    expect(byId[approver.id]).toMatchObject({ role: 'viewer', permission_set: 'approve_only', company: 'Globex' });
    expect(byId[editor.id]).toMatchObject({ role: 'contributor', permission_set: 'edit' });
    for (const u of res.body) {
      for (const key of ['id', 'email', 'first_name', 'last_name', 'company', 'permission_set', 'role', 'is_owner'])
        expect(u).toHaveProperty(key);
    }
  });
});

describe('PUT /deals/{id}/users/{userId} (part 1 form)', () => {
  it('sets the permission set by name and the company; the member gets exactly that set', async () => {
    const r = await peopleRoom('p1-put');
    const m = await setMember(r, 'upload_only', 'p1-put-m');
    const res = await call('PUT', `${r.base}/users/${m.id}`, {
      token: r.owner.token,
      body: { permission_set: 'approve_only', company: '  Initech  ' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ user_id: m.id, permission_set_name: 'approve_only', company: 'Initech' });
    expect(await membership(r.deal.id, m.id)).toMatchObject({ set_name: 'approve_only', company: 'Initech' });
    expect(await capabilitiesOf(r, m)).toEqual(SYSTEM_SETS.approve_only);
    const deal = await call('GET', r.base, { token: m.token });
    expect(deal.body.permission_set).toBe('approve_only');
  });

  it('moving a legacy viewer to upload_only drops the rights the viewer role implied', async () => {
    const r = await peopleRoom('p1-legacy');
    const v = await newMember(r.deal.id, 'viewer', 'p1-legacy-v');
    expect(await capabilitiesOf(r, v)).toEqual(SYSTEM_SETS.upload_view);
    const res = await call('PUT', `${r.base}/users/${v.id}`, { token: r.owner.token, body: { permission_set: 'upload_only' } });
    expect(res.status).toBe(200);
    expect(await capabilitiesOf(r, v)).toEqual(['upload']);
    expect(res.body.effective_permissions).toEqual(capMap(['upload']));
  });

  it('accepts a set id and a custom set name; a company alone keeps the set; null clears the company', async () => {
    const r = await peopleRoom('p1-forms');
    const m = await setMember(r, 'upload_view', 'p1-forms-m', { company: 'Old Co' });
    const custom = await customSet(r, 'Reviewers', ['view', 'comment']);
    let res = await call('PUT', `${r.base}/users/${m.id}`, { token: r.owner.token, body: { permission_set: 'reviewers' } });
    expect(res.status).toBe(200);
    expect(res.body.permission_set_id).toBe(custom.id);
    expect(await capabilitiesOf(r, m)).toEqual(['comment', 'view']);

    res = await call('PUT', `${r.base}/users/${m.id}`, {
      token: r.owner.token,
      body: { permission_set: await systemSetId('edit') },
    });
    expect(res.status).toBe(200);
    expect(res.body.permission_set_name).toBe('edit');

    res = await call('PUT', `${r.base}/users/${m.id}`, { token: r.owner.token, body: { company: 'New Co' } });
    expect(res.status).toBe(200);
    expect(await membership(r.deal.id, m.id)).toMatchObject({ set_name: 'edit', company: 'New Co' });

    res = await call('PUT', `${r.base}/users/${m.id}`, { token: r.owner.token, body: { company: null } });
    expect(res.status).toBe(200);
    expect(await membership(r.deal.id, m.id)).toMatchObject({ set_name: 'edit', company: null });
  });

  it("refuses an unknown set and another deal's custom set, changing nothing", async () => {
    const r = await peopleRoom('p1-bad');
    const other = await peopleRoom('p1-bad-other');
    const foreign = await customSet(other, 'Foreign', ['view']);
    const m = await setMember(r, 'upload_view', 'p1-bad-m');
    for (const body of [
      { permission_set: 'superuser', company: 'X' },
      { permission_set: 'Foreign' },
      { permission_set: foreign.id },
    ]) {
      expectError(
        await call('PUT', `${r.base}/users/${m.id}`, { token: r.owner.token, body }),
        400,
        'Please select a permission set',
      );
    }
    expect(await membership(r.deal.id, m.id)).toMatchObject({ set_name: 'upload_view', company: null });
  });

  it('answers 404 for someone who is not a member', async () => {
    const r = await peopleRoom('p1-404');
    const outsider = await registerUser('p1-outsider');
    expectError(
      await call('PUT', `${r.base}/users/${outsider.id}`, { token: r.owner.token, body: { permission_set: 'edit' } }),
      404,
    );
    expectError(await call('PUT', `${r.base}/users/not-a-uuid`, { token: r.owner.token, body: { permission_set: 'edit' } }), 404);
    expect(await membership(r.deal.id, outsider.id)).toBeUndefined();
  });
});

describe('PUT /deals/{id}/users/{userId}/enhanced', () => {
  it('sets permission set, groups, tags, company and status together', async () => {
    const r = await peopleRoom('enh-put');
    const m = await setMember(r, 'upload_only', 'enh-put-m');
    const [g1, g2] = [await group(r, 'Alpha', await systemSetId('approve_only')), await group(r, 'Beta')];
    const [t1, t2] = [await tag(r, 'Red'), await tag(r, 'Blue')];
    const res = await editMember(r, m.id, {
      permission_set_id: await systemSetId('upload_view'),
      group_ids: [g1.id, g2.id],
      tag_ids: [t1.id, t2.id],
      company: 'Umbrella',
      status: 'active',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ user_id: m.id, permission_set_name: 'upload_view', company: 'Umbrella', status: 'active' });
    expect(res.body.groups.map((g: any) => g.name)).toEqual(['Alpha', 'Beta']);
    expect(res.body.tags.map((t: any) => t.name)).toEqual(['Blue', 'Red']);
    expect(res.body.effective_permissions).toEqual(capMap(SYSTEM_SETS.approve_only));
    expect(await groupIdsOf(r.deal.id, m.id)).toEqual(sorted([g1.id, g2.id]));
    expect(await tagIdsOf(r.deal.id, m.id)).toEqual(sorted([t1.id, t2.id]));
    expect(await capabilitiesOf(r, m)).toEqual(SYSTEM_SETS.approve_only);
  });

  it('replaces groups and tags with the lists sent, leaves them alone when omitted, clears them with []', async () => {
    const r = await peopleRoom('enh-replace');
    const m = await setMember(r, 'upload_view', 'enh-replace-m');
    const [g1, g2] = [await group(r, 'One'), await group(r, 'Two')];
    const [t1, t2] = [await tag(r, 'T1'), await tag(r, 'T2')];
    const put = (body: object) => editMember(r, m.id, body);
    expect((await put({ group_ids: [g1.id, g2.id], tag_ids: [t1.id] })).status).toBe(200);
    expect((await put({ group_ids: [g2.id], tag_ids: [t2.id] })).status).toBe(200);
    expect(await groupIdsOf(r.deal.id, m.id)).toEqual([g2.id]);
    expect(await tagIdsOf(r.deal.id, m.id)).toEqual([t2.id]);
    expect((await put({ company: 'Only company' })).status).toBe(200);
    expect(await groupIdsOf(r.deal.id, m.id)).toEqual([g2.id]);
    expect(await tagIdsOf(r.deal.id, m.id)).toEqual([t2.id]);
    expect(await membership(r.deal.id, m.id)).toMatchObject({ set_name: 'upload_view', company: 'Only company' });
    expect((await put({ group_ids: [], tag_ids: [] })).status).toBe(200);
    expect(await groupIdsOf(r.deal.id, m.id)).toEqual([]);
    expect(await tagIdsOf(r.deal.id, m.id)).toEqual([]);
  });

  it("refuses another deal's groups, tags and sets without changing anything", async () => {
    const r = await peopleRoom('enh-foreign');
    const other = await peopleRoom('enh-foreign-o');
    const m = await setMember(r, 'upload_view', 'enh-foreign-m', { company: 'Keep' });
    const fg = await group(other, 'Theirs');
    const ft = await tag(other, 'Theirs');
    const fs = await customSet(other, 'Theirs', ['view']);
    const edit = await systemSetId('edit');
    const put = (body: object) => editMember(r, m.id, body);
    expectError(await put({ permission_set_id: edit, group_ids: [fg.id], company: 'Changed' }), 400, /groups/);
    expectError(await put({ permission_set_id: edit, tag_ids: [ft.id], company: 'Changed' }), 400, /tags/);
    expectError(await put({ permission_set_id: fs.id, company: 'Changed' }), 400, 'Please select a permission set');
    expect(await membership(r.deal.id, m.id)).toMatchObject({ set_name: 'upload_view', company: 'Keep' });
    expect(await groupIdsOf(r.deal.id, m.id)).toEqual([]);
    expect(await tagIdsOf(r.deal.id, m.id)).toEqual([]);
  });

  it('validates the body', async () => {
    const r = await peopleRoom('enh-valid');
    const m = await setMember(r, 'upload_view', 'enh-valid-m');
    const put = (body: unknown) => editMember(r, m.id, body);
    expectError(await put({ status: 'pending' }), 400);
    expectError(await put({ role: 'owner' }), 400); // admin and member are valid since decision 34 (people-admins.test.ts)
    expectError(await put({ group_ids: ['not-a-uuid'] }), 400);
    expectError(await put({ permission_set_id: 'edit' }), 400);
    expectError(await put({ company: 'x'.repeat(201) }), 400);
    expectError(await call('PUT', `${r.base}/users/${m.id}/enhanced`, { token: r.owner.token, rawBody: '{' }), 400);
    expect(await membership(r.deal.id, m.id)).toMatchObject({ role: 'member', status: 'active', set_name: 'upload_view' });
  });

  it('answers 404 for a non-member', async () => {
    const r = await peopleRoom('enh-404');
    const outsider = await registerUser('enh-outsider');
    expectError(await editMember(r, outsider.id, { company: 'X' }), 404);
    expectError(await editMember(r, crypto.randomUUID(), { company: 'X' }), 404);
  });
});

describe('DELETE /deals/{id}/users/{userId}', () => {
  it('removes the member with their group and tag links; they lose the deal', async () => {
    const r = await peopleRoom('del');
    const m = await setMember(r, 'edit', 'del-m');
    const keep = await setMember(r, 'upload_view', 'del-keep');
    const g = await group(r, 'G');
    const t = await tag(r, 'T');
    for (const u of [m, keep]) {
      expect((await editMember(r, u.id, { group_ids: [g.id], tag_ids: [t.id] })).status).toBe(200);
    }
    expect(await capabilitiesOf(r, m)).not.toBeNull();
    const res = await call('DELETE', `${r.base}/users/${m.id}`, { token: r.owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await membership(r.deal.id, m.id)).toBeUndefined();
    expect(await groupIdsOf(r.deal.id, m.id)).toEqual([]);
    expect(await tagIdsOf(r.deal.id, m.id)).toEqual([]);
    expect(await capabilitiesOf(r, m)).toBeNull();
    const deals = await call('GET', '/deals', { token: m.token });
    expect(deals.body.map((d: any) => d.id)).not.toContain(r.deal.id);
    const list = await call('GET', `${r.base}/users-enhanced`, { token: r.owner.token });
    expect(list.body.users.map((u: any) => u.user_id)).toEqual([r.owner.id, keep.id]);
    const groups = await call('GET', `${r.base}/permissions/groups`, { token: r.owner.token });
    expect(groups.body[0].member_count).toBe(1);

    expectError(await call('DELETE', `${r.base}/users/${m.id}`, { token: r.owner.token }), 404);
    expectError(await call('DELETE', `${r.base}/users/bogus`, { token: r.owner.token }), 404);
    expect(await membership(r.deal.id, keep.id)).toBeDefined();
  });
});

describe('GET /deals/{id}/companies', () => {
  it('lists the distinct companies of members and invitations, trimmed and sorted; invitations only for managers', async () => {
    const r = await peopleRoom('comp');
    const other = await peopleRoom('comp-other');
    await setMember(other, 'upload_view', 'comp-o', { company: 'Elsewhere Inc' });
    const m = await setMember(r, 'upload_view', 'comp-m', { company: 'Zenith' });
    await setMember(r, 'upload_view', 'comp-m2', { company: 'Zenith' });
    await setMember(r, 'upload_view', 'comp-m3', { company: '' });
    await setMember(r, 'upload_view', 'comp-m4');
    await invite(r, uniqueEmail('comp-inv'), { company: '  Acme  ' });
    const res = await call('GET', `${r.base}/companies`, { token: r.owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ companies: ['Acme', 'Zenith'] });
    // Pending invitations are visible to managers only (RLS), so a plain member sees the members' companies.
    const plain = await call('GET', `${r.base}/companies`, { token: m.token });
    expect(plain.status).toBe(200);
    expect(plain.body).toEqual({ companies: ['Zenith'] });
  });
});
