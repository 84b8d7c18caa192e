/** The deal's catalog picker: GET /checklist-catalog, POST /checklist-catalog/add-to-deal/{dealId}, GET /checklist-catalog/presets. */
import { describe, expect, it } from 'vitest';
import { call, registerUser, sql } from './helpers.ts';
import { expectError } from './expect.ts';
import {
  catalogItem,
  category,
  checklist,
  getItem,
  member,
  NOT_FOUND_UUID,
  preset,
  room,
  setMember,
  superAdmin,
  tag,
} from './checklist-lib.ts';
import { CATALOG_CATEGORIES } from '../../supabase/functions/_shared/contracts/catalog.ts';

const list = (token: string, query: string) => call('GET', `/checklist-catalog?${query}`, { token });

describe('GET /checklist-catalog', () => {
  it('answers items and total_count, 20 a page by default, in catalog order', async () => {
    const u = await registerUser('cat-list');
    // at least 21 active items exist whatever the seed holds
    const [{ n }] = await sql`select count(*)::int as n from public.catalog_items where active`;
    for (let i = n; i < 21; i++) await catalogItem();
    const res = await list(u.token, 'active_only=true');
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(20);
    const [{ active }] = await sql`select count(*)::int as active from public.catalog_items where active`;
    expect(res.body.total_count).toBeGreaterThanOrEqual(21);
    expect(res.body.total_count).toBeLessThanOrEqual(active);
    for (const it of res.body.items) {
      expect(it).toMatchObject({
        id: expect.any(String),
        code: expect.stringMatching(/^[A-Z]{1,3}\.[0-9]{1,3}$/),
        title: expect.any(String),
        description: expect.any(String),
        version: expect.any(Number),
        active: true,
      });
      expect(CATALOG_CATEGORIES).toContain(it.category);
      expect(Array.isArray(it.presets)).toBe(true);
    }
    // categories come in the catalog's order
    const order = res.body.items.map((i: any) => CATALOG_CATEGORIES.indexOf(i.category));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // pages do not overlap
    const page2 = await list(u.token, 'active_only=true&page=2&page_size=20');
    const ids1 = new Set(res.body.items.map((i: any) => i.id));
    expect(page2.body.items.length).toBeGreaterThan(0);
    for (const it of page2.body.items) expect(ids1.has(it.id)).toBe(false);
  });

  it('searches code, title and description, case-insensitively, with % and _ taken literally', async () => {
    const u = await registerUser('cat-search');
    const word = `zebra${tag()}`;
    const byTitle = await catalogItem({ title: `Title ${word.toUpperCase()}` });
    const byDesc = await catalogItem({ description: `Contains ${word} somewhere` });
    const other = await catalogItem();
    const found = await list(u.token, `active_only=true&search=${word}`);
    expect(found.status).toBe(200);
    expect(found.body.items.map((i: any) => i.id).sort()).toEqual([byTitle.id, byDesc.id].sort());
    expect(found.body.total_count).toBe(2);
    const code = await list(u.token, `search=${encodeURIComponent(other.code.toLowerCase())}`);
    expect(code.body.items.map((i: any) => i.id)).toContain(other.id);
    expect(
      code.body.items.every(
        (i: any) =>
          i.code.toLowerCase().includes(other.code.toLowerCase()) ||
          i.title.toLowerCase().includes(other.code.toLowerCase()) ||
          i.description.toLowerCase().includes(other.code.toLowerCase()),
      ),
    ).toBe(true);
    const wildcard = await list(u.token, `search=${encodeURIComponent(`${word}%`)}`);
    expect(wildcard.body).toMatchObject({ items: [], total_count: 0 });
    const underscore = await list(u.token, `search=${encodeURIComponent(`_${word.slice(1)}`)}`);
    expect(underscore.body.total_count).toBe(0);
  });

  it('filters by category; an unknown category is 400', async () => {
    const u = await registerUser('cat-filter');
    const word = `okapi${tag()}`;
    const hr = await catalogItem({ category: 'HR/Employment', title: `HR ${word}` });
    const ip = await catalogItem({ category: 'IP/Tech', title: `IP ${word}` });
    const res = await list(u.token, `active_only=true&category=${encodeURIComponent('HR/Employment')}&search=${word}`);
    expect(res.body.items.map((i: any) => i.id)).toEqual([hr.id]);
    const all = await list(u.token, `category=${encodeURIComponent('IP/Tech')}&page_size=200`);
    expect(all.body.items.every((i: any) => i.category === 'IP/Tech')).toBe(true);
    expect(all.body.items.map((i: any) => i.id)).toContain(ip.id);
    const none = await list(u.token, `category=&search=${word}`);
    expect(none.body.total_count).toBe(2);
    expectError(await list(u.token, 'category=Astrology'), 400);
    expectError(await list(u.token, `category=${encodeURIComponent('hr/employment')}`), 400);
  });

  it('hides inactive items from members whatever active_only says; super admins see them unless active_only', async () => {
    const u = await registerUser('cat-inactive');
    const word = `tapir${tag()}`;
    const on = await catalogItem({ title: `On ${word}` });
    const off = await catalogItem({ title: `Off ${word}`, active: false });
    for (const q of ['active_only=true', 'active_only=false', '']) {
      const res = await list(u.token, `${q}&search=${word}`);
      expect(res.body.items.map((i: any) => i.id)).toEqual([on.id]);
    }
    const admin = await superAdmin();
    expect((await list(admin, `active_only=false&search=${word}`)).body.items.map((i: any) => i.id).sort()).toEqual(
      [on.id, off.id].sort(),
    );
    expect((await list(admin, `active_only=true&search=${word}`)).body.items.map((i: any) => i.id)).toEqual([on.id]);
  });

  it.each([
    'page=0',
    'page=-1',
    'page=abc',
    'page_size=0',
    'page_size=201',
    'page_size=2.5',
    'active_only=yes',
    `search=${'q'.repeat(201)}`,
  ])('answers 400 to %s', async (q) => {
    const u = await registerUser('cat-bad');
    expectError(await list(u.token, q), 400);
  });

  it('needs a signed-in user', async () => {
    expectError(await call('GET', '/checklist-catalog?active_only=true'), 401);
  });
});

