import { describe, expect, it } from 'vitest';
import { call, registerUser, sql, uniqueEmail, type TestUser, newMember } from './helpers.ts';
import { expectError } from './expect.ts';
import {
  SYSTEM_SETS,
  capabilitiesOf,
  customSet,
  editMember,
  group,
  groupIdsOf,
  invite,
  mailsTo,
  membership,
  peopleRoom,
  setMember,
  systemSetId,
  tag,
  type PeopleRoom,
} from './people-lib.ts';

interface Fixture {
  r: PeopleRoom;
  target: TestUser;
  set: { id: string };
  g: { id: string };
  t: { id: string };
  inv: { id: string; email: string };
}

async function fixture(label: string): Promise<Fixture> {
  const r = await peopleRoom(label);
  const target = await setMember(r, 'upload_view', `${label}-target`, { company: 'Target Co' });
  const set = await customSet(r, 'Custom', ['view']);
  const g = await group(r, 'Group');
  const t = await tag(r, 'Tag');
  const inv = await invite(r, uniqueEmail(`${label}-inv`));
  return { r, target, set, g, t, inv };
}

/** Every call that manages people, with a valid body and existing targets. */
function managementCalls(f: Fixture) {
  const b = f.r.base;
  return [
    ['GET', `${b}/invitations`, undefined],
    ['POST', `${b}/invitations`, { email: uniqueEmail('acc-new'), permission_set_id: 'upload_view' }],
    ['POST', `${b}/invite`, { email: uniqueEmail('acc-new1'), permission_set: 'upload_view' }],
    [
      'POST',
      `${b}/invitations/bulk`,
      { emails: `${uniqueEmail('acc-b1')}, ${uniqueEmail('acc-b2')}`, permission_set_id: 'upload_view' },
    ],
    ['POST', `${b}/invitations/${f.inv.id}/resend`, undefined],
    ['DELETE', `${b}/invitations/${f.inv.id}`, undefined],
    ['PUT', `${b}/users/${f.target.id}/enhanced`, { status: 'suspended', company: 'Changed' }],
    ['PUT', `${b}/users/${f.target.id}`, { permission_set: 'edit', company: 'Changed' }],
    ['DELETE', `${b}/users/${f.target.id}`, undefined],
    ['POST', `${b}/users/bulk-update`, { user_ids: [f.target.id], add_group_ids: [f.g.id] }],
    ['POST', `${b}/users/bulk-update`, { user_ids: [f.target.id], permission_set_id: f.set.id }],
    ['POST', `${b}/permissions/sets`, { name: 'Sneaky', capabilities: ['view', 'manage_users'] }],
    ['PUT', `${b}/permissions/sets/${f.set.id}`, { name: 'Custom', capabilities: ['view', 'manage_users'] }],
    ['DELETE', `${b}/permissions/sets/${f.set.id}`, undefined],
    ['POST', `${b}/permissions/groups`, { name: 'Sneaky group' }],
    ['PUT', `${b}/permissions/groups/${f.g.id}`, { name: 'Group', permission_set_id: f.set.id }],
    ['DELETE', `${b}/permissions/groups/${f.g.id}`, undefined],
    ['POST', `${b}/permissions/tags`, { name: 'Sneaky tag' }],
    ['PUT', `${b}/permissions/tags/${f.t.id}`, { name: 'Renamed' }],
    ['DELETE', `${b}/permissions/tags/${f.t.id}`, undefined],
  ] as const;
}

function readCalls(f: Fixture) {
  const b = f.r.base;
  return [
    `${b}/users-enhanced`,
    `${b}/users`,
    `${b}/companies`,
    `${b}/permissions/sets`,
    `${b}/permissions/groups`,
    `${b}/permissions/tags`,
  ];
}

