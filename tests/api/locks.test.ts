// Locks that hold (docs/decisions.md decision 40): a deny on a person outlives their tags and groups,
// whichever way a manager takes them off; and a deal with ready files, folders and a checklist can be
// deleted (by the server: the API deletes no deal, deals are archived, docs/product.md §4) with
// everything in it, where the file and folder activity triggers used to refuse it.
import { describe, expect, it } from 'vitest';
import { call, createDeal, registerUser, sql, type TestUser } from './helpers.ts';
import { expectError } from './expect.ts';
import { directOk, mkdir, names } from './dataroom-lib.ts';
import { bidderAndShut, editMember, fileStatus, group, peopleRoom, type PeopleRoom } from './people-lib.ts';

async function setPermissions(r: PeopleRoom, fileId: string, body: Record<string, unknown>) {
  const res = await call('PUT', `${r.base}/files/${fileId}/permissions`, { token: r.owner.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function listed(r: PeopleRoom, user: TestUser) {
  const res = await call('GET', `${r.base}/files?path=/`, { token: user.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return names(res.body.files).sort();
}

describe('a deny on a person outlives their tags and groups', () => {
  it('keeps a member denied by name out after a manager untags them, one by one or in bulk, or regroups them', async () => {
    const r = await peopleRoom('lock-untag');
    const { excluded, bidders, shut, bidder } = await bidderAndShut(r, 'lock-untag');
    const others = await group(r, 'Others');
    // a.pdf: Bidders, except the tag "excluded" and the member by name; b.pdf: Bidders except the member.
    const a = (await directOk(r, r.owner, { filename: 'a.pdf', path: '/' })).fileId;
    const b = (await directOk(r, r.owner, { filename: 'b.pdf', path: '/' })).fileId;
    await setPermissions(r, a, {
      type: 'custom',
      allowed_groups: [bidders.id],
      denied_users: [shut.id],
      denied_tags: [excluded.id],
    });
    await setPermissions(r, b, { type: 'custom', allowed_groups: [bidders.id], denied_users: [shut.id] });
    expect(await listed(r, bidder)).toEqual(['a.pdf', 'b.pdf']);
    expect(await listed(r, shut)).toEqual([]);

    // Untagged on the member's page: the tag's deny no longer applies, the one by name still does.
    const untag = await editMember(r, shut.id, { tag_ids: [] });
    expect(untag.status, JSON.stringify(untag.body)).toBe(200);
    expect(untag.body.tags ?? []).toEqual([]);
    expect([await fileStatus(r, shut, a), await fileStatus(r, shut, b)]).toEqual([404, 404]);
    expect(await listed(r, shut)).toEqual([]);

    // Tagged again, then untagged in bulk; and moved to another group in bulk: still out.
    for (const body of [
      { user_ids: [shut.id], add_tag_ids: [excluded.id] },
      { user_ids: [shut.id], remove_tag_ids: [excluded.id] },
      { user_ids: [shut.id], add_group_ids: [others.id] },
      { user_ids: [shut.id], remove_group_ids: [bidders.id] },
      { user_ids: [shut.id], add_group_ids: [bidders.id] },
    ]) {
      const res = await call('POST', `${r.base}/users/bulk-update`, { token: r.owner.token, body });
      expect(res.body, JSON.stringify(body)).toMatchObject({ success_count: 1, failed_count: 0 });
      expect(await listed(r, shut)).toEqual([]);
    }
    const [deny] = await sql`select denied_users, denied_tags from public.file_permissions where file_id = ${a}`;
    expect(deny).toEqual({ denied_users: [shut.id], denied_tags: [excluded.id] });

    // The check can let them in: once a.pdf drops the deny by name, the untagged Bidder sees it.
    await setPermissions(r, a, { type: 'custom', allowed_groups: [bidders.id], denied_tags: [excluded.id] });
    expect(await listed(r, shut)).toEqual(['a.pdf']);
  });
});

describe('deleting a deal with ready files', () => {
  it('is not offered by the API (a clear 405, nothing removed); the server deletes the deal with everything in it', async () => {
    const owner = await registerUser('lock-del-owner');
    const deal = await createDeal(owner, 'Lock delete deal');
    const r: PeopleRoom = { owner, deal, base: `/deals/${deal.id}` };
    const stranger = await registerUser('lock-del-stranger');
    const superAdmin = await registerUser('lock-del-super');
    await sql`insert into public.platform_admins (user_id) values (${superAdmin.id})`;
    await mkdir(r, owner, 'Board');
    await directOk(r, owner, { filename: 'root.pdf', path: '/' });
    const inFolder = await directOk(r, owner, { filename: 'minutes.pdf', path: '/Board' });
    const [state] = await sql`select upload_state from public.files where id = ${inFolder.fileId}`;
    expect(state.upload_state).toBe('ready');
    const counts = async () => {
      const [row] = await sql`select
          (select count(*)::int from public.files where deal_id = ${deal.id}) as files,
          (select count(*)::int from public.folders where deal_id = ${deal.id}) as folders,
          (select count(*)::int from public.checklist_items where deal_id = ${deal.id}) as checklist_items,
          (select count(*)::int from public.deal_members where deal_id = ${deal.id}) as members,
          (select count(*)::int from public.activities where deal_id = ${deal.id}) as activities,
          (select count(*)::int from public.deals where id = ${deal.id}) as deals`;
      return row as Record<string, number>;
    };
    const before = await counts();
    expect(before.files).toBe(2);
    expect(before.checklist_items).toBeGreaterThan(0);

    expectError(
      await call('DELETE', `/deals/${deal.id}`, { token: owner.token }),
      405,
      'A deal cannot be deleted. Archive it instead.',
    );
    // Not a member (a super admin gains nothing inside deals): the deal is not found, as for anyone else.
    expectError(await call('DELETE', `/deals/${deal.id}`, { token: superAdmin.token }), 404);
    expectError(await call('DELETE', `/deals/${deal.id}`, { token: stranger.token }), 404);
    expectError(await call('DELETE', `/deals/${deal.id}`), 401);
    expect(await counts()).toEqual(before);

    await sql`delete from public.deals where id = ${deal.id}`;
    expect(await counts()).toEqual({ files: 0, folders: 0, checklist_items: 0, members: 0, activities: 0, deals: 0 });
  });
});