describe('POST /checklist-catalog/add-to-deal/{dealId}', () => {
  const add = (token: string, dealId: string, body: unknown) =>
    call('POST', `/checklist-catalog/add-to-deal/${dealId}`, { token, body });

  it('copies the catalog item into the chosen category with its code; blank overrides mean catalog values', async () => {
    const r = await room('cat-add');
    const cat = await category(r, 'Taxes', 'T');
    const entry = await catalogItem({
      title: 'Tax returns, last 3 years',
      description: 'Federal and state returns',
      requirements: { multiple_files_expected: true, format_type: 'PDF' },
    });
    for (const overrides of [
      {},
      { title_override: '', description_override: '' },
      { title_override: '   ', description_override: null },
    ]) {
      const res = await add(r.owner.token, r.dealId, { catalog_item_id: entry.id, category_id: cat.id, ...overrides });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({
        item_id: entry.code,
        name: 'Tax returns, last 3 years',
        description: 'Federal and state returns',
        category_id: cat.id,
        category: 'Taxes',
        status: 'in_progress',
        required: true,
        catalog_item_id: entry.id,
        approval: { status: 'pending' },
        metadata: { anticipated_file_count: 2, actual_file_count: 0 },
      });
      expect(res.body.requirements).toMatchObject({ multiple_files_expected: true, format_type: 'PDF' });
    }
    const body = await checklist(r);
    expect(body.checklist.Taxes).toHaveLength(3);
    expect(body.progress).toEqual({ completed: 0, total: 3 });
  });

  it('uses the overrides when given (trimmed)', async () => {
    const r = await room('cat-override');
    const cat = await category(r, 'Corporate', 'A');
    const entry = await catalogItem();
    const res = await add(r.owner.token, r.dealId, {
      catalog_item_id: entry.id,
      category_id: cat.id,
      title_override: '  Our own title ',
      description_override: ' Our words ',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Our own title',
      description: 'Our words',
      item_id: entry.code,
      metadata: { anticipated_file_count: 1 },
    });
    expect((await getItem(r, res.body.id)).name).toBe('Our own title');
  });

  it.each([
    ['no catalog item', (cat: string) => ({ category_id: cat })],
    ['no category', (_cat: string, item: string) => ({ catalog_item_id: item })],
    ['an empty body', () => ({})],
    ['a malformed catalog item id', (cat: string) => ({ catalog_item_id: '', category_id: cat })],
    ['a malformed category id', (_cat: string, item: string) => ({ catalog_item_id: item, category_id: 'x' })],
  ])("refuses %s: 'Please select an item and target category'", async (_label, body) => {
    const r = await room('cat-addbad');
    const cat = await category(r, 'Corporate', 'A');
    const entry = await catalogItem();
    expectError(await add(r.owner.token, r.dealId, body(cat.id, entry.id)), 400, 'Please select an item and target category');
    expect((await checklist(r)).progress.total).toBe(0);
  });

  it("refuses inactive and unknown catalog items and other deals' categories with 400", async () => {
    const r = await room('cat-addx');
    const cat = await category(r, 'Corporate', 'A');
    const inactive = await catalogItem({ active: false });
    expectError(await add(r.owner.token, r.dealId, { catalog_item_id: inactive.id, category_id: cat.id }), 400, /inactive/);
    expectError(await add(r.owner.token, r.dealId, { catalog_item_id: NOT_FOUND_UUID, category_id: cat.id }), 400);
    const entry = await catalogItem();
    // toggled off after the picker loaded
    const toggled = await catalogItem();
    expect((await call('POST', `/admin/catalog/${toggled.id}/toggle-active`, { token: await superAdmin() })).body.active).toBe(
      false,
    );
    expectError(await add(r.owner.token, r.dealId, { catalog_item_id: toggled.id, category_id: cat.id }), 400, /inactive/);
    const other = await room('cat-addx2');
    const theirs = await category(other, 'Theirs', 'T');
    expectError(
      await add(r.owner.token, r.dealId, { catalog_item_id: entry.id, category_id: theirs.id }),
      400,
      'That category does not exist in this deal',
    );
    expectError(
      await add(r.owner.token, r.dealId, { catalog_item_id: entry.id, category_id: NOT_FOUND_UUID }),
      400,
      'That category does not exist in this deal',
    );
    expectError(
      await add(r.owner.token, r.dealId, { catalog_item_id: entry.id, category_id: cat.id, title_override: 't'.repeat(301) }),
      400,
    );
    expectError(
      await add(r.owner.token, r.dealId, { catalog_item_id: entry.id, category_id: cat.id, description_override: 5 }),
      400,
    );
    expect((await checklist(r)).progress.total).toBe(0);
    expect((await checklist(other)).progress.total).toBe(0);
  });

  it('needs edit_checklist: viewer and approve_only → 403; contributor may; non-member → 404', async () => {
    const r = await room('cat-addrights');
    const cat = await category(r, 'Corporate', 'A');
    const entry = await catalogItem();
    for (const u of [await member(r, 'viewer'), await setMember(r, 'approve_only')]) {
      expectError(await add(u.token, r.dealId, { catalog_item_id: entry.id, category_id: cat.id }), 403);
    }
    const stranger = await registerUser('cat-addstranger');
    expectError(await add(stranger.token, r.dealId, { catalog_item_id: entry.id, category_id: cat.id }), 404);
    expectError(await add(r.owner.token, 'not-a-deal', { catalog_item_id: entry.id, category_id: cat.id }), 404);
    expect((await checklist(r)).progress.total).toBe(0);
    const contributor = await member(r, 'contributor');
    expect((await add(contributor.token, r.dealId, { catalog_item_id: entry.id, category_id: cat.id })).status).toBe(201);
    expect((await checklist(r)).progress.total).toBe(1);
  });

  it('writes a checklist_update activity line', async () => {
    const r = await room('cat-addact');
    const cat = await category(r, 'Corporate', 'A');
    const entry = await catalogItem({ title: 'Catalog title for activity' });
    const res = await add(r.owner.token, r.dealId, { catalog_item_id: entry.id, category_id: cat.id });
    const rows =
      await sql`select description, metadata from public.activities where deal_id = ${r.dealId} and activity_type = 'checklist_update'`;
    expect(rows).toEqual([
      { description: 'Added checklist item "Catalog title for activity"', metadata: { item_id: res.body.id } },
    ]);
  });
});

