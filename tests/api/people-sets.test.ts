import { describe, expect, it } from 'vitest';
import { call, registerUser, sql, uniqueEmail } from './helpers.ts';
import { expectError } from './expect.ts';
import {
  CAPABILITIES,
  SYSTEM_SETS,
  capMap,
  capabilitiesOf,
  customSet,
  editMember,
  group,
  invite,
  peopleRoom,
  setMember,
  systemSetId,
  type PeopleRoom,
} from './people-lib.ts';

const sets = (r: PeopleRoom, token = r.owner.token) => call('GET', `${r.base}/permissions/sets`, { token });

describe('GET /deals/{id}/permissions/sets', () => {
  it("lists the system sets and the deal's own custom sets with capability maps and usage counts", async () => {
    const r = await peopleRoom('sets-list');
    const other = await peopleRoom('sets-list-o');
    await customSet(other, 'Not here', ['view']);
    const mine = await customSet(r, 'Auditors', ['view', 'download']);
    await setMember(r, mine.id, 'sets-list-a');
    await setMember(r, mine.id, 'sets-list-b');
    await setMember(r, 'upload_view', 'sets-list-c');
    await group(r, 'Auditing', mine.id);
    await setMember(r, 'upload_only', 'sets-list-m');

    const res = await sets(r, r.owner.token);
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.map((s: any) => [s.name, s]));
    for (const [name, caps] of Object.entries(SYSTEM_SETS)) {
      expect(byName[name]).toMatchObject({ type: 'system', capabilities: capMap(caps) });
      expect(Object.keys(byName[name].capabilities).sort()).toEqual([...CAPABILITIES].sort());
    }
    expect(byName.upload_view.user_count).toBe(1);
    expect(byName.upload_only.user_count).toBe(1);
    expect(byName.Auditors).toMatchObject({
      id: mine.id,
      type: 'custom',
      description: 'Auditors set',
      user_count: 2,
      group_count: 1,
      capabilities: capMap(['view', 'download']),
    });
    expect(byName['Not here']).toBeUndefined();
    // System sets first, then custom ones.
    const types = res.body.map((s: any) => s.type);
    expect(types.lastIndexOf('system')).toBeLessThan(types.indexOf('custom'));
  });
});