/** Nothing the management calls touch has changed. */
async function expectUnchanged(f: Fixture) {
  expect(await membership(f.r.deal.id, f.target.id)).toMatchObject({
    status: 'active',
    company: 'Target Co',
    set_name: 'upload_view',
  });
  expect(await groupIdsOf(f.r.deal.id, f.target.id)).toEqual([]);
  const [inv] = await sql`select status, count(*) over () as n from public.invitations where deal_id = ${f.r.deal.id}`;
  expect(inv).toMatchObject({ status: 'pending', n: '1' });
  expect(await mailsTo(f.inv.email)).toHaveLength(1);
  const sets = await sql`select name, capabilities from public.permission_sets where deal_id = ${f.r.deal.id}`;
  expect(sets).toEqual([{ name: 'Custom', capabilities: ['view'] }]);
  const groups = await sql`select name, permission_set_id from public.deal_groups where deal_id = ${f.r.deal.id}`;
  expect(groups).toEqual([{ name: 'Group', permission_set_id: null }]);
  const tags = await sql`select name from public.deal_tags where deal_id = ${f.r.deal.id}`;
  expect(tags).toEqual([{ name: 'Tag' }]);
}

describe('who may manage people', () => {
  it('a member without manage_users (upload_view) gets 403 on every management call, yet reads the lists', async () => {
    const f = await fixture('acc-403');
    const plain = await setMember(f.r, 'upload_view', 'acc-403-plain');
    for (const [method, path, body] of managementCalls(f)) {
      expectError(await call(method, path, { token: plain.token, body }), 403);
    }
    await expectUnchanged(f);
    for (const path of readCalls(f)) {
      const res = await call('GET', path, { token: plain.token });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    const list = await call('GET', `${f.r.base}/users-enhanced`, { token: plain.token });
    expect(list.body.total_count).toBe(3);
    expect(list.body.can_manage).toBe(false);
  });

  it('an approve_only or edit member cannot manage either; a legacy viewer or contributor cannot', async () => {
    const f = await fixture('acc-403b');
    const approver = await setMember(f.r, 'approve_only', 'acc-403b-ap');
    const editor = await setMember(f.r, 'edit', 'acc-403b-ed');
    const viewer = await newMember(f.r.deal.id, 'viewer', 'acc-403b-v');
    const contributor = await newMember(f.r.deal.id, 'contributor', 'acc-403b-c');
    for (const user of [approver, editor, viewer, contributor]) {
      for (const [method, path, body] of managementCalls(f)) {
        expectError(await call(method, path, { token: user.token, body }), 403);
      }
    }
    await expectUnchanged(f);
  });

  it('a stranger gets 404 on every people call, reads included', async () => {
    const f = await fixture('acc-404');
    const stranger = await registerUser('acc-404-stranger');
    for (const [method, path, body] of managementCalls(f)) {
      expectError(
        await call(method, path, { token: stranger.token, body }),
        404,
        "Deal not found or you don't have access to it.",
      );
    }
    for (const path of readCalls(f)) expectError(await call('GET', path, { token: stranger.token }), 404);
    await expectUnchanged(f);
  });

  it('an unknown or malformed deal id is a 404', async () => {
    const f = await fixture('acc-nodeal');
    for (const base of [`/deals/${crypto.randomUUID()}`, '/deals/not-a-deal']) {
      expectError(await call('GET', `${base}/users-enhanced`, { token: f.r.owner.token }), 404);
      expectError(
        await call('POST', `${base}/invitations`, {
          token: f.r.owner.token,
          body: { email: uniqueEmail('x'), permission_set_id: 'upload_view' },
        }),
        404,
      );
    }
  });

  it('without a token every call is a 401', async () => {
    const f = await fixture('acc-401');
    for (const [method, path, body] of managementCalls(f)) expectError(await call(method, path, { body }), 401);
    for (const path of readCalls(f)) expectError(await call('GET', path), 401);
    await expectUnchanged(f);
  });

  it('a member holding a custom set with manage_users manages people without being an admin', async () => {
    const r = await peopleRoom('acc-mgr');
    const mgrSet = await customSet(r, 'People managers', ['view', 'download', 'comment', 'upload', 'manage_users']);
    const mgr = await setMember(r, mgrSet.id, 'acc-mgr-m');
    const target = await setMember(r, 'upload_only', 'acc-mgr-t');
    // A manager hands out only rights they hold: a group with 'edit' is beyond them.
    expectError(
      await call('POST', `${r.base}/permissions/groups`, {
        token: mgr.token,
        body: { name: 'Too strong', permission_set_id: await systemSetId('edit') },
      }),
      403,
      'You can only give others rights you hold yourself',
    );
    expectError(
      await editMember(r, target.id, { permission_set_id: await systemSetId('edit') }, mgr.token),
      403,
      'You can only give others rights you hold yourself',
    );
    const g = await group(r, 'Made by manager', await systemSetId('upload_view'), mgr.token);
    const res = await editMember(r, target.id, { group_ids: [g.id] }, mgr.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await capabilitiesOf(r, target)).toEqual(SYSTEM_SETS.upload_view);
    const inv = await invite(r, uniqueEmail('acc-mgr-inv'), {}, mgr.token);
    const list = await call('GET', `${r.base}/invitations`, { token: mgr.token });
    expect(list.body.map((i: any) => i.id)).toEqual([inv.id]);
    expect((await call('GET', `${r.base}/users-enhanced`, { token: mgr.token })).body.can_manage).toBe(true);
    // The owner stays out of reach.
    expectError(await editMember(r, r.owner.id, { status: 'suspended' }, mgr.token), 403);
    expectError(await call('DELETE', `${r.base}/users/${r.owner.id}`, { token: mgr.token }), 403);
    expect(await membership(r.deal.id, r.owner.id)).toMatchObject({ role: 'admin', status: 'active' });
  });
});

describe('the owner', () => {
  it('cannot be edited, removed or bulk-changed, even by another admin', async () => {
    const r = await peopleRoom('own');
    const admin = await newMember(r.deal.id, 'admin', 'own-admin');
    const g = await group(r, 'G', await systemSetId('upload_only'));
    const before = await membership(r.deal.id, r.owner.id);
    for (const token of [admin.token, r.owner.token]) {
      expectError(await editMember(r, r.owner.id, { status: 'suspended' }, token), 403);
      expectError(await editMember(r, r.owner.id, { permission_set_id: await systemSetId('upload_only') }, token), 403);
      expectError(await editMember(r, r.owner.id, { group_ids: [g.id], company: 'Nope' }, token), 403);
      expectError(
        await call('PUT', `${r.base}/users/${r.owner.id}`, { token, body: { permission_set: 'upload_only', company: 'Nope' } }),
        403,
      );
      expectError(await call('DELETE', `${r.base}/users/${r.owner.id}`, { token }), 403);
      for (const op of [{ permission_set_id: await systemSetId('upload_only') }, { add_group_ids: [g.id] }]) {
        const res = await call('POST', `${r.base}/users/bulk-update`, { token, body: { user_ids: [r.owner.id], ...op } });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ success_count: 0, failed_count: 1 });
      }
    }
    expect(await membership(r.deal.id, r.owner.id)).toEqual(before);
    expect(await groupIdsOf(r.deal.id, r.owner.id)).toEqual([]);
    const deal = await call('GET', r.base, { token: r.owner.token });
    expect(deal.status).toBe(200);
    expect(deal.body.capabilities).toContain('manage_users');
  });

  it('another admin can manage ordinary members', async () => {
    const r = await peopleRoom('own-admin2');
    const admin = await newMember(r.deal.id, 'admin', 'own-admin2-a');
    const m = await setMember(r, 'upload_view', 'own-admin2-m');
    const res = await call('PUT', `${r.base}/users/${m.id}`, {
      token: admin.token,
      body: { permission_set: 'edit', company: 'Edited' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await membership(r.deal.id, m.id)).toMatchObject({ set_name: 'edit', company: 'Edited' });
    expect((await call('DELETE', `${r.base}/users/${m.id}`, { token: admin.token })).status).toBe(200);
    expect(await membership(r.deal.id, m.id)).toBeUndefined();
  });
});

describe('member status', () => {
  it('a suspended member loses the deal and regains it when reactivated', async () => {
    const r = await peopleRoom('status');
    const m = await setMember(r, 'edit', 'status-m');
    expect(await capabilitiesOf(r, m)).toEqual(SYSTEM_SETS.edit);
    const put = (status: string) => editMember(r, m.id, { status });

    let res = await put('suspended');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('suspended');
    expectError(await call('GET', r.base, { token: m.token }), 404);
    expect((await call('GET', '/deals', { token: m.token })).body.map((d: any) => d.id)).not.toContain(r.deal.id);
    expectError(await call('GET', `${r.base}/users-enhanced`, { token: m.token }), 404);
    expectError(await call('POST', `${r.base}/folders`, { token: m.token, body: { name: 'While suspended' } }), 404);

    res = await put('active');
    expect(res.status).toBe(200);
    const deal = await call('GET', r.base, { token: m.token });
    expect(deal.status).toBe(200);
    expect(deal.body.capabilities).toEqual(SYSTEM_SETS.edit);
    expect((await call('POST', `${r.base}/folders`, { token: m.token, body: { name: 'Back again' } })).status).toBe(201);

    expect((await put('inactive')).status).toBe(200);
    expectError(await call('GET', r.base, { token: m.token }), 404);
    expect((await put('active')).status).toBe(200);
    expect((await call('GET', r.base, { token: m.token })).status).toBe(200);
  });

  it('a suspended admin cannot manage people', async () => {
    const r = await peopleRoom('status-admin');
    const admin = await newMember(r.deal.id, 'admin', 'status-admin-a');
    const m = await setMember(r, 'upload_view', 'status-admin-m');
    expect((await editMember(r, admin.id, { status: 'suspended' })).status).toBe(200);
    expectError(await editMember(r, m.id, { status: 'suspended' }, admin.token), 404);
    expectError(
      await call('POST', `${r.base}/invitations`, {
        token: admin.token,
        body: { email: uniqueEmail('sa'), permission_set_id: 'upload_view' },
      }),
      404,
    );
    expect(await membership(r.deal.id, m.id)).toMatchObject({ status: 'active' });
  });
});

describe('rights from groups', () => {
  it('a member whose only right is a group holding edit can create folders, and cannot once out of the group', async () => {
    const r = await peopleRoom('grp-right');
    const m = await setMember(r, null, 'grp-right-m');
    expect(await capabilitiesOf(r, m)).toEqual([]);
    expectError(await call('POST', `${r.base}/folders`, { token: m.token, body: { name: 'Before' } }), 403);

    const g = await group(r, 'Editors', await systemSetId('edit'));
    expect((await editMember(r, m.id, { group_ids: [g.id] })).status).toBe(200);
    expect(await capabilitiesOf(r, m)).toEqual(SYSTEM_SETS.edit);
    const created = await call('POST', `${r.base}/folders`, { token: m.token, body: { name: 'Via group' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.name).toBe('Via group');

    expect((await editMember(r, m.id, { group_ids: [] })).status).toBe(200);
    expect(await capabilitiesOf(r, m)).toEqual([]);
    expectError(await call('POST', `${r.base}/folders`, { token: m.token, body: { name: 'After' } }), 403);
    const [{ n }] =
      await sql`select count(*)::int as n from public.folders where deal_id = ${r.deal.id} and name in ('Before', 'After')`;
    expect(n).toBe(0);
  });

  it('bulk removal from the group and a weaker group set take the right away too', async () => {
    const r = await peopleRoom('grp-right2');
    const m = await setMember(r, 'upload_only', 'grp-right2-m');
    const g = await group(r, 'Editors', await systemSetId('edit'));
    const folderAsMember = (name: string) => call('POST', `${r.base}/folders`, { token: m.token, body: { name } });
    const bulkGroups = (change: Record<string, string[]>) =>
      call('POST', `${r.base}/users/bulk-update`, { token: r.owner.token, body: { user_ids: [m.id], ...change } });
    const setGroupSet = async (set: string) =>
      call('PUT', `${r.base}/permissions/groups/${g.id}`, {
        token: r.owner.token,
        body: { name: 'Editors', permission_set_id: await systemSetId(set) },
      });

    expect((await bulkGroups({ add_group_ids: [g.id] })).body).toMatchObject({ success_count: 1 });
    expect((await folderAsMember('One')).status).toBe(201);

    expect((await setGroupSet('upload_view')).status).toBe(200);
    expectError(await folderAsMember('Two'), 403);

    expect((await setGroupSet('edit')).status).toBe(200);
    expect((await folderAsMember('Three')).status).toBe(201);
    expect((await bulkGroups({ remove_group_ids: [g.id] })).body).toMatchObject({ success_count: 1 });
    expectError(await folderAsMember('Four'), 403);
  });
});