describe('GET /checklist-catalog/presets (deal creation)', () => {
  it('lists active presets, the default first, with the count of active items a new deal would get', async () => {
    const a = await catalogItem();
    const b = await catalogItem();
    const off = await catalogItem({ active: false });
    const p = await preset({ catalog_item_ids: [a.id, b.id, off.id] });
    const hidden = await preset({ active: false });
    const u = await registerUser('cat-presets');
    const res = await call('GET', '/checklist-catalog/presets?active_only=true&page=1&page_size=100', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.presets[0].is_default).toBe(true);
    expect(res.body.presets.filter((x: any) => x.is_default)).toHaveLength(1);
    const mine = res.body.presets.find((x: any) => x.id === p.id);
    expect(mine).toMatchObject({ name: p.name, description: p.description, is_default: false, item_count: 2 });
    expect(res.body.presets.find((x: any) => x.id === hidden.id)).toBeUndefined();
    // the count is what a deal created from it gets
    const deal = await call('POST', '/deals', {
      token: u.token,
      body: { name: 'From my preset', checklist_preset: p.name.toLowerCase() },
    });
    expect(deal.status).toBe(201);
    const cl = await call('GET', `/deals/${deal.body.id}/checklist`, { token: u.token });
    expect(cl.body.progress.total).toBe(mine.item_count);
    expect(
      Object.values(cl.body.checklist)
        .flat()
        .map((i: any) => i.catalog_item_id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
  });
});
