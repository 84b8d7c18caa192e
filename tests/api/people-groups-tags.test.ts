import { describe, expect, it } from 'vitest';
import { call, sql } from './helpers.ts';
import { expectError } from './expect.ts';
import {
  SYSTEM_SETS,
  capMap,
  capabilitiesOf,
  customSet,
  editMember,
  enhancedEntry,
  group,
  groupIdsOf,
  peopleRoom,
  setMember,
  systemSetId,
  tag,
  tagIdsOf,
} from './people-lib.ts';

describe('groups', () => {
  it('creates a group with the default colour #6366F1, or the colour given (upper-cased)', async () => {
    const r = await peopleRoom('grp-create');
    const editId = await systemSetId('edit');
    const res = await call('POST', `${r.base}/permissions/groups`, {
      token: r.owner.token,
      body: { name: ' Sellers ', description: 'Sell side', permission_set_id: editId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Sellers',
      description: 'Sell side',
      color: '#6366F1',
      permission_set_id: editId,
      permission_set_name: 'edit',
      member_count: 0,
    });
    const pink = await call('POST', `${r.base}/permissions/groups`, {
      token: r.owner.token,
      body: { name: 'Pink', color: '#ec4899' },
    });
    expect(pink.status).toBe(201);
    expect(pink.body).toMatchObject({ color: '#EC4899', permission_set_id: null, description: '' });
    // permission_set_id is an id (docs/product.md §7), not a name.
    expectError(
      await call('POST', `${r.base}/permissions/groups`, {
        token: r.owner.token,
        body: { name: 'Named set', permission_set_id: 'approve_only' },
      }),
      400,
    );
  });

  it("lists the deal's groups by name with member counts", async () => {
    const r = await peopleRoom('grp-list');
    const other = await peopleRoom('grp-list-o');
    await group(other, 'Elsewhere');
    const b = await group(r, 'beta');
    const a = await group(r, 'Alpha', await systemSetId('upload_view'));
    for (const label of ['gl-1', 'gl-2']) {
      const m = await setMember(r, 'upload_only', label);
      expect((await editMember(r, m.id, { group_ids: [a.id] })).status).toBe(200);
    }
    const viewer = await setMember(r, 'upload_view', 'gl-viewer');
    const res = await call('GET', `${r.base}/permissions/groups`, { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.map((g: any) => [g.id, g.name, g.member_count])).toEqual([
      [a.id, 'Alpha', 2],
      [b.id, 'beta', 0],
    ]);
    expect(res.body[0]).toMatchObject({ permission_set_name: 'upload_view', color: '#6366F1', description: '' });
  });

  it('refuses a bad colour, a missing name, a duplicate name and a set from another deal', async () => {
    const r = await peopleRoom('grp-valid');
    const other = await peopleRoom('grp-valid-o');
    const foreign = await customSet(other, 'Foreign', ['view']);
    await group(r, 'Taken');
    const post = (body: unknown) => call('POST', `${r.base}/permissions/groups`, { token: r.owner.token, body });
    for (const color of ['red', '#FFF', '#GGGGGG', '6366F1', '#6366F1 ', '']) {
      expectError(await post({ name: `C ${color}`, color }), 400);
    }
    expectError(await post({}), 400, 'Please enter a group name');
    expectError(await post({ name: '  ' }), 400, 'Please enter a group name');
    expectError(await post({ name: 'TAKEN' }), 409);
    expectError(await post({ name: 'Foreign set', permission_set_id: foreign.id }), 400, 'Please select a permission set');
    expectError(
      await post({ name: 'Unknown set', permission_set_id: crypto.randomUUID() }),
      400,
      'Please select a permission set',
    );
    const [{ n }] = await sql`select count(*)::int as n from public.deal_groups where deal_id = ${r.deal.id}`;
    expect(n).toBe(1);
    // Another deal may use the same name.
    await group(other, 'Taken');
  });

  it("edits a group; its members' effective permissions follow its set", async () => {
    const r = await peopleRoom('grp-edit');
    const g = await group(r, 'Team', await systemSetId('upload_view'));
    const m = await setMember(r, 'upload_only', 'grp-edit-m');
    expect((await editMember(r, m.id, { group_ids: [g.id] })).status).toBe(200);
    expect(await capabilitiesOf(r, m)).toEqual(SYSTEM_SETS.upload_view);
    const res = await call('PUT', `${r.base}/permissions/groups/${g.id}`, {
      token: r.owner.token,
      body: { name: 'Team A', description: 'Now editors', permission_set_id: await systemSetId('edit'), color: '#F59E0B' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: g.id,
      name: 'Team A',
      description: 'Now editors',
      color: '#F59E0B',
      permission_set_name: 'edit',
      member_count: 1,
    });
    expect(await capabilitiesOf(r, m)).toEqual(SYSTEM_SETS.edit);
    expect((await enhancedEntry(r, m.id)).groups).toEqual([{ id: g.id, name: 'Team A', color: '#F59E0B' }]);
  });

  it('refuses bad edits and unknown or foreign groups', async () => {
    const r = await peopleRoom('grp-edit-bad');
    const other = await peopleRoom('grp-edit-bad-o');
    const g = await group(r, 'Mine');
    await group(r, 'Other');
    const foreign = await group(other, 'Foreign');
    const put = (id: string, body: unknown) => call('PUT', `${r.base}/permissions/groups/${id}`, { token: r.owner.token, body });
    expectError(await put(g.id, { name: 'Mine', color: 'blue' }), 400);
    expectError(await put(g.id, { name: '' }), 400, 'Please enter a group name');
    expectError(await put(g.id, { name: 'other' }), 409);
    expectError(await put(foreign.id, { name: 'Stolen' }), 404);
    expectError(await put(crypto.randomUUID(), { name: 'Ghost' }), 404);
    expectError(await put('nope', { name: 'Ghost' }), 404);
    const [f] = await sql`select name from public.deal_groups where id = ${foreign.id}`;
    expect(f.name).toBe('Foreign');
    const [mine] = await sql`select name, color from public.deal_groups where id = ${g.id}`;
    expect(mine).toEqual({ name: 'Mine', color: '#6366F1' });
  });

  it('deleting a group removes its permissions from its members', async () => {
    const r = await peopleRoom('grp-del');
    const g = await group(r, 'Editors', await systemSetId('edit'));
    const keep = await group(r, 'Keep');
    const m = await setMember(r, 'upload_only', 'grp-del-m');
    expect((await editMember(r, m.id, { group_ids: [g.id, keep.id] })).status).toBe(200);
    expect(await capabilitiesOf(r, m)).toEqual(SYSTEM_SETS.edit);
    const res = await call('DELETE', `${r.base}/permissions/groups/${g.id}`, { token: r.owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await capabilitiesOf(r, m)).toEqual(['upload']);
    expect((await enhancedEntry(r, m.id)).effective_permissions).toEqual(capMap(['upload']));
    expect(await groupIdsOf(r.deal.id, m.id)).toEqual([keep.id]);
    const list = await call('GET', `${r.base}/permissions/groups`, { token: r.owner.token });
    expect(list.body.map((x: any) => x.id)).toEqual([keep.id]);
    expectError(await call('DELETE', `${r.base}/permissions/groups/${g.id}`, { token: r.owner.token }), 404);
  });

  it("cannot delete another deal's group through this deal", async () => {
    const r = await peopleRoom('grp-del-x');
    const other = await peopleRoom('grp-del-x-o');
    const foreign = await group(other, 'Foreign');
    expectError(await call('DELETE', `${r.base}/permissions/groups/${foreign.id}`, { token: r.owner.token }), 404);
    expect(await sql`select 1 from public.deal_groups where id = ${foreign.id}`).toHaveLength(1);
  });
});

describe('tags', () => {
  it('creates a tag with the default colour #10B981, or the colour given', async () => {
    const r = await peopleRoom('tag-create');
    const res = await call('POST', `${r.base}/permissions/tags`, { token: r.owner.token, body: { name: ' Priority ' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ name: 'Priority', color: '#10B981', member_count: 0 });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const teal = await call('POST', `${r.base}/permissions/tags`, {
      token: r.owner.token,
      body: { name: 'Teal', color: '#14b8a6' },
    });
    expect(teal.status).toBe(201);
    expect(teal.body.color).toBe('#14B8A6');
  });

  it('lists tags by name with member counts, for any member', async () => {
    const r = await peopleRoom('tag-list');
    const other = await peopleRoom('tag-list-o');
    await tag(other, 'Elsewhere');
    const z = await tag(r, 'zeta');
    const a = await tag(r, 'Alpha');
    const m = await setMember(r, 'upload_view', 'tag-list-m');
    expect((await editMember(r, m.id, { tag_ids: [z.id] })).status).toBe(200);
    const res = await call('GET', `${r.base}/permissions/tags`, { token: m.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: a.id, name: 'Alpha', color: '#10B981', member_count: 0 },
      { id: z.id, name: 'zeta', color: '#10B981', member_count: 1 },
    ]);
  });

  it('refuses a bad colour, a missing name and a duplicate', async () => {
    const r = await peopleRoom('tag-valid');
    await tag(r, 'Taken');
    const post = (body: unknown) => call('POST', `${r.base}/permissions/tags`, { token: r.owner.token, body });
    for (const color of ['green', '#10B98', '#10B9811', 'rgb(0,0,0)'])
      expectError(await post({ name: `C ${color}`, color }), 400);
    expectError(await post({}), 400, 'Please enter a tag name');
    expectError(await post({ name: '' }), 400, 'Please enter a tag name');
    expectError(await post({ name: 'taken' }), 409);
    const [{ n }] = await sql`select count(*)::int as n from public.deal_tags where deal_id = ${r.deal.id}`;
    expect(n).toBe(1);
  });

  it("edits a tag; refuses duplicates, bad colours and other deals' tags", async () => {
    const r = await peopleRoom('tag-edit');
    const other = await peopleRoom('tag-edit-o');
    const t = await tag(r, 'Old');
    await tag(r, 'Other');
    const foreign = await tag(other, 'Foreign');
    const res = await call('PUT', `${r.base}/permissions/tags/${t.id}`, {
      token: r.owner.token,
      body: { name: 'New', color: '#EF4444' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: t.id, name: 'New', color: '#EF4444' });
    const put = (id: string, body: unknown) => call('PUT', `${r.base}/permissions/tags/${id}`, { token: r.owner.token, body });
    expectError(await put(t.id, { name: 'OTHER' }), 409);
    expectError(await put(t.id, { name: 'New', color: '#XYZXYZ' }), 400);
    expectError(await put(foreign.id, { name: 'Stolen' }), 404);
    expectError(await put(crypto.randomUUID(), { name: 'Ghost' }), 404);
    const [row] = await sql`select name, color from public.deal_tags where id = ${t.id}`;
    expect(row).toEqual({ name: 'New', color: '#EF4444' });
    const [f] = await sql`select name from public.deal_tags where id = ${foreign.id}`;
    expect(f.name).toBe('Foreign');
  });

  it('deleting a tag takes it off its members', async () => {
    const r = await peopleRoom('tag-del');
    const t = await tag(r, 'Gone');
    const keep = await tag(r, 'Kept');
    const m = await setMember(r, 'upload_view', 'tag-del-m');
    expect((await editMember(r, m.id, { tag_ids: [t.id, keep.id] })).status).toBe(200);
    const res = await call('DELETE', `${r.base}/permissions/tags/${t.id}`, { token: r.owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await tagIdsOf(r.deal.id, m.id)).toEqual([keep.id]);
    expect((await enhancedEntry(r, m.id)).tags.map((x: any) => x.name)).toEqual(['Kept']);
    expectError(await call('DELETE', `${r.base}/permissions/tags/${t.id}`, { token: r.owner.token }), 404);
    const other = await peopleRoom('tag-del-o');
    const foreign = await tag(other, 'Foreign');
    expectError(await call('DELETE', `${r.base}/permissions/tags/${foreign.id}`, { token: r.owner.token }), 404);
    expect(await sql`select 1 from public.deal_tags where id = ${foreign.id}`).toHaveLength(1);
  });
});
