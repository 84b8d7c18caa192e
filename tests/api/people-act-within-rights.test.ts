// A manager cannot act above their rights (the probe's attack): a member holding view + manage_users
// cannot suspend, downgrade, remove or regroup a member who holds more; they still manage those they cover.
import { describe, expect, it } from 'vitest';
import { call, sql } from './helpers.ts';
import { expectError } from './expect.ts';
import { customSet, editMember, group, peopleRoom, setMember } from './people-lib.ts';

const REFUSED = 'You can only change members whose rights you hold yourself';

describe('acting on a member needs rights covering theirs', () => {
  it('refuses suspend, downgrade, remove and regroup of a member above the manager, and changes nothing', async () => {
    const r = await peopleRoom('above');
    const managers = await customSet(r, 'Managers', ['view', 'manage_users']);
    const readers = await customSet(r, 'Readers', ['view']);
    const editors = await group(
      r,
      'Editors',
      (await sql`select id from public.permission_sets where deal_id is null and name = 'edit'`)[0].id,
    );
    const manager = await setMember(r, managers.id, 'manager');
    const editor = await setMember(r, 'edit', 'editor');
    expect((await editMember(r, editor.id, { group_ids: [editors.id] })).status).toBe(200);

    expectError(await editMember(r, editor.id, { status: 'suspended' }, manager.token), 403, REFUSED);
    expectError(await editMember(r, editor.id, { permission_set_id: readers.id }, manager.token), 403, REFUSED);
    expectError(await editMember(r, editor.id, { group_ids: [] }, manager.token), 403, REFUSED);
    expectError(await call('DELETE', `${r.base}/users/${editor.id}`, { token: manager.token }), 403, REFUSED);
    const [row] = await sql`select status, (select name from public.permission_sets where id = m.permission_set_id) as set_name,
                                   (select count(*)::int from public.deal_group_members g where g.deal_id = m.deal_id and g.user_id = m.user_id) as groups
                            from public.deal_members m where m.deal_id = ${r.deal.id} and m.user_id = ${editor.id}`;
    expect(row).toEqual({ status: 'active', set_name: 'edit', groups: 1 });
  });

  it('lets the manager suspend a member whose rights they hold, and the owner act on anyone', async () => {
    const r = await peopleRoom('within');
    const managers = await customSet(r, 'Managers', ['view', 'manage_users']);
    const readers = await customSet(r, 'Readers', ['view']);
    const manager = await setMember(r, managers.id, 'manager');
    const reader = await setMember(r, readers.id, 'reader');
    const editor = await setMember(r, 'edit', 'editor');
    expect((await editMember(r, reader.id, { status: 'suspended' }, manager.token)).status).toBe(200);
    expect((await editMember(r, editor.id, { status: 'suspended' })).status).toBe(200);
  });
});

describe('groups and sets are within the manager too (decision 12)', () => {
  it('refuses a view + manage_users manager deleting, or stripping the set of, a group whose set holds more; and stripping such a set', async () => {
    const r = await peopleRoom('grp-above');
    const managers = await customSet(r, 'Managers', ['view', 'manage_users']);
    const advisors = await customSet(r, 'Advisors', ['view', 'download', 'approve']);
    const editors = await group(
      r,
      'Editors',
      (await sql`select id from public.permission_sets where deal_id is null and name = 'edit'`)[0].id,
    );
    const manager = await setMember(r, managers.id, 'grp-manager');
    const editor = await setMember(r, null, 'grp-editor');
    expect((await editMember(r, editor.id, { group_ids: [editors.id] })).status).toBe(200);
    const lacking = 'approve, comment, download, edit_checklist, edit_files, edit_folders, upload';

    expectError(
      await call('DELETE', `${r.base}/permissions/groups/${editors.id}`, { token: manager.token }),
      403,
      `You cannot delete this group: its permission set grants ${lacking}, which you do not hold`,
    );
    expectError(
      await call('PUT', `${r.base}/permissions/groups/${editors.id}`, {
        token: manager.token,
        body: { name: 'Editors', permission_set_id: null },
      }),
      403,
      `You cannot change this group's permission set: its permission set grants ${lacking}, which you do not hold`,
    );
    expectError(
      await call('PUT', `${r.base}/permissions/sets/${advisors.id}`, {
        token: manager.token,
        body: { name: 'Advisors', capabilities: ['view'] },
      }),
      403,
      'You cannot change this permission set: it grants approve, download, which you do not hold',
    );
    const editorCaps = (await sql`select private.member_capabilities(${r.deal.id}, ${editor.id}) as caps`)[0].caps;
    expect(editorCaps).toContain('edit_files');

    // A group within the manager's rights goes; the owner deletes any.
    const readers = await group(r, 'Readers', (await customSet(r, 'Readers', ['view'])).id);
    expect((await call('DELETE', `${r.base}/permissions/groups/${readers.id}`, { token: manager.token })).status).toBe(200);
    expect((await call('DELETE', `${r.base}/permissions/groups/${editors.id}`, { token: r.owner.token })).status).toBe(200);
  });
});
