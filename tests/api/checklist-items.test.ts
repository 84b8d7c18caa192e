/** Checklist items: create, edit, read, delete, approval, activity and the progress the deal list and dashboard show. */
import { describe, expect, it } from 'vitest';
import { call, registerUser, sql } from './helpers.ts';
import { expectError, setName } from './expect.ts';
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
} from './checklist-lib.ts';
import { peopleRoom, setMember as setSetMember } from './people-lib.ts';

describe('POST /deals/{id}/checklist/items', () => {
  it('creates an item with defaults and a code from its category', async () => {
    const r = await room('cl-item');
    const cat = await category(r, 'Corporate', 'A');
    const res = await call('POST', `${r.base}/items`, {
      token: r.owner.token,
      body: { name: '  Charter  ', category_id: cat.id },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      item_id: 'A.1',
      name: 'Charter',
      description: '',
      category_id: cat.id,
      category: 'Corporate',
      status: 'in_progress',
      required: true,
      files: [],
      connected_files: [],
      metadata: { anticipated_file_count: 1, actual_file_count: 0 },
      approval: { status: 'pending', decided_by: null, decided_at: null },
    });
    const full = await call('POST', `${r.base}/items`, {
      token: r.owner.token,
      body: {
        name: 'Bylaws',
        description: 'All versions',
        category_id: cat.id,
        status: 'not_applicable',
        required: false,
        anticipated_file_count: 0,
      },
    });
    expect(full.status).toBe(201);
    expect(full.body).toMatchObject({
      item_id: 'A.2',
      description: 'All versions',
      status: 'not_applicable',
      required: false,
      metadata: { anticipated_file_count: 0, actual_file_count: 0 },
    });
    // a category without a code gives items without one
    const bare = await category(r, 'Misc');
    expect((await item(r, bare.id, 'Anything')).item_id).toBeNull();
    const list = await call('GET', `${r.base}/items`, { token: r.owner.token });
    expect(list.status).toBe(200);
    expect(list.body.map((i: any) => i.name)).toEqual(['Charter', 'Bylaws', 'Anything']);
    const stranger = await registerUser('cl-itemlist');
    expectError(await call('GET', `${r.base}/items`, { token: stranger.token }), 404);
    expectError(await call('GET', `${r.base}/items`), 401);
  });

  it.each(['in_progress', 'provided', 'not_applicable'])('accepts the status %s', async (status) => {
    const r = await room('cl-status');
    const cat = await category(r, 'C', 'C');
    expect((await item(r, cat.id, 'S', { status })).status).toBe(status);
  });

  it.each([
    ['no name', (c: string) => ({ category_id: c }), 'Please enter an item name'],
    ['a blank name', (c: string) => ({ name: '  ', category_id: c }), 'Please enter an item name'],
    ['a name over 300 characters', (c: string) => ({ name: 'x'.repeat(301), category_id: c }), /name/],
    ['no category', () => ({ name: 'X' }), 'Please choose a category'],
    ['a malformed category id', () => ({ name: 'X', category_id: 'abc' }), 'Please choose a category'],
    ['an unknown category', () => ({ name: 'X', category_id: NOT_FOUND_UUID }), 'That category does not exist in this deal'],
    [
      'a negative expected file count',
      (c: string) => ({ name: 'X', category_id: c, anticipated_file_count: -1 }),
      'The expected file count cannot be negative',
    ],
    [
      'a fractional expected file count',
      (c: string) => ({ name: 'X', category_id: c, anticipated_file_count: 1.5 }),
      'The expected file count must be a whole number',
    ],
    [
      'a string expected file count',
      (c: string) => ({ name: 'X', category_id: c, anticipated_file_count: '2' }),
      /anticipated_file_count/,
    ],
    [
      'an unknown status',
      (c: string) => ({ name: 'X', category_id: c, status: 'done' }),
      'status must be in_progress, provided or not_applicable',
    ],
    ['a null status', (c: string) => ({ name: 'X', category_id: c, status: null }), /status/],
    ['a non-boolean required', (c: string) => ({ name: 'X', category_id: c, required: 'yes' }), /required/],
    [
      'a description over 5000 characters',
      (c: string) => ({ name: 'X', category_id: c, description: 'd'.repeat(5001) }),
      /description/,
    ],
  ])('refuses %s with 400 and writes nothing', async (_label, body, detail) => {
    const r = await room('cl-itembad');
    const cat = await category(r, 'Corporate', 'A');
    expectError(await call('POST', `${r.base}/items`, { token: r.owner.token, body: body(cat.id) }), 400, detail);
    const [{ n }] = await sql`select count(*)::int as n from public.checklist_items where deal_id = ${r.dealId}`;
    expect(n).toBe(0);
  });

  it("refuses another deal's category with 400, even when the caller edits both deals", async () => {
    const r = await room('cl-itemx');
    await category(r, 'Mine', 'M');
    const other = await room('cl-itemx2');
    const theirs = await category(other, 'Theirs', 'T');
    expectError(
      await call('POST', `${r.base}/items`, { token: r.owner.token, body: { name: 'X', category_id: theirs.id } }),
      400,
      'That category does not exist in this deal',
    );
    await sql`insert into public.deal_members (deal_id, user_id, role) values (${other.dealId}, ${r.owner.id}, 'admin')`;
    expectError(
      await call('POST', `${r.base}/items`, { token: r.owner.token, body: { name: 'X', category_id: theirs.id } }),
      400,
      'That category does not exist in this deal',
    );
    const [{ n }] = await sql`select count(*)::int as n from public.checklist_items where category_id = ${theirs.id}`;
    expect(n).toBe(0);
  });

  it('needs edit_checklist: viewer and approve_only get 403, contributor and edit set may', async () => {
    const r = await room('cl-itemrights');
    const cat = await category(r, 'Corporate', 'A');
    for (const u of [await member(r, 'viewer'), await setMember(r, 'approve_only'), await setMember(r, 'upload_view')]) {
      expectError(await call('POST', `${r.base}/items`, { token: u.token, body: { name: 'X', category_id: cat.id } }), 403);
    }
    for (const u of [await member(r, 'contributor'), await setMember(r, 'edit'), await member(r, 'admin')]) {
      expect(
        (await call('POST', `${r.base}/items`, { token: u.token, body: { name: `By ${u.id}`, category_id: cat.id } })).status,
      ).toBe(201);
    }
    const stranger = await registerUser('cl-itemstranger');
    expectError(await call('POST', `${r.base}/items`, { token: stranger.token, body: { name: 'X', category_id: cat.id } }), 404);
    const [{ n }] = await sql`select count(*)::int as n from public.checklist_items where deal_id = ${r.dealId}`;
    expect(n).toBe(3);
  });
});