describe('POST /deals/{id}/permissions/sets', () => {
  it('creates a custom set from a capability map or a list', async () => {
    const r = await peopleRoom('sets-create');
    const res = await call('POST', `${r.base}/permissions/sets`, {
      token: r.owner.token,
      body: { name: '  Legal  ', description: 'Counsel', capabilities: { view: true, comment: true, download: false } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Legal',
      description: 'Counsel',
      type: 'custom',
      user_count: 0,
      capabilities: capMap(['view', 'comment']),
    });
    const [row] = await sql`select deal_id, capabilities from public.permission_sets where id = ${res.body.id}`;
    expect(row).toEqual({ deal_id: r.deal.id, capabilities: ['comment', 'view'] });

    const list = await call('POST', `${r.base}/permissions/sets`, {
      token: r.owner.token,
      body: { name: 'Drop box', capabilities: ['upload'] },
    });
    expect(list.status).toBe(201);
    expect(list.body.capabilities).toEqual(capMap(['upload']));
    const empty = await call('POST', `${r.base}/permissions/sets`, { token: r.owner.token, body: { name: 'Nothing' } });
    expect(empty.status).toBe(201);
    expect(empty.body.capabilities).toEqual(capMap([]));
  });

  it('refuses a set that grants a capability without view, naming view', async () => {
    const r = await peopleRoom('sets-dep');
    for (const cap of ['download', 'comment', 'approve', 'edit_files', 'edit_folders', 'edit_checklist', 'manage_users']) {
      const res = await call('POST', `${r.base}/permissions/sets`, {
        token: r.owner.token,
        body: { name: `No view ${cap}`, capabilities: { [cap]: true, upload: true } },
      });
      expectError(res, 400, /\bview\b/);
    }
    expectError(
      await call('POST', `${r.base}/permissions/sets`, {
        token: r.owner.token,
        body: { name: 'Off view', capabilities: { view: false, download: true } },
      }),
      400,
      /\bview\b/,
    );
    const [{ n }] = await sql`select count(*)::int as n from public.permission_sets where deal_id = ${r.deal.id}`;
    expect(n).toBe(0);
  });

  it('validates name and capabilities', async () => {
    const r = await peopleRoom('sets-valid');
    const post = (body: unknown) => call('POST', `${r.base}/permissions/sets`, { token: r.owner.token, body });
    expectError(await post({ capabilities: ['view'] }), 400, 'Please enter a name');
    expectError(await post({ name: '   ', capabilities: ['view'] }), 400, 'Please enter a name');
    expectError(await post({ name: 'x'.repeat(101) }), 400);
    expectError(await post({ name: 'Bad', capabilities: ['fly'] }), 400);
    expectError(await post({ name: 'Bad', capabilities: { fly: true } }), 400);
    expectError(await post({ name: 'Bad', capabilities: 'view' }), 400);
    const [{ n }] = await sql`select count(*)::int as n from public.permission_sets where deal_id = ${r.deal.id}`;
    expect(n).toBe(0);
  });

  it("refuses a duplicate name in the deal or a system set's name with 409, whatever the case; other deals may reuse it", async () => {
    const r = await peopleRoom('sets-dup');
    const other = await peopleRoom('sets-dup-o');
    await customSet(r, 'Buyers', ['view']);
    expectError(
      await call('POST', `${r.base}/permissions/sets`, {
        token: r.owner.token,
        body: { name: 'BUYERS', capabilities: ['view'] },
      }),
      409,
    );
    expectError(
      await call('POST', `${r.base}/permissions/sets`, { token: r.owner.token, body: { name: 'Edit', capabilities: ['view'] } }),
      409,
    );
    expectError(
      await call('POST', `${r.base}/permissions/sets`, {
        token: r.owner.token,
        body: { name: 'upload_view', capabilities: ['view'] },
      }),
      409,
    );
    await customSet(other, 'Buyers', ['view']);
  });
});

describe('PUT /deals/{id}/permissions/sets/{id}', () => {
  it('edits a custom set, and the members holding it get the new capabilities', async () => {
    const r = await peopleRoom('sets-edit');
    const set = await customSet(r, 'Readers', ['view']);
    const m = await setMember(r, set.id, 'sets-edit-m');
    expect(await capabilitiesOf(r, m)).toEqual(['view']);
    const res = await call('PUT', `${r.base}/permissions/sets/${set.id}`, {
      token: r.owner.token,
      body: { name: 'Readers+', description: 'Read and download', capabilities: { view: true, download: true } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: set.id,
      name: 'Readers+',
      description: 'Read and download',
      type: 'custom',
      capabilities: capMap(['view', 'download']),
    });
    expect(await capabilitiesOf(r, m)).toEqual(['download', 'view']);
    const deal = await call('GET', r.base, { token: m.token });
    expect(deal.body.permission_set).toBe('Readers+');
  });

  it('keeps the dependency rule, refuses duplicates, and may keep its own name', async () => {
    const r = await peopleRoom('sets-edit-rules');
    const a = await customSet(r, 'Alpha', ['view']);
    await customSet(r, 'Beta', ['view']);
    const put = (body: unknown) => call('PUT', `${r.base}/permissions/sets/${a.id}`, { token: r.owner.token, body });
    expectError(await put({ name: 'Alpha', capabilities: ['approve'] }), 400, /\bview\b/);
    expectError(await put({ name: 'beta', capabilities: ['view'] }), 409);
    expectError(await put({ name: 'approve_only', capabilities: ['view'] }), 409);
    expectError(await put({ name: '' }), 400, 'Please enter a name');
    const same = await put({ name: 'ALPHA', capabilities: ['view', 'comment'] });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const [row] = await sql`select name, capabilities from public.permission_sets where id = ${a.id}`;
    expect(row).toEqual({ name: 'ALPHA', capabilities: ['comment', 'view'] });
  });

  it("refuses system sets with 403 and other deals' sets with 404, changing nothing", async () => {
    const r = await peopleRoom('sets-edit-sys');
    const other = await peopleRoom('sets-edit-sys-o');
    const foreign = await customSet(other, 'Foreign', ['view']);
    const editId = await systemSetId('edit');
    expectError(
      await call('PUT', `${r.base}/permissions/sets/${editId}`, {
        token: r.owner.token,
        body: { name: 'edit', capabilities: CAPABILITIES },
      }),
      403,
    );
    expectError(
      await call('PUT', `${r.base}/permissions/sets/${foreign.id}`, {
        token: r.owner.token,
        body: { name: 'Mine now', capabilities: ['view'] },
      }),
      404,
    );
    expectError(
      await call('PUT', `${r.base}/permissions/sets/${crypto.randomUUID()}`, { token: r.owner.token, body: { name: 'X' } }),
      404,
    );
    expectError(await call('PUT', `${r.base}/permissions/sets/nope`, { token: r.owner.token, body: { name: 'X' } }), 404);
    const [sys] = await sql`select capabilities from public.permission_sets where id = ${editId}`;
    expect(sys.capabilities).toEqual(SYSTEM_SETS.edit);
    const [f] = await sql`select name from public.permission_sets where id = ${foreign.id}`;
    expect(f.name).toBe('Foreign');
  });
});

describe('DELETE /deals/{id}/permissions/sets/{id}', () => {
  it('deletes an unused custom set', async () => {
    const r = await peopleRoom('sets-del');
    const set = await customSet(r, 'Temp', ['view']);
    const res = await call('DELETE', `${r.base}/permissions/sets/${set.id}`, { token: r.owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await sql`select 1 from public.permission_sets where id = ${set.id}`).toHaveLength(0);
    expect((await sets(r)).body.map((s: any) => s.id)).not.toContain(set.id);
    expectError(await call('DELETE', `${r.base}/permissions/sets/${set.id}`, { token: r.owner.token }), 404);
  });

  it('refuses a set still held by a member, a group or a pending invitation with 409', async () => {
    const r = await peopleRoom('sets-inuse');
    const byMember = await customSet(r, 'By member', ['view']);
    const byGroup = await customSet(r, 'By group', ['view']);
    const byInvite = await customSet(r, 'By invite', ['view']);
    const m = await setMember(r, byMember.id, 'sets-inuse-m');
    const g = await group(r, 'Holder', byGroup.id);
    const inv = await invite(r, uniqueEmail('sets-inuse-inv'), { permission_set_id: byInvite.id });
    for (const s of [byMember, byGroup, byInvite]) {
      expectError(await call('DELETE', `${r.base}/permissions/sets/${s.id}`, { token: r.owner.token }), 409);
    }
    expect(
      await sql`select 1 from public.permission_sets where id in ${sql([byMember.id, byGroup.id, byInvite.id])}`,
    ).toHaveLength(3);

    // Once nothing holds them, they can go.
    expect((await editMember(r, m.id, { permission_set_id: await systemSetId('upload_view') })).status).toBe(200);
    expect(
      (await call('PUT', `${r.base}/permissions/groups/${g.id}`, { token: r.owner.token, body: { name: 'Holder' } })).status,
    ).toBe(200);
    expect((await call('DELETE', `${r.base}/invitations/${inv.id}`, { token: r.owner.token })).status).toBe(200);
    for (const s of [byMember, byGroup, byInvite]) {
      const res = await call('DELETE', `${r.base}/permissions/sets/${s.id}`, { token: r.owner.token });
      expect(res.status, `${s.name}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it('a set named only by answered invitations is deleted, or refused with a 409 that says why (never a misleading 400)', async () => {
    const r = await peopleRoom('sets-answered');
    const set = await customSet(r, 'Onboarding', ['view']);
    const accepted = await registerUser('sets-answered-a');
    const declined = await registerUser('sets-answered-d');
    for (const [u, action] of [
      [accepted, 'accept'],
      [declined, 'decline'],
    ] as const) {
      const inv = await invite(r, u.email, { permission_set_id: set.id });
      expect((await call('POST', `/invitations/${inv.id}/${action}`, { token: u.token })).status).toBe(200);
    }
    const moved = await editMember(r, accepted.id, { permission_set_id: await systemSetId('upload_view') });
    expect(moved.status).toBe(200);
    const res = await call('DELETE', `${r.base}/permissions/sets/${set.id}`, { token: r.owner.token });
    const remaining = await sql`select 1 from public.permission_sets where id = ${set.id}`;
    if (res.status === 200) {
      expect(remaining).toHaveLength(0);
    } else {
      // The schema keeps answered invitations' sets (invitations.permission_set_id is `on delete restrict`).
      expectError(res, 409, /invitation/);
      expect(remaining).toHaveLength(1);
    }
    expect(await sql`select status from public.invitations where deal_id = ${r.deal.id} order by status`).toEqual([
      { status: 'accepted' },
      { status: 'declined' },
    ]);
  });

  it("refuses system sets with 403 and other deals' sets with 404", async () => {
    const r = await peopleRoom('sets-del-sys');
    const other = await peopleRoom('sets-del-sys-o');
    const foreign = await customSet(other, 'Foreign', ['view']);
    expectError(
      await call('DELETE', `${r.base}/permissions/sets/${await systemSetId('upload_only')}`, { token: r.owner.token }),
      403,
    );
    expectError(await call('DELETE', `${r.base}/permissions/sets/${foreign.id}`, { token: r.owner.token }), 404);
    expect(await sql`select 1 from public.permission_sets where id = ${foreign.id}`).toHaveLength(1);
    expect(await sql`select 1 from public.permission_sets where deal_id is null and name = 'upload_only'`).toHaveLength(1);
  });
});
