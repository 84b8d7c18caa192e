/**
 * The admin portal's catalog and presets (docs/product.md §2–§7), and what deals get from presets (docs/product.md §3, §7).
 * Runs its tests one after another: some move the default flag or add items to the Default preset for a moment.
 */
import { describe, expect, it } from 'vitest';
import { call, createDeal, registerUser, sql } from './helpers.ts';
import { expectError } from './expect.ts';
import {
  ADMIN_EMAIL,
  adminUserId,
  auditRows,
  catalogItem,
  NOT_FOUND_UUID,
  preset,
  superAdmin,
  tag,
  uniqueCode,
} from './checklist-lib.ts';

const FORBIDDEN = "You don't have permission to access this area";

async function adminGet(path: string) {
  const res = await call('GET', path, { token: await superAdmin() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function presetByName(name: string) {
  const res = await adminGet(`/admin/presets?search=${encodeURIComponent(name)}&page_size=200`);
  return res.presets.find((p: any) => p.name.toLowerCase() === name.toLowerCase());
}

async function defaultPreset() {
  const all = await adminGet('/admin/presets?page_size=200');
  const defaults = all.presets.filter((p: any) => p.is_default);
  expect(defaults).toHaveLength(1);
  return defaults[0];
}

/** Makes `original` the default again when a test left another one as the default. */
async function restoreDefault(admin: string, original: { id: string }) {
  if ((await defaultPreset()).id !== original.id)
    await call('POST', `/admin/presets/${original.id}/set-default`, { token: admin });
}

/** PUT of a preset as it is, made the default, with `changes` on top. */
const putAsDefault = (admin: string, p: any, changes: Record<string, unknown> = {}) =>
  call('PUT', `/admin/presets/${p.id}`, {
    token: admin,
    body: { name: p.name, description: p.description, catalog_item_ids: p.catalog_item_ids, is_default: true, ...changes },
  });

async function defaultCount() {
  const [{ n }] = await sql`select count(*)::int as n from public.checklist_presets where is_default`;
  return n;
}

/** Every catalog item's active flag, read through the admin list (all pages). */
async function activeById(): Promise<Map<string, boolean>> {
  const map = new Map<string, boolean>();
  for (let page = 1; ; page++) {
    const res = await adminGet(`/admin/catalog?page=${page}&page_size=200`);
    for (const it of res.items) map.set(it.id, it.active);
    if (page * 200 >= res.total_count) return map;
  }
}

/** The catalog item ids a deal's checklist was copied from. */
async function dealCatalogIds(token: string, dealId: string): Promise<string[]> {
  const res = await call('GET', `/deals/${dealId}/checklist`, { token });
  expect(res.status).toBe(200);
  return Object.values(res.body.checklist)
    .flat()
    .map((i: any) => i.catalog_item_id)
    .sort();
}

describe.sequential('admin catalog and presets', () => {
  describe('access', () => {
    it('every /admin/catalog and /admin/presets call is 403 for a normal user and 401 without a token, changing nothing', async () => {
      const u = await registerUser('adm-normal');
      const entry = await catalogItem();
      const p = await preset({ catalog_item_ids: [entry.id] });
      const calls: [string, string, unknown?][] = [
        ['GET', '/admin/catalog'],
        ['POST', '/admin/catalog', { code: uniqueCode(), title: 'T', description: 'D', category: 'Tax Matters' }],
        ['PUT', `/admin/catalog/${entry.id}`, { title: 'Hacked', description: 'D', category: 'Tax Matters' }],
        ['POST', `/admin/catalog/${entry.id}/toggle-active`],
        ['DELETE', `/admin/catalog/${entry.id}`],
        ['GET', '/admin/presets'],
        ['GET', `/admin/presets/${p.id}`],
        ['POST', '/admin/presets', { name: `Hack ${tag()}`, description: 'D' }],
        ['PUT', `/admin/presets/${p.id}`, { name: 'Hacked', description: 'D', catalog_item_ids: [] }],
        ['POST', `/admin/presets/${p.id}/set-default`],
        ['DELETE', `/admin/presets/${p.id}`],
      ];
      for (const [method, path, body] of calls) {
        expectError(await call(method, path, { token: u.token, body }), 403, FORBIDDEN);
        expectError(await call(method, path, { body }), 401);
      }
      const after = await adminGet(`/admin/presets/${p.id}`);
      expect(after).toMatchObject({ name: p.name, is_default: false, item_count: 1, catalog_item_ids: [entry.id] });
      const [row] = await sql`select title, active from public.catalog_items where id = ${entry.id}`;
      expect(row).toEqual({ title: entry.title, active: true });
      expect(await defaultCount()).toBe(1);
    });

    it('a deal admin is not a super admin', async () => {
      const u = await registerUser('adm-dealadmin');
      await createDeal(u, 'Mine', 'blank');
      expectError(await call('GET', '/admin/catalog', { token: u.token }), 403, FORBIDDEN);
    });
  });

  describe('catalog items', () => {
    it('creates with the full object; the code is upper-cased; version 1; active', async () => {
      const admin = await superAdmin();
      const code = uniqueCode();
      const res = await call('POST', '/admin/catalog', {
        token: admin,
        body: {
          code: code.toLowerCase(),
          title: ' Board minutes ',
          description: ' Minutes of all board meetings ',
          category: 'Corporate Documents',
          subcategory: 'Governance',
          presets: [],
          requirements: {
            periods_covered: '3 years',
            format_type: 'PDF',
            certified: true,
            original_required: false,
            multiple_files_expected: true,
            custom_notes: 'Signed',
          },
          ai_checks: {
            math_verification: false,
            signature_detection: true,
            legal_terms: true,
            red_flags: true,
            compliance_check: false,
            date_verification: true,
            missing_elements: true,
          },
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({
        code,
        title: 'Board minutes',
        description: 'Minutes of all board meetings',
        category: 'Corporate Documents',
        subcategory: 'Governance',
        version: 1,
        active: true,
        presets: [],
        requirements: { periods_covered: '3 years', certified: true, multiple_files_expected: true, custom_notes: 'Signed' },
        ai_checks: { signature_detection: true, math_verification: false },
      });
      const audit = await auditRows('catalog_item', res.body.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'catalog_item_created',
        performed_by: await adminUserId(),
        performed_by_email: ADMIN_EMAIL,
      });
      expect(audit[0].changes.code).toEqual({ old: null, new: code });
      expect(Date.now() - audit[0].created_at.getTime()).toBeLessThan(60_000);
    });

    it.each([
      ['no code', { code: undefined }, 'Code is required'],
      ['no title', { title: undefined }, 'Title is required'],
      ['a blank title', { title: '  ' }, 'Title is required'],
      ['no description', { description: undefined }, 'Description is required'],
      ['a blank description', { description: '' }, 'Description is required'],
      ['no category', { category: undefined }, 'Please choose one of the eight categories'],
      ['an unknown category', { category: 'Astrology' }, 'Please choose one of the eight categories'],
      ['a code without a dot', { code: 'ZQ1' }, 'The code must look like A.1'],
      ['a code with four letters', { code: 'ZQQQ.1' }, 'The code must look like A.1'],
      ['a code with four digits', { code: 'ZQ.1000' }, 'The code must look like A.1'],
      ['a code without a number', { code: 'ZQ.' }, 'The code must look like A.1'],
      ['a code starting with a digit', { code: '1.1' }, 'The code must look like A.1'],
      ['an empty code', { code: '' }, 'The code must look like A.1'],
      ['a non-boolean ai check', { ai_checks: { red_flags: 'yes' } }, /red_flags/],
    ])('refuses %s with 400 and creates nothing', async (_label, override, detail) => {
      const title = `Refused ${tag()}`;
      const body = { code: uniqueCode(), title, description: 'D', category: 'Tax Matters', presets: [], ...override };
      expectError(await call('POST', '/admin/catalog', { token: await superAdmin(), body }), 400, detail);
      expect(await sql`select 1 from public.catalog_items where title = ${title}`).toHaveLength(0);
    });

    it('a duplicate code is 409', async () => {
      const entry = await catalogItem();
      const res = await call('POST', '/admin/catalog', {
        token: await superAdmin(),
        body: { code: entry.code.toLowerCase(), title: 'Other', description: 'D', category: 'IP/Tech', presets: [] },
      });
      expectError(res, 409, new RegExp(entry.code.replace('.', '\\.')));
    });

    it('new items land in the Default preset unless presets are given', async () => {
      const admin = await superAdmin();
      const def = await presetByName('Default');
      const code = uniqueCode();
      const res = await call('POST', '/admin/catalog', {
        token: admin,
        body: { code, title: `Default landing ${code}`, description: 'D', category: 'Tax Matters' },
      });
      try {
        expect(res.status).toBe(201);
        expect(res.body.presets).toEqual(['Default']);
        const detail = await adminGet(`/admin/presets/${def.id}`);
        expect(detail.catalog_item_ids).toContain(res.body.id);
        expect(detail.item_count).toBe(def.item_count + 1);
        expect(detail.catalog_items.find((c: any) => c.id === res.body.id)).toMatchObject({
          code,
          title: `Default landing ${code}`,
          category: 'Tax Matters',
        });
        // and a new deal from 'default' gets it
        const u = await registerUser('adm-landing');
        const deal = await createDeal(u, 'Gets the new item', 'default');
        expect(await dealCatalogIds(u.token, deal.id)).toContain(res.body.id);
      } finally {
        if (res.status === 201) await call('DELETE', `/admin/catalog/${res.body.id}`, { token: admin });
      }
      expect((await adminGet(`/admin/presets/${def.id}`)).item_count).toBe(def.item_count);
    });

    it('edits: the code is locked, the version increments, presets follow the names sent, audit records the change', async () => {
      const admin = await superAdmin();
      const entry = await catalogItem({ title: 'Original title' });
      const p = await preset();
      const base = { title: 'New title', description: 'New description', category: 'Commercial Contracts' };
      const v2 = await call('PUT', `/admin/catalog/${entry.id}`, {
        token: admin,
        body: { ...base, code: entry.code, presets: [p.name] },
      });
      expect(v2.status, JSON.stringify(v2.body)).toBe(200);
      expect(v2.body).toMatchObject({ id: entry.id, code: entry.code, ...base, version: 2, presets: [p.name] });
      expect((await adminGet(`/admin/presets/${p.id}`)).catalog_item_ids).toEqual([entry.id]);
      const v3 = await call('PUT', `/admin/catalog/${entry.id}`, {
        token: admin,
        body: { ...base, title: 'Third', code: entry.code.toLowerCase() },
      });
      expect(v3.status).toBe(200);
      expect(v3.body).toMatchObject({ version: 3, title: 'Third', presets: [p.name] });
      // without a code is fine too
      expect(
        (await call('PUT', `/admin/catalog/${entry.id}`, { token: admin, body: { ...base, presets: [] } })).body,
      ).toMatchObject({ version: 4, presets: [] });
      expect((await adminGet(`/admin/presets/${p.id}`)).item_count).toBe(0);

      const other = uniqueCode();
      expectError(
        await call('PUT', `/admin/catalog/${entry.id}`, { token: admin, body: { ...base, code: other } }),
        400,
        'The code of a catalog item cannot be changed',
      );
      expectError(await call('PUT', `/admin/catalog/${entry.id}`, { token: admin, body: { ...base, code: 'bad code' } }), 400);
      expectError(
        await call('PUT', `/admin/catalog/${entry.id}`, { token: admin, body: { ...base, title: '' } }),
        400,
        'Title is required',
      );
      expectError(await call('PUT', `/admin/catalog/${entry.id}`, { token: admin, body: { ...base, category: 'Nope' } }), 400);
      const [row] = await sql`select code, title, version from public.catalog_items where id = ${entry.id}`;
      expect(row).toEqual({ code: entry.code, title: 'New title', version: 4 });
      expectError(
        await call('PUT', `/admin/catalog/${NOT_FOUND_UUID}`, { token: admin, body: base }),
        404,
        'Catalog item not found',
      );
      expectError(await call('PUT', '/admin/catalog/xyz', { token: admin, body: base }), 404, 'Catalog item not found');

      const audit = await auditRows('catalog_item', entry.id);
      expect(audit.map((a) => a.action)).toEqual([
        'catalog_item_created',
        'catalog_item_updated',
        'catalog_item_updated',
        'catalog_item_updated',
      ]);
      expect(audit[1].changes.title).toEqual({ old: 'Original title', new: 'New title' });
      expect(audit[1].changes.version).toEqual({ old: 1, new: 2 });
      expect(audit[1].performed_by_email).toBe(ADMIN_EMAIL);
    });

    it('toggle-active flips the flag both ways, with audit rows; unknown → 404', async () => {
      const admin = await superAdmin();
      const entry = await catalogItem();
      const off = await call('POST', `/admin/catalog/${entry.id}/toggle-active`, { token: admin });
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({ id: entry.id, active: false });
      const listed = await adminGet(`/admin/catalog?search=${encodeURIComponent(entry.code)}`);
      expect(listed.items.find((i: any) => i.id === entry.id).active).toBe(false);
      const on = await call('POST', `/admin/catalog/${entry.id}/toggle-active`, { token: admin });
      expect(on.body.active).toBe(true);
      expectError(
        await call('POST', `/admin/catalog/${NOT_FOUND_UUID}/toggle-active`, { token: admin }),
        404,
        'Catalog item not found',
      );
      const audit = await auditRows('catalog_item', entry.id);
      expect(audit.slice(1).map((a) => [a.action, a.changes.active])).toEqual([
        ['catalog_item_updated', { old: true, new: false }],
        ['catalog_item_updated', { old: false, new: true }],
      ]);
    });

    it('delete removes the item and takes it out of every preset; again → 404; audit', async () => {
      const admin = await superAdmin();
      const keep = await catalogItem();
      const entry = await catalogItem();
      const p1 = await preset({ catalog_item_ids: [entry.id, keep.id] });
      const p2 = await preset({ catalog_item_ids: [entry.id] });
      const res = await call('DELETE', `/admin/catalog/${entry.id}`, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: entry.id, deleted: true });
      expect(await adminGet(`/admin/presets/${p1.id}`)).toMatchObject({ item_count: 1, catalog_item_ids: [keep.id] });
      expect(await adminGet(`/admin/presets/${p2.id}`)).toMatchObject({ item_count: 0, catalog_item_ids: [], catalog_items: [] });
      expectError(await call('DELETE', `/admin/catalog/${entry.id}`, { token: admin }), 404, 'Catalog item not found');
      expectError(await call('DELETE', '/admin/catalog/not-an-id', { token: admin }), 404, 'Catalog item not found');
      expect((await auditRows('catalog_item', entry.id)).map((a) => a.action)).toEqual([
        'catalog_item_created',
        'catalog_item_deleted',
      ]);
    });

    it('GET /admin/catalog lists inactive items too, 20 a page, searches and filters; bad input → 400', async () => {
      const word = `narwhal${tag()}`;
      const a = await catalogItem({ title: `A ${word}`, category: 'Privacy & Compliance' });
      const b = await catalogItem({ description: `B ${word}`, category: 'Real Estate/Insurance', active: false });
      const res = await adminGet(`/admin/catalog?search=${word}`);
      expect(res.items.map((i: any) => i.id).sort()).toEqual([a.id, b.id].sort());
      expect(res.total_count).toBe(2);
      const active = await adminGet(`/admin/catalog?search=${word}&active_only=true`);
      expect(active.items.map((i: any) => i.id)).toEqual([a.id]);
      const cat = await adminGet(`/admin/catalog?search=${word}&category=${encodeURIComponent('Real Estate/Insurance')}`);
      expect(cat.items.map((i: any) => i.id)).toEqual([b.id]);
      const page = await adminGet('/admin/catalog');
      expect(page.items.length).toBe(Math.min(20, page.total_count));
      const admin = await superAdmin();
      for (const q of ['category=Nope', 'page=0', 'page_size=500', 'active_only=maybe']) {
        expectError(await call('GET', `/admin/catalog?${q}`, { token: admin }), 400);
      }
    });
  });

  describe('presets', () => {
    it('creates and edits with catalog_item_ids; item_count and catalog_items follow; audit', async () => {
      const admin = await superAdmin();
      const a = await catalogItem({ category: 'Tax Matters' });
      const b = await catalogItem({ category: 'IP/Tech' });
      const c = await catalogItem({ category: 'HR/Employment' });
      const name = `Buy-side ${tag()}`;
      const res = await call('POST', '/admin/presets', {
        token: admin,
        body: { name: ` ${name} `, description: ' For buyers ', catalog_item_ids: [b.id, a.id, b.id] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({
        name,
        description: 'For buyers',
        is_default: false,
        active: true,
        item_count: 2,
        catalog_item_ids: [b.id, a.id],
      });
      expect(res.body.catalog_items.map((x: any) => [x.id, x.code, x.title, x.category])).toEqual([
        [b.id, b.code, b.title, 'IP/Tech'],
        [a.id, a.code, a.title, 'Tax Matters'],
      ]);
      const detail = await adminGet(`/admin/presets/${res.body.id}`);
      expect(detail).toMatchObject({ id: res.body.id, item_count: 2, catalog_item_ids: [b.id, a.id] });
      const listed = await adminGet(`/admin/presets?search=${encodeURIComponent(name)}`);
      expect(listed).toMatchObject({ total_count: 1, presets: [{ id: res.body.id, item_count: 2 }] });

      const edit = await call('PUT', `/admin/presets/${res.body.id}`, {
        token: admin,
        body: { name: `${name} v2`, description: 'Edited', catalog_item_ids: [c.id], is_default: false },
      });
      expect(edit.status).toBe(200);
      expect(edit.body).toMatchObject({ name: `${name} v2`, description: 'Edited', item_count: 1, catalog_item_ids: [c.id] });
      expect(edit.body.catalog_items.map((x: any) => x.id)).toEqual([c.id]);
      const b2 = await adminGet(`/admin/catalog?search=${encodeURIComponent(b.code)}`);
      expect(b2.items.find((x: any) => x.id === b.id).presets).toEqual([]);
      const c2 = await adminGet(`/admin/catalog?search=${encodeURIComponent(c.code)}`);
      expect(c2.items.find((x: any) => x.id === c.id).presets).toEqual([`${name} v2`]);

      const allAudit = await auditRows('preset', res.body.id);
      // Item membership changes have their own rows (preset_item_added / _removed).
      expect(allAudit.some((x) => x.action === 'preset_item_added')).toBe(true);
      const audit = allAudit.filter((x) => !x.action.startsWith('preset_item_'));
      expect(audit.map((x) => x.action)).toEqual(['preset_created', 'preset_updated']);
      expect(audit[1].changes.name).toEqual({ old: name, new: `${name} v2` });
      expect(audit.every((x) => x.performed_by_email === ADMIN_EMAIL)).toBe(true);
    });

    it.each([
      ['no name', { description: 'D' }, 'Name is required'],
      ['a blank name', { name: '  ', description: 'D' }, 'Name is required'],
      ['no description', { name: 'N' }, 'Description is required'],
      ['a blank description', { name: 'N', description: ' ' }, 'Description is required'],
      ['a malformed catalog item id', { name: 'N', description: 'D', catalog_item_ids: ['x'] }, /catalog_item_ids/],
      [
        'an unknown catalog item',
        { name: 'N', description: 'D', catalog_item_ids: [NOT_FOUND_UUID] },
        'Some catalog items do not exist.',
      ],
      ['a non-boolean is_default', { name: 'N', description: 'D', is_default: 'yes' }, /is_default/],
    ])('POST and PUT refuse %s with 400', async (_label, body, detail) => {
      const admin = await superAdmin();
      const p = await preset();
      const suffix = tag();
      const named = { ...body, ...('name' in body && body.name === 'N' ? { name: `N ${suffix}` } : {}) };
      expectError(await call('POST', '/admin/presets', { token: admin, body: named }), 400, detail);
      expect(await sql`select 1 from public.checklist_presets where name = ${`N ${suffix}`}`).toHaveLength(0);
      expectError(await call('PUT', `/admin/presets/${p.id}`, { token: admin, body: named }), 400, detail);
      expect((await adminGet(`/admin/presets/${p.id}`)).name).toBe(p.name);
    });

    it('a duplicate name (any case) is 409; unknown preset → 404', async () => {
      const admin = await superAdmin();
      const p = await preset();
      const q = await preset();
      expectError(
        await call('POST', '/admin/presets', { token: admin, body: { name: p.name.toUpperCase(), description: 'D' } }),
        409,
      );
      expectError(await call('POST', '/admin/presets', { token: admin, body: { name: 'default', description: 'D' } }), 409);
      expectError(await call('PUT', `/admin/presets/${q.id}`, { token: admin, body: { name: p.name, description: 'D' } }), 409);
      for (const id of [NOT_FOUND_UUID, 'abc']) {
        expectError(await call('GET', `/admin/presets/${id}`, { token: admin }), 404, 'Preset not found');
        expectError(
          await call('PUT', `/admin/presets/${id}`, { token: admin, body: { name: `X ${tag()}`, description: 'D' } }),
          404,
          'Preset not found',
        );
        expectError(await call('POST', `/admin/presets/${id}/set-default`, { token: admin }), 404, 'Preset not found');
        expectError(await call('DELETE', `/admin/presets/${id}`, { token: admin }), 404, 'Preset not found');
      }
    });

    it('set-default moves the flag there and back; exactly one default at every step; audit', async () => {
      const admin = await superAdmin();
      const original = await defaultPreset();
      const p = await preset();
      const moved = await call('POST', `/admin/presets/${p.id}/set-default`, { token: admin });
      try {
        expect(moved.status, JSON.stringify(moved.body)).toBe(200);
        expect(moved.body).toMatchObject({ id: p.id, is_default: true });
        expect(await defaultCount()).toBe(1);
        expect((await adminGet(`/admin/presets/${original.id}`)).is_default).toBe(false);
        expectError(await call('DELETE', `/admin/presets/${p.id}`, { token: admin }), 400, 'Cannot delete the default preset');
      } finally {
        const back = await call('POST', `/admin/presets/${original.id}/set-default`, { token: admin });
        expect(back.status, JSON.stringify(back.body)).toBe(200);
      }
      expect((await defaultPreset()).id).toBe(original.id);
      expect(await defaultCount()).toBe(1);
      // setting the default on the default changes nothing
      expect((await call('POST', `/admin/presets/${original.id}/set-default`, { token: admin })).body.is_default).toBe(true);
      expect(await defaultCount()).toBe(1);
      const audit = await auditRows('preset', p.id);
      expect(audit.map((a) => [a.action, a.changes.is_default])).toEqual([
        ['preset_created', { old: null, new: false }],
        ['preset_updated', { old: false, new: true }],
        ['preset_updated', { old: true, new: false }],
      ]);
    });

    it('creating or editing with is_default true moves the flag too; the default cannot be un-defaulted', async () => {
      const admin = await superAdmin();
      const original = await defaultPreset();
      const created = await call('POST', '/admin/presets', {
        token: admin,
        body: { name: `New default ${tag()}`, description: 'D', is_default: true },
      });
      try {
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        expect(created.body.is_default).toBe(true);
        expect(await defaultCount()).toBe(1);
        expectError(
          await call('PUT', `/admin/presets/${created.body.id}`, {
            token: admin,
            body: { name: created.body.name, description: 'D', is_default: false },
          }),
          400,
        );
        expect(await defaultCount()).toBe(1);
        const viaPut = await putAsDefault(admin, original);
        expect(viaPut.status, JSON.stringify(viaPut.body)).toBe(200);
        expect(viaPut.body).toMatchObject({ is_default: true, item_count: original.item_count });
      } finally {
        await restoreDefault(admin, original);
      }
      expect((await adminGet(`/admin/presets/${created.body.id}`)).is_default).toBe(false);
      expect(await defaultCount()).toBe(1);
    });

    it('an inactive preset cannot become the default, by any route', async () => {
      const admin = await superAdmin();
      const original = await defaultPreset();
      const off = await preset({ active: false });
      try {
        expectError(
          await call('POST', `/admin/presets/${off.id}/set-default`, { token: admin }),
          400,
          'An inactive preset cannot be the default',
        );
        expectError(
          await call('POST', '/admin/presets', {
            token: admin,
            body: { name: `Off default ${tag()}`, description: 'D', is_default: true, active: false },
          }),
          400,
          'An inactive preset cannot be the default',
        );
        expectError(
          await call('PUT', `/admin/presets/${off.id}`, {
            token: admin,
            body: { name: off.name, description: 'D', is_default: true, active: false },
          }),
          400,
          'An inactive preset cannot be the default',
        );
        expectError(await putAsDefault(admin, original, { active: false }), 400, 'An inactive preset cannot be the default');
      } finally {
        await restoreDefault(admin, original);
      }
      const now = await defaultPreset();
      expect(now).toMatchObject({ id: original.id, active: true });
    });

    it("deleting the default is refused with 'Cannot delete the default preset'; a non-default goes, with an audit row", async () => {
      const admin = await superAdmin();
      const def = await defaultPreset();
      expectError(await call('DELETE', `/admin/presets/${def.id}`, { token: admin }), 400, 'Cannot delete the default preset');
      expect((await defaultPreset()).id).toBe(def.id);
      const entry = await catalogItem();
      const p = await preset({ catalog_item_ids: [entry.id] });
      const res = await call('DELETE', `/admin/presets/${p.id}`, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: p.id, deleted: true });
      expectError(await call('GET', `/admin/presets/${p.id}`, { token: admin }), 404, 'Preset not found');
      // its catalog item stays, without the preset
      const listed = await adminGet(`/admin/catalog?search=${encodeURIComponent(entry.code)}`);
      expect(listed.items.find((i: any) => i.id === entry.id).presets).toEqual([]);
      expect((await auditRows('preset', p.id)).filter((a) => !a.action.startsWith('preset_item_')).map((a) => a.action)).toEqual([
        'preset_created',
        'preset_deleted',
      ]);
      // a deal can no longer be created from it
      const u = await registerUser('adm-gone');
      expectError(
        await call('POST', '/deals', { token: u.token, body: { name: 'X', checklist_preset: p.name } }),
        400,
        /Unknown checklist preset/,
      );
    });

    it('GET /admin/presets pages by 20 and searches name and description', async () => {
      const word = `quokka${tag()}`;
      const a = await preset({ name: `Preset ${word}` });
      const b = await preset({ description: `About ${word}` });
      const found = await adminGet(`/admin/presets?search=${word}`);
      expect(found.presets.map((p: any) => p.id).sort()).toEqual([a.id, b.id].sort());
      expect(found.total_count).toBe(2);
      const all = await adminGet('/admin/presets');
      expect(all.presets.length).toBe(Math.min(20, all.total_count));
      expect(all.presets[0].is_default).toBe(true);
      const admin = await superAdmin();
      for (const q of ['page=0', 'page_size=0', 'page_size=201', `search=${'s'.repeat(201)}`]) {
        expectError(await call('GET', `/admin/presets?${q}`, { token: admin }), 400);
      }
    });
  });

  describe('deals created from presets', () => {
    it("a deal from 'default' has exactly the Default preset's active items", async () => {
      const def = await presetByName('Default');
      const detail = await adminGet(`/admin/presets/${def.id}`);
      const active = await activeById();
      const expected = detail.catalog_items
        .filter((c: any) => active.get(c.id))
        .map((c: any) => c.id)
        .sort();
      const u = await registerUser('adm-default');
      const deal = await createDeal(u, 'Default deal', 'default');
      const ids = await dealCatalogIds(u.token, deal.id);
      expect(ids).toEqual(expected);
      const cl = await call('GET', `/deals/${deal.id}/checklist`, { token: u.token });
      expect(cl.body.progress).toEqual({ completed: 0, total: expected.length });
      // every copied item carries its catalog code and title, in_progress and pending
      const byId = new Map(detail.catalog_items.map((c: any) => [c.id, c]));
      for (const it of Object.values(cl.body.checklist).flat() as any[]) {
        const source: any = byId.get(it.catalog_item_id);
        expect(it).toMatchObject({
          item_id: source.code,
          name: source.title,
          category: source.category,
          status: 'in_progress',
          approval: { status: 'pending' },
        });
      }
      // the preset list offered at deal creation counts the same items
      const offered = await call('GET', '/checklist-catalog/presets?active_only=true&page=1&page_size=100', { token: u.token });
      expect(offered.body.presets.find((p: any) => p.id === def.id)).toMatchObject({
        name: 'Default',
        item_count: expected.length,
      });
      // the deal card agrees
      const card = (await call('GET', '/deals', { token: u.token })).body.find((d: any) => d.id === deal.id);
      expect(card.overall_progress).toEqual({ completed: 0, total: expected.length });
    });

    it('each seeded preset gives its active items; an inactive item in the preset is left out', async () => {
      const u = await registerUser('adm-each');
      const active = await activeById();
      const names = ['Default', 'Technology Acquisition', 'Real Estate Transaction', 'Carve-out'];
      let checked = 0;
      for (const name of names) {
        const p = await presetByName(name);
        if (!p || !p.active) continue;
        const detail = await adminGet(`/admin/presets/${p.id}`);
        const deal = await createDeal(u, `From ${name}`, name.toLowerCase());
        expect(await dealCatalogIds(u.token, deal.id), name).toEqual(
          detail.catalog_items
            .filter((c: any) => active.get(c.id))
            .map((c: any) => c.id)
            .sort(),
        );
        checked++;
      }
      expect(checked).toBe(names.length);
      // a preset of our own, with one inactive item
      const a = await catalogItem({ category: 'Corporate Documents' });
      const b = await catalogItem({ category: 'Financial Information', requirements: { multiple_files_expected: true } });
      const off = await catalogItem({ active: false });
      const p = await preset({ catalog_item_ids: [a.id, b.id, off.id] });
      const deal = await createDeal(u, 'Own preset', p.name);
      expect(await dealCatalogIds(u.token, deal.id)).toEqual([a.id, b.id].sort());
      const cl = await call('GET', `/deals/${deal.id}/checklist`, { token: u.token });
      expect(Object.keys(cl.body.checklist)).toEqual(['Corporate Documents', 'Financial Information']);
      expect(cl.body.checklist['Financial Information'][0].metadata.anticipated_file_count).toBe(2);
      expect(cl.body.checklist['Corporate Documents'][0].metadata.anticipated_file_count).toBe(1);
      // copying made no activity lines of its own
      const [{ n }] =
        await sql`select count(*)::int as n from public.activities where deal_id = ${deal.id} and activity_type = 'checklist_update'`;
      expect(n).toBe(0);
    });

    it("'blank' gives no categories and no items", async () => {
      const u = await registerUser('adm-blank');
      for (const preset of ['blank', 'Blank', 'BLANK']) {
        const deal = await createDeal(u, 'Blank deal', preset);
        const cl = await call('GET', `/deals/${deal.id}/checklist`, { token: u.token });
        expect(cl.body).toMatchObject({ checklist: {}, categories: [], progress: { completed: 0, total: 0 } });
      }
    });

    it("the deal's copy does not change when the catalog item is edited, deactivated or deleted, nor when the preset changes", async () => {
      const admin = await superAdmin();
      const entry = await catalogItem({
        title: 'Original title',
        description: 'Original description',
        category: 'Commercial Contracts',
      });
      const p = await preset({ catalog_item_ids: [entry.id] });
      const u = await registerUser('adm-copy');
      const deal = await createDeal(u, 'Copy', p.name);
      const before = (await call('GET', `/deals/${deal.id}/checklist`, { token: u.token })).body.checklist[
        'Commercial Contracts'
      ][0];
      expect(before).toMatchObject({
        name: 'Original title',
        description: 'Original description',
        item_id: entry.code,
        catalog_item_id: entry.id,
      });

      const edit = await call('PUT', `/admin/catalog/${entry.id}`, {
        token: admin,
        body: { title: 'Changed title', description: 'Changed', category: 'Tax Matters' },
      });
      expect(edit.status).toBe(200);
      await call('PUT', `/admin/presets/${p.id}`, {
        token: admin,
        body: { name: p.name, description: 'D', catalog_item_ids: [] },
      });
      await call('POST', `/admin/catalog/${entry.id}/toggle-active`, { token: admin });
      const mid = (await call('GET', `/deals/${deal.id}/checklist`, { token: u.token })).body;
      expect(Object.keys(mid.checklist)).toEqual(['Commercial Contracts']);
      expect(mid.checklist['Commercial Contracts'][0]).toMatchObject({
        id: before.id,
        name: 'Original title',
        description: 'Original description',
        item_id: entry.code,
      });

      expect((await call('DELETE', `/admin/catalog/${entry.id}`, { token: admin })).status).toBe(200);
      const after = await call('GET', `/deals/${deal.id}/checklist/items/${before.id}`, { token: u.token });
      expect(after.status).toBe(200);
      expect(after.body).toMatchObject({
        name: 'Original title',
        description: 'Original description',
        item_id: entry.code,
        catalog_item_id: null,
      });
    });
  });
});
