/**
 * upload_only in the data room (docs/decisions.md decision 35): it uploads into any folder of the deal,
 * sees only its own files there, and a name held by a file it cannot see is refused at the upload-url
 * step, before any bytes, without the hidden file's id; "Keep both" saves the next free name.
 */
import { describe, expect, it } from 'vitest';
import { call, sql } from './helpers.ts';
import { setMember } from './people-lib.ts';
import { checklistItems, direct, directOk, fileRows, mkdir, names, objectsOf, room, twoStep, type Room } from './dataroom-lib.ts';

/** The owner's file in /Finance that nobody but admins and the owner sees (custom, no one allowed). */
async function hiddenReport(r: Room) {
  await mkdir(r, r.owner, 'Finance');
  const up = await directOk(r, r.owner, { filename: 'Report.pdf', path: '/Finance' });
  const res = await call('PUT', `${r.base}/files/${up.fileId}/permissions`, { token: r.owner.token, body: { type: 'custom' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return up.fileId;
}

const startUpload = (r: Room, token: string, filename: string, extra: Record<string, unknown> = {}) =>
  call('POST', `${r.base}/files/upload-url`, {
    token,
    body: { filename, content_type: 'application/pdf', path: '/Finance', ...extra },
  });

describe('upload_only in the data room', () => {
  it('uploads into a folder and lists only its own file there', async () => {
    const r = await room('uo-list');
    await hiddenReport(r);
    await directOk(r, r.owner, { filename: 'Open.pdf', path: '/Finance' });
    const only = await setMember(r, 'upload_only', 'uo-list-m');

    const before = await call('GET', `${r.base}/files?path=/Finance`, { token: only.token });
    expect(before.status).toBe(200);
    expect(before.body.capabilities).toEqual(['upload']);
    expect(before.body.files).toEqual([]);

    const up = await twoStep(r, only, { filename: 'Delivery.pdf', path: '/Finance' });
    expect(up.file).toMatchObject({ name: 'Delivery.pdf', path: '/Finance', uploaded_by: only.id });
    const after = await call('GET', `${r.base}/files?path=/Finance`, { token: only.token });
    expect(names(after.body.files)).toEqual(['Delivery.pdf']);
    // The owner sees all three: the member's view is its own, not an empty folder.
    const owners = await call('GET', `${r.base}/files?path=/Finance`, { token: r.owner.token });
    expect(names(owners.body.files).sort()).toEqual(['Delivery.pdf', 'Open.pdf', 'Report.pdf']);
  });

  it('is refused a name held by a file it cannot see before any bytes, and not told which file', async () => {
    const r = await room('uo-taken');
    const hiddenId = await hiddenReport(r);
    const only = await setMember(r, 'upload_only', 'uo-taken-m');
    const objects = objectsOf(r.deal.id).length;
    const rows = (await fileRows(r.deal.id)).length;

    for (const name of ['Report.pdf', 'report.PDF']) {
      const res = await startUpload(r, only.token, name);
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.detail).toBe(`A file named "${name}" already exists in this folder`);
      expect(res.body.existing_file_id).toBeUndefined();
      expect(JSON.stringify(res.body)).not.toContain(hiddenId);
    }
    // Nothing started: no pending file, no grant, no bytes.
    expect((await fileRows(r.deal.id)).length).toBe(rows);
    expect(await sql`select 1 from public.upload_grants where created_by = ${only.id}`).toHaveLength(0);
    expect(objectsOf(r.deal.id)).toHaveLength(objects);

    // The direct upload answers the same.
    const direct409 = await direct(r, only, { filename: 'Report.pdf', path: '/Finance' });
    expect(direct409.status, JSON.stringify(direct409.body)).toBe(409);
    expect(direct409.body.existing_file_id).toBeUndefined();
    expect(objectsOf(r.deal.id)).toHaveLength(objects);
  });

  it('keeps both: the next name free of every file, seen or not', async () => {
    const r = await room('uo-keep');
    await hiddenReport(r);
    await directOk(r, r.owner, { filename: 'Report (2).pdf', path: '/Finance' });
    const only = await setMember(r, 'upload_only', 'uo-keep-m');

    const first = await twoStep(r, only, { filename: 'Report.pdf', path: '/Finance', on_conflict: 'keep_both' });
    expect(first.start.filename).toBe('Report (3).pdf');
    expect(first.file).toMatchObject({ name: 'Report (3).pdf', upload_state: 'ready' });
    const second = await twoStep(r, only, { filename: 'Report.pdf', path: '/Finance', on_conflict: 'keep_both' });
    expect(second.file.name).toBe('Report (4).pdf');
    const listing = await call('GET', `${r.base}/files?path=/Finance`, { token: only.token });
    expect(names(listing.body.files).sort()).toEqual(['Report (3).pdf', 'Report (4).pdf']);
  });

  it('hears of its own file by id, as "Upload as new version" needs', async () => {
    const r = await room('uo-own');
    await mkdir(r, r.owner, 'Finance');
    const only = await setMember(r, 'upload_only', 'uo-own-m');
    const mine = await twoStep(r, only, { filename: 'Mine.pdf', path: '/Finance' });
    const res = await startUpload(r, only.token, 'Mine.pdf');
    expect(res.status).toBe(409);
    expect(res.body.existing_file_id).toBe(mine.fileId);
  });

  it("a member outside a file's custom permissions meets the same early refusal", async () => {
    const r = await room('uo-view');
    await hiddenReport(r);
    const viewer = await setMember(r, 'upload_view', 'uo-view-m');
    const res = await startUpload(r, viewer.token, 'Report.pdf');
    expect(res.status).toBe(409);
    expect(res.body.existing_file_id).toBeUndefined();
    const kept = await twoStep(r, viewer, { filename: 'Report.pdf', path: '/Finance', on_conflict: 'keep_both' });
    expect(kept.file.name).toBe('Report (2).pdf');
  });

  it('uploads into a checklist item, whose Update it is offered without the picker of files', async () => {
    const r = await room('uo-item');
    await mkdir(r, r.owner, 'Finance');
    const [itemId] = await checklistItems(r, 1);
    const owners = await directOk(r, r.owner, { filename: 'Minutes.pdf', path: '/', checklist_items: [itemId] });
    const only = await setMember(r, 'upload_only', 'uo-item-m');

    const rights = await call('GET', `${r.base}/checklist`, { token: only.token });
    expect(rights.body).toMatchObject({ can_upload: true, can_update: true, can_link_files: false, can_edit: false });

    const up = await twoStep(r, only, {
      filename: 'Minutes.pdf',
      path: '/',
      checklist_items: [itemId],
      on_conflict: 'keep_both',
    });
    expect(up.file).toMatchObject({ name: 'Minutes (2).pdf', checklist_items: [itemId] });
    const item = await call('GET', `${r.base}/checklist/items/${itemId}`, { token: only.token });
    expect(item.status).toBe(200);
    // Its own file is connected; the owner's stays out of its sight.
    expect(item.body.connected_files.map((f: { file_id: string }) => f.file_id)).toEqual([up.fileId]);
    expect(JSON.stringify(item.body)).not.toContain(owners.fileId);
    expect(item.body).toMatchObject({ can_update: true, can_link_files: false });
  });
});
