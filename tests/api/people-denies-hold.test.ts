// A deny never fails open (docs/decisions.md decision 26), replaying the probe's attack: a file denies the
// tag "excluded"; deleting the tag (the owner, or a member holding only view + manage_users) used to leave
// a dangling id, and the excluded member opened the file (404 -> 200). Now the delete is refused with a 409
// naming the files, and the member stays out.
import { describe, expect, it, vi } from 'vitest';
import { call, sql } from './helpers.ts';
import { expectError } from './expect.ts';
import { directOk, gate } from './dataroom-lib.ts';
import {
  bidderAndShut,
  customSet,
  editMember,
  fileStatus,
  group,
  peopleRoom,
  setMember,
  tag,
  type PeopleRoom,
} from './people-lib.ts';

async function setPermissions(r: PeopleRoom, fileId: string, body: Record<string, unknown>, token = r.owner.token) {
  return call('PUT', `${r.base}/files/${fileId}/permissions`, { token, body });
}

/** DELETE of a tag or group of the deal, as the owner unless told: the delete a deny must hold back. */
function deleteNamed(r: PeopleRoom, kind: 'tags' | 'groups', id: string, token = r.owner.token) {
  return call('DELETE', `${r.base}/permissions/${kind}/${id}`, { token });
}

/** Bidders may see a.pdf, except whoever is tagged "excluded"; b.pdf is open to all but keeps the same deny. */
async function deniedRoom(label: string) {
  const r = await peopleRoom(label);
  const { excluded, bidders, shut, bidder } = await bidderAndShut(r, label);
  const managers = await customSet(r, 'Managers', ['view', 'manage_users']);
  const manager = await setMember(r, managers.id, `${label}-manager`);
  const a = await directOk(r, r.owner, { filename: 'a.pdf', path: '/' });
  const b = await directOk(r, r.owner, { filename: 'b.pdf', path: '/' });
  expect(
    (await setPermissions(r, a.fileId, { type: 'custom', allowed_groups: [bidders.id], denied_tags: [excluded.id] })).status,
  ).toBe(200);
  expect((await setPermissions(r, b.fileId, { type: 'all', denied_tags: [excluded.id] })).status).toBe(200);
  return { r, excluded, bidders, manager, shut, bidder, a: a.fileId, b: b.fileId };
}

describe('a deny never fails open', () => {
  it('refuses to delete a tag a deny names (409 naming the files), for the owner and a manage_users member; the excluded member stays out', async () => {
    const { r, excluded, bidders, manager, shut, bidder, a, b } = await deniedRoom('deny-tag');
    expect(await fileStatus(r, shut, a)).toBe(404);
    expect(await fileStatus(r, bidder, a)).toBe(200);

    expectError(
      await deleteNamed(r, 'tags', excluded.id),
      409,
      "This tag is used to deny access on 2 files: a.pdf, b.pdf. Remove it from those files' permissions first.",
    );
    // The manager cannot see a.pdf (only Bidders may): it is counted, not named.
    expectError(
      await deleteNamed(r, 'tags', excluded.id, manager.token),
      409,
      "This tag is used to deny access on 2 files: b.pdf and 1 more. Remove it from those files' permissions first.",
    );
    expect(await fileStatus(r, shut, a)).toBe(404);
    const [row] = await sql`select count(*)::int as n from public.deal_member_tags where tag_id = ${excluded.id}`;
    expect(row.n).toBe(1);

    // Once the files no longer deny it, the tag goes (and the member, no longer excluded, is let in).
    expect((await setPermissions(r, a, { type: 'custom', allowed_groups: [bidders.id] })).status).toBe(200);
    expect((await setPermissions(r, b, { type: 'all' })).status).toBe(200);
    expect((await deleteNamed(r, 'tags', excluded.id)).status).toBe(200);
    expect(await fileStatus(r, shut, a)).toBe(200);
  });

  it('refuses to delete a group a deny names', async () => {
    const { r, bidders, manager, shut, a } = await deniedRoom('deny-group');
    const outsiders = await group(r, 'Outsiders');
    expect((await editMember(r, shut.id, { group_ids: [bidders.id, outsiders.id] })).status).toBe(200);
    expect(
      (await setPermissions(r, a, { type: 'custom', allowed_groups: [bidders.id], denied_groups: [outsiders.id] })).status,
    ).toBe(200);
    expectError(
      await deleteNamed(r, 'groups', outsiders.id),
      409,
      "This group is used to deny access on 1 file: a.pdf. Remove it from that file's permissions first.",
    );
    // The manager, who cannot see a.pdf, is told the count only.
    expectError(
      await deleteNamed(r, 'groups', outsiders.id, manager.token),
      409,
      "This group is used to deny access on 1 file. Remove it from that file's permissions first.",
    );
    expect(await fileStatus(r, shut, a)).toBe(404);
    // A group only an allow names is deleted: its members lose access (the allow fails closed).
    expect((await deleteNamed(r, 'groups', bidders.id)).status).toBe(200);
    expect(await fileStatus(r, shut, a)).toBe(404);
  });

  it("refuses a deny naming a tag or group that is not the deal's", async () => {
    const { r, a } = await deniedRoom('deny-foreign');
    const other = await peopleRoom('deny-foreign-o');
    const foreign = await tag(other, 'excluded');
    expectError(
      await setPermissions(r, a, { type: 'custom', denied_tags: [foreign.id] }),
      400,
      'A denied tag does not exist in this deal',
    );
    expectError(
      await setPermissions(r, a, { type: 'custom', denied_groups: [crypto.randomUUID()] }),
      400,
      'A denied group does not exist in this deal',
    );
  });
});

