import { describe, expect, it } from 'vitest';
import { call, registerUser, newMember } from './helpers.ts';
import { expectError } from './expect.ts';
import {
  SYSTEM_SETS,
  capabilitiesOf,
  customSet,
  group,
  groupIdsOf,
  membership,
  peopleRoom,
  setMember,
  sorted,
  systemSetId,
  tag,
  tagIdsOf,
  type PeopleRoom,
} from './people-lib.ts';

const bulk = (r: PeopleRoom, body: unknown, token = r.owner.token) =>
  call('POST', `${r.base}/users/bulk-update`, { token, body });

describe('POST /deals/{id}/users/bulk-update', () => {
  it('moves several members to one permission set and counts them', async () => {
    const r = await peopleRoom('bulk-set');
    const a = await setMember(r, 'upload_only', 'bulk-a');
    const b = await setMember(r, 'upload_view', 'bulk-b');
    const legacy = await newMember(r.deal.id, 'contributor', 'bulk-legacy');
    const untouched = await setMember(r, 'upload_only', 'bulk-untouched');
    const res = await bulk(r, { user_ids: [a.id, b.id, legacy.id], permission_set_id: await systemSetId('approve_only') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success_count: 3, failed_count: 0 });
    for (const u of [a, b, legacy]) {
      expect(await membership(r.deal.id, u.id)).toMatchObject({ set_name: 'approve_only', role: 'member' });
      expect(await capabilitiesOf(r, u)).toEqual(SYSTEM_SETS.approve_only);
    }
    expect(await membership(r.deal.id, untouched.id)).toMatchObject({ set_name: 'upload_only' });
  });

  it('counts the owner and non-members as failed and leaves the owner unchanged', async () => {
    const r = await peopleRoom('bulk-owner');
    const a = await setMember(r, 'upload_view', 'bulk-owner-a');
    const stranger = await registerUser('bulk-stranger');
    const before = await membership(r.deal.id, r.owner.id);
    const res = await bulk(r, { user_ids: [r.owner.id, a.id, stranger.id], permission_set_id: await systemSetId('upload_only') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success_count: 1, failed_count: 2 });
    expect(res.body.failed.map((f: any) => f.user_id).sort()).toEqual(sorted([r.owner.id, stranger.id]));
    expect(await membership(r.deal.id, r.owner.id)).toEqual(before);
    expect(await membership(r.deal.id, stranger.id)).toBeUndefined();
    expect(await membership(r.deal.id, a.id)).toMatchObject({ set_name: 'upload_only' });
    const owner = await call('GET', r.base, { token: r.owner.token });
    expect(owner.body).toMatchObject({ user_role: 'admin', permission_set: 'admin' });
    expect(owner.body.capabilities).toContain('manage_users');
  });

  it('adding the owner to a group through bulk leaves the owner outside the group', async () => {
    const r = await peopleRoom('bulk-owner-g');
    const a = await setMember(r, 'upload_view', 'bulk-owner-ga');
    const g = await group(r, 'Everyone');
    const res = await bulk(r, { user_ids: [r.owner.id, a.id], add_group_ids: [g.id] });
    expect(res.body).toMatchObject({ success_count: 1, failed_count: 1 });
    expect(await groupIdsOf(r.deal.id, r.owner.id)).toEqual([]);
    expect(await groupIdsOf(r.deal.id, a.id)).toEqual([g.id]);
  });

  it('adds and removes groups', async () => {
    const r = await peopleRoom('bulk-groups');
    const [a, b] = [await setMember(r, 'upload_only', 'bg-a'), await setMember(r, 'upload_only', 'bg-b')];
    const [g1, g2] = [await group(r, 'G1', await systemSetId('edit')), await group(r, 'G2')];
    let res = await bulk(r, { user_ids: [a.id, b.id], add_group_ids: [g1.id, g2.id] });
    expect(res.body).toMatchObject({ success_count: 2, failed_count: 0 });
    // Adding again is harmless.
    res = await bulk(r, { user_ids: [a.id], add_group_ids: [g1.id] });
    expect(res.body).toMatchObject({ success_count: 1, failed_count: 0 });
    expect(await groupIdsOf(r.deal.id, a.id)).toEqual(sorted([g1.id, g2.id]));
    expect(await capabilitiesOf(r, b)).toEqual(SYSTEM_SETS.edit);
    res = await bulk(r, { user_ids: [a.id, b.id], remove_group_ids: [g1.id] });
    expect(res.body).toMatchObject({ success_count: 2, failed_count: 0 });
    expect(await groupIdsOf(r.deal.id, a.id)).toEqual([g2.id]);
    expect(await groupIdsOf(r.deal.id, b.id)).toEqual([g2.id]);
    expect(await capabilitiesOf(r, b)).toEqual(['upload']);
    const groups = await call('GET', `${r.base}/permissions/groups`, { token: r.owner.token });
    expect(Object.fromEntries(groups.body.map((g: any) => [g.name, g.member_count]))).toEqual({ G1: 0, G2: 2 });
  });

  it('adds and removes tags', async () => {
    const r = await peopleRoom('bulk-tags');
    const [a, b] = [await setMember(r, 'upload_view', 'bt-a'), await setMember(r, 'upload_view', 'bt-b')];
    const [t1, t2] = [await tag(r, 'T1'), await tag(r, 'T2')];
    let res = await bulk(r, { user_ids: [a.id, b.id], add_tag_ids: [t1.id, t2.id] });
    expect(res.body).toMatchObject({ success_count: 2, failed_count: 0 });
    expect(await tagIdsOf(r.deal.id, b.id)).toEqual(sorted([t1.id, t2.id]));
    res = await bulk(r, { user_ids: [b.id], remove_tag_ids: [t2.id] });
    expect(res.body).toMatchObject({ success_count: 1, failed_count: 0 });
    expect(await tagIdsOf(r.deal.id, a.id)).toEqual(sorted([t1.id, t2.id]));
    expect(await tagIdsOf(r.deal.id, b.id)).toEqual([t1.id]);
  });

  it('takes exactly one operation: none or two is a 400 and changes nothing', async () => {
    const r = await peopleRoom('bulk-ops');
    const a = await setMember(r, 'upload_view', 'bo-a');
    const g = await group(r, 'G');
    const t = await tag(r, 'T');
    const edit = await systemSetId('edit');
    expectError(await bulk(r, { user_ids: [a.id] }), 400, /exactly one/);
    expectError(await bulk(r, { user_ids: [a.id], permission_set_id: edit, add_group_ids: [g.id] }), 400, /exactly one/);
    expectError(await bulk(r, { user_ids: [a.id], add_tag_ids: [t.id], remove_tag_ids: [t.id] }), 400, /exactly one/);
    expectError(
      await bulk(r, { user_ids: [a.id], add_group_ids: [g.id], remove_group_ids: [g.id], add_tag_ids: [t.id] }),
      400,
      /exactly one/,
    );
    expect(await membership(r.deal.id, a.id)).toMatchObject({ set_name: 'upload_view' });
    expect(await groupIdsOf(r.deal.id, a.id)).toEqual([]);
    expect(await tagIdsOf(r.deal.id, a.id)).toEqual([]);
  });

  it('validates the selection and the targets', async () => {
    const r = await peopleRoom('bulk-valid');
    const other = await peopleRoom('bulk-valid-o');
    const a = await setMember(r, 'upload_view', 'bv-a');
    const fg = await group(other, 'Foreign');
    const ft = await tag(other, 'Foreign');
    const fs = await customSet(other, 'Foreign', ['view']);
    expectError(await bulk(r, { user_ids: [], permission_set_id: await systemSetId('edit') }), 400, 'Select at least one user');
    expectError(await bulk(r, { permission_set_id: await systemSetId('edit') }), 400);
    expectError(await bulk(r, { user_ids: ['nope'], permission_set_id: await systemSetId('edit') }), 400);
    expectError(await bulk(r, { user_ids: [a.id], add_group_ids: [] }), 400);
    expectError(await bulk(r, { user_ids: [a.id], add_group_ids: [fg.id] }), 400, /groups/);
    expectError(await bulk(r, { user_ids: [a.id], remove_tag_ids: [ft.id] }), 400, /tags/);
    // A set that cannot be used here is refused up front, like foreign groups and tags.
    expectError(await bulk(r, { user_ids: [a.id], permission_set_id: fs.id }), 400, 'Please select a permission set');
    expectError(
      await bulk(r, { user_ids: [a.id], permission_set_id: crypto.randomUUID() }),
      400,
      'Please select a permission set',
    );
    expectError(await bulk(r, { user_ids: [a.id], status: 'suspended' }), 400);
    expect(await membership(r.deal.id, a.id)).toMatchObject({ set_name: 'upload_view', status: 'active' });
    expect(await groupIdsOf(r.deal.id, a.id)).toEqual([]);
  });

  it('counts a repeated id once', async () => {
    const r = await peopleRoom('bulk-dup');
    const a = await setMember(r, 'upload_view', 'bd-a');
    const res = await bulk(r, { user_ids: [a.id, a.id, a.id], permission_set_id: await systemSetId('edit') });
    expect(res.body).toMatchObject({ success_count: 1, failed_count: 0 });
  });
});