describe('PUT and PATCH /deals/{id}/checklist/items/{itemId}', () => {
  it.each(['PUT', 'PATCH'])('%s edits name, description, required, expected count, status and category', async (method) => {
    const r = await room('cl-edit');
    const a = await category(r, 'Corporate', 'A');
    const b = await category(r, 'Finance', 'B');
    const it1 = await item(r, a.id, 'Charter');
    const res = await call(method, `${r.base}/items/${it1.id}`, {
      token: r.owner.token,
      body: {
        name: ' Articles ',
        description: 'Certified copy',
        required: false,
        anticipated_file_count: 3,
        status: 'provided',
        category_id: b.id,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: it1.id,
      name: 'Articles',
      description: 'Certified copy',
      required: false,
      status: 'provided',
      category_id: b.id,
      category: 'Finance',
      metadata: { anticipated_file_count: 3, actual_file_count: 0 },
    });
    // a partial body changes only what it names
    const part = await call(method, `${r.base}/items/${it1.id}`, { token: r.owner.token, body: { anticipated_file_count: 0 } });
    expect(part.body).toMatchObject({
      name: 'Articles',
      status: 'provided',
      required: false,
      metadata: { anticipated_file_count: 0 },
    });
    const body = await checklist(r);
    expect(body.checklist.Corporate).toEqual([]);
    expect(body.checklist.Finance.map((i) => i.id)).toEqual([it1.id]);
  });

  it.each([
    ['a negative expected file count', { anticipated_file_count: -1 }, 'The expected file count cannot be negative'],
    ['a fractional expected file count', { anticipated_file_count: 0.5 }, 'The expected file count must be a whole number'],
    ['a null expected file count', { anticipated_file_count: null }, /anticipated_file_count/],
    ['an empty name', { name: '' }, 'Please enter an item name'],
    ['a null name', { name: null }, /name/],
    ['an unknown status', { status: 'complete' }, 'status must be in_progress, provided or not_applicable'],
    ['an approval status', { approval_status: 'approved' }, /approval_status|Unrecognized/i],
    ['an unknown field', { colour: 'red' }, /colour|Unrecognized/i],
    ['a malformed category', { category_id: 'x' }, /category_id/],
    ['an unknown category', { category_id: NOT_FOUND_UUID }, 'That category does not exist in this deal'],
  ])('PATCH refuses %s with 400 and changes nothing', async (_label, body, detail) => {
    const r = await room('cl-editbad');
    const cat = await category(r, 'Corporate', 'A');
    const it1 = await item(r, cat.id, 'Charter', { anticipated_file_count: 2 });
    expectError(await call('PATCH', `${r.base}/items/${it1.id}`, { token: r.owner.token, body }), 400, detail);
    expectError(await call('PUT', `${r.base}/items/${it1.id}`, { token: r.owner.token, body }), 400, detail);
    const after = await getItem(r, it1.id);
    expect(after).toMatchObject({
      name: 'Charter',
      status: 'in_progress',
      category_id: cat.id,
      metadata: { anticipated_file_count: 2 },
    });
    expect(after.approval.status).toBe('pending');
  });

  it("refuses to move an item into another deal's category (400) and answers 404 for other deals' items", async () => {
    const r = await room('cl-editx');
    const cat = await category(r, 'Corporate', 'A');
    const mine = await item(r, cat.id, 'Charter');
    const { other, theirCategory, theirs } = await otherDealItem('cl-editx2');
    expectError(
      await call('PATCH', `${r.base}/items/${mine.id}`, { token: r.owner.token, body: { category_id: theirCategory.id } }),
      400,
      'That category does not exist in this deal',
    );
    // the other deal's item through this deal's path, an unknown id and a malformed one: not found
    for (const [method, id, name] of [
      ['PATCH', theirs.id, 'Hijacked'],
      ['PUT', theirs.id, 'Hijacked'],
      ['PATCH', NOT_FOUND_UUID, 'X'],
      ['PATCH', 'not-an-id', 'X'],
    ]) {
      expectError(await call(method, `${r.base}/items/${id}`, { token: r.owner.token, body: { name } }), 404, 'Item not found');
    }
    expect((await getItem(other, theirs.id)).name).toBe('Their item');
  });

  it('needs edit_checklist (viewer, approve_only → 403)', async () => {
    const r = await room('cl-editrights');
    const cat = await category(r, 'Corporate', 'A');
    const it1 = await item(r, cat.id, 'Charter');
    for (const u of [await member(r, 'viewer'), await setMember(r, 'approve_only')]) {
      expectError(await call('PATCH', `${r.base}/items/${it1.id}`, { token: u.token, body: { status: 'provided' } }), 403);
      expectError(await call('PUT', `${r.base}/items/${it1.id}`, { token: u.token, body: { name: 'Renamed' } }), 403);
    }
    const contributor = await member(r, 'contributor');
    expect(
      (await call('PATCH', `${r.base}/items/${it1.id}`, { token: contributor.token, body: { status: 'provided' } })).status,
    ).toBe(200);
    expect(await getItem(r, it1.id)).toMatchObject({ name: 'Charter', status: 'provided' });
  });
});

describe('GET /deals/{id}/checklist/items/{itemId}', () => {
  it('answers the item with an empty approval history and the caller rights', async () => {
    const r = await room('cl-get');
    const cat = await category(r, 'Corporate', 'A');
    const it1 = await item(r, cat.id, 'Charter', { description: 'Signed', anticipated_file_count: 2 });
    const res = await call('GET', `${r.base}/items/${it1.id}`, { token: r.owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: it1.id,
      item_id: 'A.1',
      name: 'Charter',
      description: 'Signed',
      category: 'Corporate',
      approval_history: [],
      metadata: { anticipated_file_count: 2, actual_file_count: 0 },
      connected_files: [],
      can_edit: true,
      can_approve: true,
    });
    const viewer = await member(r, 'viewer');
    const asViewer = await call('GET', `${r.base}/items/${it1.id}`, { token: viewer.token });
    expect(asViewer.status).toBe(200);
    expect(asViewer.body).toMatchObject({ id: it1.id, can_edit: false, can_approve: false });
  });

  it("answers 404 'Item not found' for unknown ids, malformed ids and other deals' items", async () => {
    const r = await room('cl-get404');
    const { other, theirs } = await otherDealItem('cl-get404b', 'Secret');
    for (const id of [NOT_FOUND_UUID, 'abc', theirs.id]) {
      expectError(await call('GET', `${r.base}/items/${id}`, { token: r.owner.token }), 404, 'Item not found');
    }
    const stranger = await registerUser('cl-get404s');
    expectError(
      await call('GET', `${other.base}/items/${theirs.id}`, { token: stranger.token }),
      404,
      "Deal not found or you don't have access to it.",
    );
  });
});

describe('DELETE /deals/{id}/checklist/items/{itemId}', () => {
  it('removes the item; again → 404; other deal → 404; viewer → 403', async () => {
    const r = await room('cl-del');
    const cat = await category(r, 'Corporate', 'A');
    const it1 = await item(r, cat.id, 'Charter');
    const it2 = await item(r, cat.id, 'Bylaws');
    const viewer = await member(r, 'viewer');
    expectError(await call('DELETE', `${r.base}/items/${it1.id}`, { token: viewer.token }), 403);
    const res = await call('DELETE', `${r.base}/items/${it1.id}`, { token: r.owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: it1.id, deleted: true });
    expectError(await call('DELETE', `${r.base}/items/${it1.id}`, { token: r.owner.token }), 404, 'Item not found');
    expectError(await call('GET', `${r.base}/items/${it1.id}`, { token: r.owner.token }), 404, 'Item not found');
    expect((await checklist(r)).checklist.Corporate.map((i) => i.id)).toEqual([it2.id]);
    const { other, theirs } = await otherDealItem('cl-del2', 'Keep me');
    expectError(await call('DELETE', `${r.base}/items/${theirs.id}`, { token: r.owner.token }), 404, 'Item not found');
    expect((await getItem(other, theirs.id)).name).toBe('Keep me');
  });
});

describe('approve and request-changes', () => {
  it('approve moves pending → approved once, with who and when in the history', async () => {
    const r = await room('cl-approve');
    await setName(r.owner, 'Olivia', 'Owner');
    const cat = await category(r, 'Corporate', 'A');
    const it1 = await item(r, cat.id, 'Charter');
    const before = Date.now();
    const res = await call('POST', `${r.base}/items/${it1.id}/approve`, { token: r.owner.token });
    expect(res.status).toBe(200);
    expect(res.body.approval).toMatchObject({ status: 'approved', decided_by: r.owner.email });
    expect(res.body.approval_status).toBe('approved');
    const decidedAt = new Date(res.body.approval.decided_at).getTime();
    expect(decidedAt).toBeGreaterThanOrEqual(before - 5000);
    expect(decidedAt).toBeLessThanOrEqual(Date.now() + 5000);

    for (const action of ['approve', 'request-changes']) {
      expectError(await call('POST', `${r.base}/items/${it1.id}/${action}`, { token: r.owner.token }), 409, /pending/);
    }
    const detail = await getItem(r, it1.id);
    expect(detail.approval_history).toHaveLength(1);
    expect(detail.approval_history[0]).toMatchObject({
      decision: 'approved',
      decided_by_email: r.owner.email,
      decided_by_first_name: 'Olivia',
      decided_by_last_name: 'Owner',
    });
    expect(new Date(detail.approval_history[0].decided_at).getTime()).toBe(decidedAt);
  });

  it('request-changes moves pending → changes_requested, records a note, and then both actions are 409', async () => {
    const r = await room('cl-changes');
    const cat = await category(r, 'Corporate', 'A');
    const it1 = await item(r, cat.id, 'Charter');
    const contributor = await member(r, 'contributor');
    const res = await call('POST', `${r.base}/items/${it1.id}/request-changes`, {
      token: contributor.token,
      body: { note: ' Missing page 3 ' },
    });
    expect(res.status).toBe(200);
    expect(res.body.approval).toMatchObject({ status: 'changes_requested', decided_by: contributor.email });
    expectError(await call('POST', `${r.base}/items/${it1.id}/approve`, { token: r.owner.token }), 409);
    expectError(await call('POST', `${r.base}/items/${it1.id}/request-changes`, { token: r.owner.token }), 409);
    const detail = await getItem(r, it1.id);
    expect(detail.approval_history).toEqual([
      expect.objectContaining({ decision: 'changes_requested', note: 'Missing page 3', decided_by_email: contributor.email }),
    ]);
    expect(detail.approval.status).toBe('changes_requested');
  });

  it('needs approve: viewer and upload_view → 403 and nothing recorded; approve_only may', async () => {
    const r = await room('cl-approverights');
    const cat = await category(r, 'Corporate', 'A');
    const it1 = await item(r, cat.id, 'Charter');
    const it2 = await item(r, cat.id, 'Bylaws');
    for (const u of [await member(r, 'viewer'), await setMember(r, 'upload_view')]) {
      expectError(await call('POST', `${r.base}/items/${it1.id}/approve`, { token: u.token }), 403);
      expectError(await call('POST', `${r.base}/items/${it1.id}/request-changes`, { token: u.token }), 403);
    }
    expect((await getItem(r, it1.id)).approval_history).toEqual([]);
    const approver = await setMember(r, 'approve_only');
    expect((await call('POST', `${r.base}/items/${it2.id}/approve`, { token: approver.token })).status).toBe(200);
    expect((await getItem(r, it2.id)).approval_history[0].decided_by_email).toBe(approver.email);
    const [row] = await sql`select approval_status from public.checklist_items where id = ${it1.id}`;
    expect(row.approval_status).toBe('pending');
  });

  it("404 for unknown or other deals' items; 400 for a malformed note", async () => {
    const r = await room('cl-approve404');
    const { other, theirs } = await otherDealItem('cl-approve404b', 'Theirs');
    for (const id of [NOT_FOUND_UUID, 'bad', theirs.id]) {
      expectError(await call('POST', `${r.base}/items/${id}/approve`, { token: r.owner.token }), 404, 'Item not found');
      expectError(await call('POST', `${r.base}/items/${id}/request-changes`, { token: r.owner.token }), 404, 'Item not found');
    }
    expect((await getItem(other, theirs.id)).approval.status).toBe('pending');
    const cat = await category(r, 'Mine', 'M');
    const mine = await item(r, cat.id, 'Mine');
    expectError(
      await call('POST', `${r.base}/items/${mine.id}/approve`, { token: r.owner.token, body: { note: 'n'.repeat(2001) } }),
      400,
    );
    expectError(await call('POST', `${r.base}/items/${mine.id}/approve`, { token: r.owner.token, rawBody: 'not json' }), 400);
    expect((await getItem(r, mine.id)).approval.status).toBe('pending');
  });

  it('the approval status cannot be changed through an edit', async () => {
    const r = await room('cl-approveedit');
    const cat = await category(r, 'Corporate', 'A');
    const it1 = await item(r, cat.id, 'Charter');
    expectError(await call('PUT', `${r.base}/${it1.id}`, { token: r.owner.token, body: { approval_status: 'approved' } }), 400);
    expect((await getItem(r, it1.id)).approval.status).toBe('pending');
  });
});

describe("activity 'checklist_update'", () => {
  it('records adding, editing, status changes and removal with the item id and the actor', async () => {
    const r = await room('cl-activity');
    const cat = await category(r, 'Corporate', 'A');
    const it1 = await item(r, cat.id, 'Charter');
    await call('PATCH', `${r.base}/items/${it1.id}`, { token: r.owner.token, body: { description: 'Signed copy' } });
    await call('PUT', `${r.base}/${it1.id}`, { token: r.owner.token, body: { status: 'provided' } });
    // no change, no line
    await call('PATCH', `${r.base}/items/${it1.id}`, { token: r.owner.token, body: { status: 'provided' } });
    await call('DELETE', `${r.base}/items/${it1.id}`, { token: r.owner.token });
    const rows = await activityRows(r.dealId);
    expect(rows.map((a) => a.description)).toEqual([
      'Added checklist item "Charter"',
      'Updated checklist item "Charter"',
      'Marked "Charter" as provided',
      'Removed checklist item "Charter"',
    ]);
    for (const a of rows) {
      expect(a.metadata.item_id).toBe(it1.id);
      expect(a.user_id).toBe(r.owner.id);
    }
    const feed = await call('GET', `/deals/${r.dealId}/activity`, { token: r.owner.token });
    expect(feed.status).toBe(200);
    expect(feed.body.filter((a: any) => a.activity_type === 'checklist_update')).toHaveLength(4);
  });

  it('refused writes record nothing', async () => {
    const r = await room('cl-activity2');
    const cat = await category(r, 'Corporate', 'A');
    const it1 = await item(r, cat.id, 'Charter');
    const viewer = await member(r, 'viewer');
    await call('PATCH', `${r.base}/items/${it1.id}`, { token: viewer.token, body: { status: 'provided' } });
    await call('DELETE', `${r.base}/items/${it1.id}`, { token: viewer.token });
    await call('PATCH', `${r.base}/items/${it1.id}`, { token: r.owner.token, body: { anticipated_file_count: -3 } });
    expect((await activityRows(r.dealId)).map((a) => a.description)).toEqual(['Added checklist item "Charter"']);
  });
});

describe('progress on the deal card and the dashboard', () => {
  it('GET /deals and /deals/{id}/dashboard/stats reflect the checklist per category and overall', async () => {
    const r = await room('cl-progress');
    const corp = await category(r, 'Corporate', 'A');
    const fin = await category(r, 'Finance', 'B');
    await category(r, 'Empty');
    const c1 = await item(r, corp.id, 'Charter');
    await item(r, corp.id, 'Bylaws', { status: 'not_applicable' });
    await item(r, fin.id, 'Accounts');

    const card = async () => {
      const res = await call('GET', '/deals', { token: r.owner.token });
      expect(res.status).toBe(200);
      return res.body.find((d: any) => d.id === r.dealId);
    };
    const stats = async () => {
      const res = await call('GET', `/deals/${r.dealId}/dashboard/stats`, { token: r.owner.token });
      expect(res.status).toBe(200);
      return res.body;
    };
    const expected1 = {
      Corporate: { completed: 1, total: 2 },
      Finance: { completed: 0, total: 1 },
      Empty: { completed: 0, total: 0 },
    };
    expect((await card()).checklist_progress).toEqual(expected1);
    expect((await card()).overall_progress).toEqual({ completed: 1, total: 3 });
    expect((await stats()).checklist_progress).toEqual(expected1);
    expect((await stats()).overall_progress).toEqual({ completed: 1, total: 3 });

    await call('PATCH', `${r.base}/items/${c1.id}`, { token: r.owner.token, body: { status: 'provided' } });
    const expected2 = { ...expected1, Corporate: { completed: 2, total: 2 } };
    expect((await card()).checklist_progress).toEqual(expected2);
    const s = await stats();
    expect(s.checklist_progress).toEqual(expected2);
    expect(s.overall_progress).toEqual({ completed: 2, total: 3 });
    // the order of the sections is the checklist's
    expect(Object.keys(s.checklist_progress)).toEqual(['Corporate', 'Finance', 'Empty']);
    // the checklist's own summary agrees
    const body = await checklist(r);
    expect(body.progress).toEqual(s.overall_progress);
    expect(Object.fromEntries(body.categories.map((c) => [c.name, { completed: c.completed, total: c.total }]))).toEqual(
      s.checklist_progress,
    );
  });
});

describe('the Update button right (can_update, can_link_files)', () => {
  it("is the API's answer: upload_only gets the upload only, upload_view and editors of the checklist link files too", async () => {
    const r = await peopleRoom('can-update');
    const uploadOnly = await setSetMember(r, 'upload_only', 'cu-only');
    const uploadView = await setSetMember(r, 'upload_view', 'cu-view');
    const rightsOf = async (token: string) => (await call('GET', `${r.base}/checklist`, { token })).body;
    // upload_only: Update holds the upload into the item, no picker of the deal's files (decision 35).
    expect(await rightsOf(uploadOnly.token)).toMatchObject({
      can_upload: true,
      can_update: true,
      can_link_files: false,
      can_edit: false,
    });
    expect(await rightsOf(uploadView.token)).toMatchObject({
      can_upload: true,
      can_update: true,
      can_link_files: true,
      can_edit: false,
    });
    expect(await rightsOf(r.owner.token)).toMatchObject({ can_update: true, can_link_files: true, can_edit: true });
  });
});
