/** GET /deals/{id}/checklist and the categories endpoints (docs/product.md §3, §5, §6, §7 Checklist). */
import { describe, expect, it } from 'vitest';
import { call, createDeal, registerUser, sql } from './helpers.ts';
import { expectError } from './expect.ts';
import { catalogItem, category, checklist, item, member, NOT_FOUND_UUID, preset, room, setMember } from './checklist-lib.ts';

describe('GET /deals/{id}/checklist', () => {
  it('a blank deal has an empty checklist, no categories and 0/0 progress', async () => {
    const r = await room('cl-empty');
    const res = await call('GET', r.base, { token: r.owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ checklist: {}, categories: [], progress: { completed: 0, total: 0 } });
    expect(res.body).toMatchObject({ can_edit: true, can_approve: true, can_upload: true });
  });

  it('maps category name to its items in order, with per-category and overall progress', async () => {
    const r = await room('cl-map');
    const corp = await category(r, 'Corporate', 'A');
    const fin = await category(r, 'Finance', 'B');
    const empty = await category(r, 'Empty section');
    const a1 = await item(r, corp.id, 'Charter');
    const a2 = await item(r, corp.id, 'Bylaws', { status: 'provided' });
    const a3 = await item(r, corp.id, 'Minutes', { status: 'not_applicable' });
    const b1 = await item(r, fin.id, 'Accounts');
    const b2 = await item(r, fin.id, 'Budget', { status: 'provided' });

    const body = await checklist(r);
    expect(Object.keys(body.checklist)).toEqual(['Corporate', 'Finance', 'Empty section']);
    expect(body.checklist.Corporate.map((i) => i.id)).toEqual([a1.id, a2.id, a3.id]);
    expect(body.checklist.Corporate.map((i) => i.item_id)).toEqual(['A.1', 'A.2', 'A.3']);
    expect(body.checklist.Finance.map((i) => i.name)).toEqual(['Accounts', 'Budget']);
    expect(body.checklist['Empty section']).toEqual([]);
    for (const i of body.checklist.Finance) expect(i).toMatchObject({ category: 'Finance', category_id: fin.id });
    // The map is written by Postgres apart from the flat list: the same items, whole, in the same order.
    const flat = await call('GET', `${r.base}/items`, { token: r.owner.token });
    expect(Object.values(body.checklist).flat()).toEqual(flat.body);

    // completed = provided or not_applicable
    expect(body.categories.map((c) => [c.name, c.completed, c.total])).toEqual([
      ['Corporate', 2, 3],
      ['Finance', 1, 2],
      ['Empty section', 0, 0],
    ]);
    expect(body.categories.find((c) => c.id === empty.id)).toMatchObject({ code: null, completed: 0, total: 0 });
    expect(body.progress).toEqual({ completed: 3, total: 5 });

    // the item shape of docs/product.md §3
    const charter = body.checklist.Corporate[0];
    expect(charter).toMatchObject({
      id: a1.id,
      item_id: 'A.1',
      name: 'Charter',
      description: '',
      category_id: corp.id,
      category: 'Corporate',
      status: 'in_progress',
      files: [],
      required: true,
      metadata: { anticipated_file_count: 1, actual_file_count: 0 },
      approval: { status: 'pending', decided_by: null, decided_at: null },
      connected_files: [],
    });

    // progress moves with a status change
    const done = await call('PATCH', `${r.base}/items/${b1.id}`, { token: r.owner.token, body: { status: 'provided' } });
    expect(done.status).toBe(200);
    const after = await checklist(r);
    expect(after.progress).toEqual({ completed: 4, total: 5 });
    expect(after.categories.find((c) => c.name === 'Finance')).toMatchObject({ completed: 2, total: 2 });
    expect(b2.status).toBe('provided');
  });

  it('category names that are also object keys (__proto__, constructor, toString) are ordinary map keys', async () => {
    const r = await room('cl-proto');
    const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];
    const ids = new Map<string, string>();
    for (const name of names) {
      const cat = await category(r, name);
      ids.set(name, (await item(r, cat.id, `Item of ${name}`)).id);
    }
    const res = await call('GET', r.base, { token: r.owner.token });
    expect(res.status).toBe(200);
    // JSON.parse makes every key an own property, __proto__ included
    expect(Object.keys(res.body.checklist)).toEqual(names);
    for (const name of names) {
      expect(Object.prototype.hasOwnProperty.call(res.body.checklist, name), name).toBe(true);
      expect(
        res.body.checklist[name].map((i: any) => i.id),
        name,
      ).toEqual([ids.get(name)]);
    }
    expect(res.body.progress).toEqual({ completed: 0, total: names.length });
  });

  it('tells the caller what they may do: a viewer may neither edit nor approve', async () => {
    const r = await room('cl-rights');
    const viewer = await member(r, 'viewer');
    const contributor = await member(r, 'contributor');
    const approver = await setMember(r, 'approve_only');
    expect(await checklist(r, viewer)).toMatchObject({ can_edit: false, can_approve: false, can_upload: true });
    expect(await checklist(r, contributor)).toMatchObject({ can_edit: true, can_approve: true, can_upload: true });
    expect(await checklist(r, approver)).toMatchObject({ can_edit: false, can_approve: true, can_upload: true });
  });

  it('is 404 for non-members, unknown deals and malformed ids, 401 without a token', async () => {
    const r = await room('cl-404');
    await category(r, 'Secret section');
    const stranger = await registerUser('cl-stranger');
    expectError(await call('GET', r.base, { token: stranger.token }), 404, "Deal not found or you don't have access to it.");
    expectError(await call('GET', `/deals/${NOT_FOUND_UUID}/checklist`, { token: r.owner.token }), 404);
    expectError(await call('GET', '/deals/not-a-uuid/checklist', { token: r.owner.token }), 404);
    expectError(await call('GET', r.base), 401);
  });

  it('a member whose membership is inactive sees nothing', async () => {
    const r = await room('cl-inactive');
    const viewer = await member(r, 'viewer');
    await sql`update public.deal_members set status = 'suspended' where deal_id = ${r.dealId} and user_id = ${viewer.id}`;
    expectError(await call('GET', r.base, { token: viewer.token }), 404);
  });
});