describe('a deny and a delete of what it names, at once', () => {
  /** Waits until a statement starting with `prefix` is blocked on a lock (a state, not a time). */
  const blockedOn = (prefix: string) =>
    vi.waitFor(
      async () => {
        const [row] = await sql`select count(*)::int as n from pg_stat_activity
                                where wait_event_type = 'Lock' and query like ${prefix + '%'}`;
        expect(row.n).toBeGreaterThanOrEqual(1);
      },
      { timeout: 10_000, interval: 20 },
    );

  it('a delete waits for a deny being written, then sees it and is refused', async () => {
    const { r, a } = await deniedRoom('race-deny-first');
    const late = await tag(r, 'late');
    const held = gate();
    const written = gate();
    const denying = sql.begin(async (tx) => {
      await tx`update public.file_permissions set denied_tags = denied_tags || ${late.id}::uuid where file_id = ${a}`;
      written.open();
      await held.opened;
    });
    await written.opened;
    const deleting = sql`delete from public.deal_tags where id = ${late.id}`.then(
      () => 'deleted',
      (err) => (err as { code?: string }).code,
    );
    try {
      await blockedOn('delete from public.deal_tags');
    } finally {
      held.open();
    }
    await denying;
    expect(await deleting).toBe('55000');
    const [row] = await sql`select count(*)::int as n from public.deal_tags where id = ${late.id}`;
    expect(row.n).toBe(1);
  });

  it('a deny waits for a delete of its tag, then is refused', async () => {
    const { r, a } = await deniedRoom('race-delete-first');
    const late = await tag(r, 'late');
    const held = gate();
    const deleted = gate();
    const deleting = sql.begin(async (tx) => {
      await tx`delete from public.deal_tags where id = ${late.id}`;
      deleted.open();
      await held.opened;
    });
    await deleted.opened;
    const denying =
      sql`update public.file_permissions set denied_tags = denied_tags || ${late.id}::uuid where file_id = ${a}`.then(
        () => 'written',
        (err) => (err as { message?: string }).message,
      );
    try {
      await blockedOn('update public.file_permissions');
    } finally {
      held.open();
    }
    await deleting;
    expect(await denying).toBe('A denied tag does not exist in this deal');
    const [row] = await sql`select denied_tags from public.file_permissions where file_id = ${a}`;
    expect(row.denied_tags).not.toContain(late.id);
  });
});
