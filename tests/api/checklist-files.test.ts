/** Files and checklist items: PUT /checklist/{id} {status, files}, files-by-items, the file's checklist_items, unlinking. */
import { describe, expect, it } from 'vitest';
import { call, sql, type TestUser } from './helpers.ts';
import { expectError } from './expect.ts';
import { directOk, twoStep } from './dataroom-lib.ts';
import {
  activityRows,
  category,
  checklist,
  getItem,
  item,
  member,
  NOT_FOUND_UUID,
  otherDealItem,
  room,
  setMember,
  type Room,
} from './checklist-lib.ts';

/** The data-room helpers' view of a room. */
const dr = (r: Room) => ({ owner: r.owner, deal: { id: r.dealId }, base: `/deals/${r.dealId}` });

async function upload(r: Room, name: string, user: TestUser = r.owner, how: 'two-step' | 'direct' = 'two-step') {
  const bytes = new TextEncoder().encode(`contents of ${name}`);
  const res =
    how === 'two-step'
      ? await twoStep(dr(r), user, { filename: name, bytes })
      : await directOk(dr(r), user, { filename: name, bytes });
  return res.fileId;
}

async function fileLinks(r: Room, fileId: string, user: TestUser = r.owner): Promise<string[]> {
  const res = await call('GET', `/deals/${r.dealId}/files/${fileId}`, { token: user.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.checklist_items;
}

const link = (r: Room, itemId: string, body: unknown, user: TestUser = r.owner) =>
  call('PUT', `${r.base}/${itemId}`, { token: user.token, body });

async function setup(label: string) {
  const r = await room(label);
  const cat = await category(r, 'Corporate', 'A');
  const it1 = await item(r, cat.id, 'Charter', { anticipated_file_count: 2 });
  const it2 = await item(r, cat.id, 'Bylaws');
  return { r, cat, it1, it2 };
}

describe('PUT /deals/{id}/checklist/{itemId} {status, files}', () => {
  it('links files (two-step and direct uploads): files, connected_files and actual_file_count follow', async () => {
    const { r, it1, it2 } = await setup('cl-link');
    const f1 = await upload(r, 'charter.pdf', r.owner, 'two-step');
    const f2 = await upload(r, 'charter-amendment.pdf', r.owner, 'direct');
    const res = await link(r, it1.id, { status: 'provided', files: [f1, f2] });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('provided');
    expect([...res.body.files].sort()).toEqual([f1, f2].sort());
    expect(res.body.metadata).toEqual({ anticipated_file_count: 2, actual_file_count: 2 });
    expect(res.body.connected_files.map((f: any) => f.name).sort()).toEqual(['charter-amendment.pdf', 'charter.pdf']);
    for (const f of res.body.connected_files) {
      expect(f).toMatchObject({
        file_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        ai_status: expect.any(String),
        approval_status: 'pending',
      });
      expect(f.size).toBeGreaterThan(0);
      expect(Number.isNaN(Date.parse(f.uploaded_at))).toBe(false);
    }
    // the file's side shows the link
    expect(await fileLinks(r, f1)).toEqual([it1.id]);
    expect(await fileLinks(r, f2)).toEqual([it1.id]);
    // the checklist and the item page agree; the other item is untouched
    const body = await checklist(r);
    const charter = body.checklist.Corporate.find((i) => i.id === it1.id)!;
    expect(charter.metadata.actual_file_count).toBe(2);
    expect(body.checklist.Corporate.find((i) => i.id === it2.id)!.metadata.actual_file_count).toBe(0);
    expect(body.progress).toEqual({ completed: 1, total: 2 });
    expect((await getItem(r, it1.id)).connected_files).toHaveLength(2);

    // a file may answer two items
    const both = await link(r, it2.id, { files: [f1] });
    expect(both.status).toBe(200);
    expect(both.body.files).toEqual([f1]);
    expect((await fileLinks(r, f1)).sort()).toEqual([it1.id, it2.id].sort());
  });

  it('the list is exact: files left out are unlinked, an empty list unlinks all, no files key keeps them', async () => {
    const { r, it1 } = await setup('cl-unlink');
    const f1 = await upload(r, 'a.pdf');
    const f2 = await upload(r, 'b.pdf');
    expect((await link(r, it1.id, { files: [f1, f2] })).status).toBe(200);
    const one = await link(r, it1.id, { files: [f2] });
    expect(one.body.files).toEqual([f2]);
    expect(one.body.metadata.actual_file_count).toBe(1);
    expect(await fileLinks(r, f1)).toEqual([]);
    expect(await fileLinks(r, f2)).toEqual([it1.id]);
    const statusOnly = await link(r, it1.id, { status: 'not_applicable' });
    expect(statusOnly.body).toMatchObject({ status: 'not_applicable', files: [f2] });
    // the same file twice counts once
    const twice = await link(r, it1.id, { files: [f2, f2] });
    expect(twice.status).toBe(200);
    expect(twice.body.metadata.actual_file_count).toBe(1);
    expect(await fileLinks(r, f2)).toEqual([it1.id]);
    const none = await link(r, it1.id, { files: [] });
    expect(none.body).toMatchObject({ files: [], connected_files: [], metadata: { actual_file_count: 0 } });
    expect(await fileLinks(r, f2)).toEqual([]);
  });

  it.each([
    ['an unknown status', { status: 'done' }],
    ['files that are not a list', { files: 'abc' }],
    ['a malformed file id', { files: ['abc'] }],
    ['an unknown field', { status: 'provided', note: 'x' }],
    ['a null status', { status: null }],
  ])('refuses %s with 400 and changes nothing', async (_label, body) => {
    const { r, it1 } = await setup('cl-linkbad');
    const f1 = await upload(r, 'a.pdf');
    expect((await link(r, it1.id, { files: [f1] })).status).toBe(200);
    expectError(await link(r, it1.id, body), 400);
    const after = await getItem(r, it1.id);
    expect(after).toMatchObject({ status: 'in_progress', files: [f1] });
  });

  it('refuses files of another deal, unknown files and unfinished uploads with 400, in one piece', async () => {
    const { r, it1 } = await setup('cl-linkx');
    const mine = await upload(r, 'mine.pdf');
    const other = await room('cl-linkx2');
    const theirs = await upload(other, 'theirs.pdf');
    const pending = await call('POST', `/deals/${r.dealId}/files/upload-url`, {
      token: r.owner.token,
      body: { filename: 'half.pdf', path: '/' },
    });
    expect(pending.status).toBe(200);
    for (const files of [[mine, theirs], [theirs], [NOT_FOUND_UUID], [mine, pending.body.file_id]]) {
      expectError(await link(r, it1.id, { status: 'provided', files }), 400, 'Some files do not exist in this deal.');
    }
    // nothing changed: neither the status nor any file's links
    expect(await getItem(r, it1.id)).toMatchObject({ status: 'in_progress', files: [] });
    expect(await fileLinks(r, mine)).toEqual([]);
    expect(await fileLinks(other, theirs, other.owner)).toEqual([]);
  });

  it("404 'Item not found' for unknown, malformed and other deals' items", async () => {
    const { r } = await setup('cl-link404');
    const f1 = await upload(r, 'a.pdf');
    const { other, theirs } = await otherDealItem('cl-link404b');
    for (const id of [NOT_FOUND_UUID, 'xyz', theirs.id]) {
      expectError(await link(r, id, { status: 'provided', files: [f1] }), 404, 'Item not found');
    }
    expect(await fileLinks(r, f1)).toEqual([]);
    expect((await getItem(other, theirs.id)).status).toBe('in_progress');
  });

  it('a status change needs edit_checklist; a viewer may link their own upload but not change the status', async () => {
    const { r, it1 } = await setup('cl-linkrights');
    const viewer = await member(r, 'viewer');
    expectError(await link(r, it1.id, { status: 'provided' }, viewer), 403);
    expect((await getItem(r, it1.id)).status).toBe('in_progress');
    const own = await upload(r, 'viewer-upload.pdf', viewer);
    const res = await link(r, it1.id, { files: [own] }, viewer);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.files).toEqual([own]);
    expect(await fileLinks(r, own)).toEqual([it1.id]);
    // the update form sends the status it shows: the unchanged status is no status change
    const same = await link(r, it1.id, { status: 'in_progress', files: [own] }, viewer);
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const contributor = await member(r, 'contributor');
    expect((await link(r, it1.id, { status: 'provided' }, contributor)).status).toBe(200);
  });

  it("a member who may not edit someone else's file gets 403, not a silent no-op", async () => {
    const { r, it1 } = await setup('cl-linkforeign');
    const ownerFile = await upload(r, 'owner.pdf');
    for (const u of [await member(r, 'viewer'), await setMember(r, 'upload_view')]) {
      expectError(await link(r, it1.id, { files: [ownerFile] }, u), 403);
      expect(await fileLinks(r, ownerFile)).toEqual([]);
    }
    expect((await link(r, it1.id, { files: [ownerFile] })).status).toBe(200);
    const viewer = await member(r, 'viewer', 'viewer2');
    expectError(await link(r, it1.id, { files: [] }, viewer), 403);
    expect(await fileLinks(r, ownerFile)).toEqual([it1.id]);
  });

  it('archived files drop out of connected_files and actual_file_count', async () => {
    const { r, it1 } = await setup('cl-linkarch');
    const f1 = await upload(r, 'a.pdf');
    const f2 = await upload(r, 'b.pdf');
    await link(r, it1.id, { files: [f1, f2] });
    const archived = await call('PUT', `/deals/${r.dealId}/files/${f1}/archive`, { token: r.owner.token });
    expect(archived.status).toBe(200);
    const after = await getItem(r, it1.id);
    expect(after.files).toEqual([f2]);
    expect(after.metadata.actual_file_count).toBe(1);
    // the list replaces what the item shows: a viewer linking their own upload is not held up by the archived file
    const viewer = await member(r, 'viewer');
    const own = await upload(r, 'viewer.pdf', viewer);
    expectError(await link(r, it1.id, { files: [own] }, viewer), 403); // f2 is the owner's: not the viewer's to unlink
    const res = await link(r, it1.id, { files: [f2, own] }, viewer);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect([...res.body.files].sort()).toEqual([f2, own].sort());
  });

  it('links made from the file side show on the item', async () => {
    const { r, it1, it2 } = await setup('cl-fileside');
    const f1 = await upload(r, 'a.pdf');
    const res = await call('PUT', `/deals/${r.dealId}/files/${f1}/tags-links`, {
      token: r.owner.token,
      body: { checklist_items: [it1.id, it2.id] },
    });
    expect(res.status).toBe(200);
    expect((await getItem(r, it1.id)).files).toEqual([f1]);
    expect((await getItem(r, it2.id)).connected_files.map((f: any) => f.file_id)).toEqual([f1]);
  });
});

describe('unlinking on delete', () => {
  it('deleting an item removes it from every file, other links stay', async () => {
    const { r, it1, it2 } = await setup('cl-delunlink');
    const f1 = await upload(r, 'a.pdf');
    const f2 = await upload(r, 'b.pdf');
    await link(r, it1.id, { files: [f1, f2] });
    await link(r, it2.id, { files: [f1] });
    expect((await call('DELETE', `${r.base}/items/${it1.id}`, { token: r.owner.token })).status).toBe(200);
    expect(await fileLinks(r, f1)).toEqual([it2.id]);
    expect(await fileLinks(r, f2)).toEqual([]);
    const [{ n }] = await sql`select count(*)::int as n from public.files where ${it1.id}::uuid = any(checklist_items)`;
    expect(n).toBe(0);
  });

  it('deleting a category removes its items from every file', async () => {
    const { r, cat, it1, it2 } = await setup('cl-catunlink');
    const other = await category(r, 'Finance', 'B');
    const keep = await item(r, other.id, 'Accounts');
    const f1 = await upload(r, 'a.pdf');
    await link(r, it1.id, { files: [f1] });
    await link(r, it2.id, { files: [f1] });
    await link(r, keep.id, { files: [f1] });
    expect((await call('DELETE', `${r.base}/categories/${cat.id}`, { token: r.owner.token })).status).toBe(200);
    expect(await fileLinks(r, f1)).toEqual([keep.id]);
  });
});

describe('POST /deals/{id}/checklist/files-by-items', () => {
  it('answers each asked item with its files; items without files get []', async () => {
    const { r, it1, it2 } = await setup('cl-fbi');
    const f1 = await upload(r, 'a.pdf');
    const f2 = await upload(r, 'b.pdf');
    await link(r, it1.id, { files: [f1, f2] });
    const res = await call('POST', `${r.base}/files-by-items`, { token: r.owner.token, body: { item_ids: [it1.id, it2.id] } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.files_by_item).sort()).toEqual([it1.id, it2.id].sort());
    expect(res.body.files_by_item[it1.id].map((f: any) => f.file_id).sort()).toEqual([f1, f2].sort());
    expect(res.body.files_by_item[it1.id][0]).toMatchObject({
      name: expect.any(String),
      size: expect.any(Number),
      approval_status: 'pending',
    });
    expect(res.body.files_by_item[it2.id]).toEqual([]);
    const empty = await call('POST', `${r.base}/files-by-items`, { token: r.owner.token, body: { item_ids: [] } });
    expect(empty.body).toEqual({ files_by_item: {} });
  });

  it("never shows another deal's files, even for that deal's item ids", async () => {
    const { r } = await setup('cl-fbix');
    const { other, theirs } = await otherDealItem('cl-fbix2');
    const tf = await upload(other, 'secret.pdf');
    await link(other, theirs.id, { files: [tf] });
    const res = await call('POST', `${r.base}/files-by-items`, { token: r.owner.token, body: { item_ids: [theirs.id] } });
    expect(res.status).toBe(200);
    expect(res.body.files_by_item[theirs.id]).toEqual([]);
  });

  it.each([
    ['no item_ids', {}],
    ['item_ids not a list', { item_ids: 'x' }],
    ['a malformed id', { item_ids: ['nope'] }],
  ])('refuses %s with 400', async (_label, body) => {
    const { r } = await setup('cl-fbibad');
    expectError(await call('POST', `${r.base}/files-by-items`, { token: r.owner.token, body }), 400);
  });

  it('is 404 for non-members', async () => {
    const { r, it1 } = await setup('cl-fbi404');
    const outsider = await room('cl-fbi404b');
    expectError(
      await call('POST', `${r.base}/files-by-items`, { token: outsider.owner.token, body: { item_ids: [it1.id] } }),
      404,
    );
  });
});

describe('activity', () => {
  it('a status change through PUT /checklist/{id} is a checklist_update line', async () => {
    const { r, it1 } = await setup('cl-linkact');
    const f1 = await upload(r, 'a.pdf');
    await link(r, it1.id, { status: 'provided', files: [f1] });
    const rows = await activityRows(r.dealId);
    expect(rows.map((a) => a.description)).toContain('Marked "Charter" as provided');
    expect(rows.find((a) => a.description.startsWith('Marked'))!.metadata.item_id).toBe(it1.id);
  });
});