describe('checklist categories', () => {
  it('POST creates with trimmed name and optional code; GET lists with completed/total', async () => {
    const r = await room('cl-cat');
    const res = await call('POST', `${r.base}/categories`, {
      token: r.owner.token,
      body: { name: '  Corporate  ', code: ' A ' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Corporate', code: 'A', completed: 0, total: 0 });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const noCode = await call('POST', `${r.base}/categories`, { token: r.owner.token, body: { name: 'Tax' } });
    expect(noCode.status).toBe(201);
    expect(noCode.body.code).toBeNull();
    const emptyCode = await call('POST', `${r.base}/categories`, { token: r.owner.token, body: { name: 'HR', code: '' } });
    expect(emptyCode.body.code).toBeNull();
    const three = await call('POST', `${r.base}/categories`, { token: r.owner.token, body: { name: 'IP', code: 'ABC' } });
    expect(three.status).toBe(201);
    expect(three.body.code).toBe('ABC');

    await item(r, res.body.id, 'One', { status: 'provided' });
    await item(r, res.body.id, 'Two');
    const list = await call('GET', `${r.base}/categories`, { token: r.owner.token });
    expect(list.status).toBe(200);
    expect(list.body.map((c: any) => c.name)).toEqual(['Corporate', 'Tax', 'HR', 'IP']);
    expect(list.body[0]).toMatchObject({ id: res.body.id, code: 'A', completed: 1, total: 2 });
    expect(list.body[1]).toMatchObject({ completed: 0, total: 0 });
  });

  it.each([
    ['no name', { code: 'A' }, 'Please enter a category name'],
    ['an empty name', { name: '' }, 'Please enter a category name'],
    ['a blank name', { name: '   ' }, 'Please enter a category name'],
    ['a numeric name', { name: 42 }, /name/],
    ['a 4-character code', { name: 'X', code: 'ABCD' }, 'The category code can be at most 3 characters'],
    ['a long code after trimming', { name: 'X', code: ' ABCDE ' }, 'The category code can be at most 3 characters'],
    ['a numeric code', { name: 'X', code: 7 }, /code/],
    ['a name over 200 characters', { name: 'n'.repeat(201) }, /name/],
  ])('POST refuses %s with 400 and writes nothing', async (_label, body, detail) => {
    const r = await room('cl-catbad');
    expectError(await call('POST', `${r.base}/categories`, { token: r.owner.token, body }), 400, detail);
    const [{ n }] = await sql`select count(*)::int as n from public.checklist_categories where deal_id = ${r.dealId}`;
    expect(n).toBe(0);
  });

  it('POST refuses a body that is not JSON or not an object', async () => {
    const r = await room('cl-catjson');
    expectError(
      await call('POST', `${r.base}/categories`, { token: r.owner.token, rawBody: '{"name":' }),
      400,
      'The request body must be valid JSON.',
    );
    expectError(await call('POST', `${r.base}/categories`, { token: r.owner.token, body: ['Corporate'] }), 400);
  });

  it('a duplicate name (any case) is 409; the same name in another deal is fine', async () => {
    const r = await room('cl-catdup');
    await category(r, 'Corporate');
    expectError(
      await call('POST', `${r.base}/categories`, { token: r.owner.token, body: { name: 'corporate' } }),
      409,
      /already exists/,
    );
    expectError(await call('POST', `${r.base}/categories`, { token: r.owner.token, body: { name: ' CORPORATE ' } }), 409);
    const other = await room('cl-catdup2');
    await category(other, 'Corporate');
  });

  it('PUT renames and recodes; duplicate → 409; bad code → 400; unknown or other deal → 404', async () => {
    const r = await room('cl-catput');
    const a = await category(r, 'Corporate', 'A');
    const b = await category(r, 'Finance', 'B');
    const put = (id: string, body: unknown) => call('PUT', `${r.base}/categories/${id}`, { token: r.owner.token, body });
    const res = await put(a.id, { name: 'Corporate Records', code: 'CR' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: a.id, name: 'Corporate Records', code: 'CR' });
    // same name with another case is not a clash with itself
    const recase = await put(a.id, { name: 'CORPORATE RECORDS', code: 'CR' });
    expect(recase.status).toBe(200);
    expectError(await put(a.id, { name: 'finance' }), 409);
    expectError(await put(a.id, { name: 'X', code: 'TOOLONG' }), 400, 'The category code can be at most 3 characters');
    expectError(await put(a.id, { code: 'A' }), 400, 'Please enter a category name');
    expectError(await put(NOT_FOUND_UUID, { name: 'Y' }), 404, 'Category not found');
    expectError(await put('nope', { name: 'Y' }), 404, 'Category not found');
    const other = await room('cl-catput2');
    const foreign = await category(other, 'Foreign');
    expectError(await put(foreign.id, { name: 'Stolen' }), 404);
    const [row] = await sql`select name from public.checklist_categories where id = ${foreign.id}`;
    expect(row.name).toBe('Foreign');
    // clearing the code
    const cleared = await put(b.id, { name: 'Finance', code: null });
    expect(cleared.body.code).toBeNull();
  });

  it('DELETE removes the category with its items; unknown, other deal → 404', async () => {
    const r = await room('cl-catdel');
    const a = await category(r, 'Corporate', 'A');
    const keep = await category(r, 'Finance', 'B');
    await item(r, a.id, 'Charter');
    const kept = await item(r, keep.id, 'Accounts');
    const res = await call('DELETE', `${r.base}/categories/${a.id}`, { token: r.owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: a.id, deleted: true });
    const body = await checklist(r);
    expect(Object.keys(body.checklist)).toEqual(['Finance']);
    expect(body.progress).toEqual({ completed: 0, total: 1 });
    expect(body.checklist.Finance[0].id).toBe(kept.id);
    expectError(await call('DELETE', `${r.base}/categories/${a.id}`, { token: r.owner.token }), 404, 'Category not found');
    expectError(await call('DELETE', `${r.base}/categories/xyz`, { token: r.owner.token }), 404, 'Category not found');
    const other = await room('cl-catdel2');
    const foreign = await category(other, 'Foreign');
    expectError(await call('DELETE', `${r.base}/categories/${foreign.id}`, { token: r.owner.token }), 404);
    expect(await sql`select 1 from public.checklist_categories where id = ${foreign.id}`).toHaveLength(1);
  });

  it('only members with edit_checklist may write categories; everyone in the deal may read', async () => {
    const r = await room('cl-catrights');
    const cat = await category(r, 'Corporate', 'A');
    const viewer = await member(r, 'viewer');
    const approver = await setMember(r, 'approve_only');
    const contributor = await member(r, 'contributor');
    const editor = await setMember(r, 'edit');
    for (const u of [viewer, approver]) {
      expectError(await call('POST', `${r.base}/categories`, { token: u.token, body: { name: `By ${u.email}` } }), 403);
      expectError(await call('PUT', `${r.base}/categories/${cat.id}`, { token: u.token, body: { name: 'Renamed' } }), 403);
      expectError(await call('DELETE', `${r.base}/categories/${cat.id}`, { token: u.token }), 403);
      const list = await call('GET', `${r.base}/categories`, { token: u.token });
      expect(list.status).toBe(200);
      expect(list.body.map((c: any) => c.name)).toEqual(['Corporate']);
    }
    for (const u of [contributor, editor]) {
      const made = await call('POST', `${r.base}/categories`, { token: u.token, body: { name: `By ${u.id}` } });
      expect(made.status).toBe(201);
    }
    const stranger = await registerUser('cl-catstranger');
    expectError(await call('GET', `${r.base}/categories`, { token: stranger.token }), 404);
    expectError(await call('POST', `${r.base}/categories`, { token: stranger.token, body: { name: 'Intruder' } }), 404);
    const names = (await sql`select name from public.checklist_categories where deal_id = ${r.dealId} order by position`).map(
      (x) => x.name,
    );
    expect(names).toEqual(['Corporate', `By ${contributor.id}`, `By ${editor.id}`]);
  });

  it('a deal created from a preset starts with one category per catalog category, coded by the catalog', async () => {
    const tax = await catalogItem({ category: 'Tax Matters' });
    const tax2 = await catalogItem({ category: 'Tax Matters' });
    const ip = await catalogItem({ category: 'IP/Tech' });
    const p = await preset({ catalog_item_ids: [ip.id, tax.id, tax2.id] });
    const u = await registerUser('cl-catpreset');
    const deal = await createDeal(u, 'From preset', p.name);
    const res = await call('GET', `/deals/${deal.id}/checklist/categories`, { token: u.token });
    expect(res.status).toBe(200);
    // catalog category order (Tax Matters before IP/Tech), not the preset's order
    expect(res.body.map((c: any) => [c.name, c.completed, c.total])).toEqual([
      ['Tax Matters', 0, 2],
      ['IP/Tech', 0, 1],
    ]);
    const taxCode = [tax.code, tax2.code].sort()[0].split('.')[0];
    expect(res.body[0].code).toBe(taxCode);
    expect(res.body[1].code).toBe(ip.code.split('.')[0]);
  });
});
