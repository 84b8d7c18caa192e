import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { ApiDeps, ApiEnv } from '../../context.ts';
import { asUser, type Tx } from '../../db.ts';
import { HttpError } from '../../errors.ts';
import { parseOrThrow, readJson } from '../../validate.ts';
import { listCatalog } from '../../catalog.ts';
import { CATALOG_CATEGORIES } from '../../contracts/catalog.ts';
import { likePattern } from '../../validate.ts';

const uuid = z.string().uuid();
const requirements = z
  .object({
    periods_covered: z.string().max(200).nullish(),
    format_type: z.string().max(200).nullish(),
    certified: z.boolean().default(false),
    original_required: z.boolean().default(false),
    multiple_files_expected: z.boolean().default(false),
    custom_notes: z.string().max(2000).nullish(),
  })
  .partial()
  .default({});
const aiChecks = z
  .object({
    math_verification: z.boolean(),
    signature_detection: z.boolean(),
    legal_terms: z.boolean(),
    red_flags: z.boolean(),
    compliance_check: z.boolean(),
    date_verification: z.boolean(),
    missing_elements: z.boolean(),
  })
  .partial()
  .default({});

const catalogItem = z
  .object({
    code: z
      .string({ required_error: 'Code is required' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{1,3}\.[0-9]{1,3}$/, 'The code must look like A.1'),
    title: z.string({ required_error: 'Title is required' }).trim().min(1, 'Title is required').max(300),
    description: z.string({ required_error: 'Description is required' }).trim().min(1, 'Description is required').max(5000),
    category: z.enum(CATALOG_CATEGORIES, { message: 'Please choose one of the eight categories' }),
    subcategory: z.string().trim().max(200).nullish(),
    requirements,
    ai_checks: aiChecks,
    active: z.boolean().default(true),
    presets: z.array(z.string().max(100)).max(50).optional(),
  })
  .passthrough();

const presetBody = z.object({
  name: z.string({ required_error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
  description: z.string({ required_error: 'Description is required' }).trim().min(1, 'Description is required').max(1000),
  catalog_item_ids: z.array(uuid).max(2000).default([]),
  is_default: z.boolean().default(false),
  active: z.boolean().default(true),
});

const page = (size: number) =>
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(200).default(size),
    search: z.string().max(200).default(''),
  });

/** Runs `work` as the caller after checking, in the database, that they are a super admin. */
export function asSuperAdmin(deps: ApiDeps) {
  return async <T>(c: Context<ApiEnv>, work: (tx: Tx) => Promise<T>): Promise<T> =>
    asUser(deps.sql, c.get('claims'), async (tx) => {
      const [{ ok }] = await tx<{ ok: boolean }[]>`select private.is_super_admin() as ok`;
      if (!ok) throw new HttpError(403, "You don't have permission to access this area");
      return work(tx);
    });
}

async function setPresetItems(tx: Tx, presetId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = await tx`select id from public.catalog_items where id = any(${unique}::uuid[])`;
  if (found.length !== unique.length) throw new HttpError(400, 'Some catalog items do not exist.');
  await tx`delete from public.preset_items where preset_id = ${presetId}`;
  if (unique.length) {
    await tx`insert into public.preset_items (preset_id, catalog_item_id, position)
             select ${presetId}, id, ord from unnest(${unique}::uuid[]) with ordinality u(id, ord)`;
  }
}

/** Admin portal: catalog items and checklist presets (docs/product.md §7). */
export function adminCatalogRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const admin = asSuperAdmin(deps);
  const idParam = (c: Context<ApiEnv>, what: string) => {
    const id = c.req.param('id') ?? '';
    if (!uuid.safeParse(id).success) throw new HttpError(404, `${what} not found`);
    return id;
  };

  app.get('/catalog', async (c) => {
    const q = parseOrThrow(
      page(20).extend({
        active_only: z.enum(['true', 'false']).default('false'),
        category: z.enum(CATALOG_CATEGORIES).or(z.literal('')).default(''),
      }),
      c.req.query(),
    );
    return c.json(await admin(c, (tx) => listCatalog(tx, q)));
  });

  const loadCatalogItem = async (tx: Tx, id: string) => {
    const [row] = await tx`select id, code, title, description, category, subcategory, version, active, requirements, ai_checks,
      coalesce((select array_agg(p.name order by p.name) from public.preset_items pi join public.checklist_presets p on p.id = pi.preset_id
                where pi.catalog_item_id = ci.id), '{}') as presets
      from public.catalog_items ci where id = ${id}`;
    if (!row) throw new HttpError(404, 'Catalog item not found');
    return row;
  };

  const linkPresets = async (tx: Tx, itemId: string, names: string[] | undefined) => {
    if (!names) return;
    const presets = await tx<
      { id: string }[]
    >`select id from public.checklist_presets where lower(name) = any(${names.map((n) => n.toLowerCase())}::text[])`;
    await tx`delete from public.preset_items where catalog_item_id = ${itemId} and not (preset_id = any(${presets.map((p) => p.id)}::uuid[]))`;
    for (const p of presets) {
      await tx`insert into public.preset_items (preset_id, catalog_item_id, position)
               values (${p.id}, ${itemId}, (select coalesce(max(position), 0) + 1 from public.preset_items where preset_id = ${p.id}))
               on conflict do nothing`;
    }
  };

  app.post('/catalog', async (c) => {
    const body = await readJson(c, catalogItem);
    return c.json(
      await admin(c, async (tx) => {
        const [clash] = await tx`select 1 from public.catalog_items where code = ${body.code}`;
        if (clash) throw new HttpError(409, `A catalog item with code ${body.code} already exists`);
        const [row] = await tx<{ id: string }[]>`
        insert into public.catalog_items (code, title, description, category, subcategory, requirements, ai_checks, active)
        values (${body.code}, ${body.title}, ${body.description}, ${body.category}, ${body.subcategory ?? null},
                ${tx.json(body.requirements as never)}, ${tx.json(body.ai_checks as never)}, ${body.active})
        returning id`;
        await linkPresets(tx, row.id, body.presets ?? ['Default']);
        return loadCatalogItem(tx, row.id);
      }),
      201,
    );
  });

  // The form sends the full object; the code of an existing item never changes.
  app.put('/catalog/:id', async (c) => {
    const body = await readJson(c, catalogItem.partial({ code: true }));
    return c.json(
      await admin(c, async (tx) => {
        const id = idParam(c, 'Catalog item');
        const current = await loadCatalogItem(tx, id);
        if (body.code && body.code !== current.code) throw new HttpError(400, 'The code of a catalog item cannot be changed');
        await tx`
        update public.catalog_items set title = ${body.title}, description = ${body.description}, category = ${body.category},
          subcategory = ${body.subcategory ?? null}, requirements = ${tx.json(body.requirements as never)},
          ai_checks = ${tx.json(body.ai_checks as never)}, active = ${body.active}, version = version + 1, updated_at = now()
        where id = ${id}`;
        await linkPresets(tx, id, body.presets);
        return loadCatalogItem(tx, id);
      }),
    );
  });

  app.post('/catalog/:id/toggle-active', async (c) =>
    c.json(
      await admin(c, async (tx) => {
        const id = idParam(c, 'Catalog item');
        const [row] =
          await tx`update public.catalog_items set active = not active, updated_at = now() where id = ${id} returning active`;
        if (!row) throw new HttpError(404, 'Catalog item not found');
        return loadCatalogItem(tx, id);
      }),
    ),
  );

  app.delete('/catalog/:id', async (c) =>
    c.json(
      await admin(c, async (tx) => {
        const id = idParam(c, 'Catalog item');
        const [row] = await tx`delete from public.catalog_items where id = ${id} returning id`;
        if (!row) throw new HttpError(404, 'Catalog item not found');
        return { id, deleted: true };
      }),
    ),
  );

  // deno-lint-ignore no-explicit-any
  const presetRow = (tx: Tx, where: any) => tx`
    select p.id, p.name, p.description, p.is_default, p.active, p.created_at, p.updated_at,
           (select count(*)::int from public.preset_items pi where pi.preset_id = p.id) as item_count,
           coalesce((select array_agg(pi.catalog_item_id order by pi.position) from public.preset_items pi where pi.preset_id = p.id), '{}') as catalog_item_ids
    from public.checklist_presets p where ${where}`;

  app.get('/presets', async (c) => {
    const q = parseOrThrow(page(20), c.req.query());
    const pattern = likePattern(q.search);
    return c.json(
      await admin(c, async (tx) => {
        const presets = await tx`
        select * from (${presetRow(tx, tx`lower(p.name) like ${pattern} or lower(p.description) like ${pattern}`)}) x
        order by is_default desc, lower(name) limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`;
        const [{ total }] = await tx<{ total: number }[]>`
        select count(*)::int as total from public.checklist_presets p where lower(p.name) like ${pattern} or lower(p.description) like ${pattern}`;
        return { presets, total_count: total };
      }),
    );
  });

  const loadPreset = async (tx: Tx, id: string): Promise<Record<string, any>> => {
    const [preset] = await presetRow(tx, tx`p.id = ${id}`);
    if (!preset) throw new HttpError(404, 'Preset not found');
    const catalogItems = await tx`
      select ci.id, ci.title, ci.code, ci.category, ci.description from public.preset_items pi
      join public.catalog_items ci on ci.id = pi.catalog_item_id where pi.preset_id = ${id} order by pi.position`;
    return { ...preset, catalog_items: catalogItems };
  };

  app.get('/presets/:id', async (c) => c.json(await admin(c, (tx) => loadPreset(tx, idParam(c, 'Preset')))));

  // Two statements, the old default cleared first: the one-default unique index is checked row by row,
  // so flipping both rows in one statement fails whenever the new default's row happens to come first.
  // The deferred one-default trigger sees only the end state.
  const makeDefault = async (tx: Tx, id: string) => {
    await tx`update public.checklist_presets set is_default = false, updated_at = now() where is_default and id <> ${id}`;
    await tx`update public.checklist_presets set is_default = true, updated_at = now() where id = ${id} and not is_default`;
  };
  const INACTIVE_DEFAULT = 'An inactive preset cannot be the default';

  app.post('/presets', async (c) => {
    const body = await readJson(c, presetBody);
    if (body.is_default && !body.active) throw new HttpError(400, INACTIVE_DEFAULT);
    return c.json(
      await admin(c, async (tx) => {
        const [clash] = await tx`select 1 from public.checklist_presets where lower(name) = lower(${body.name})`;
        if (clash) throw new HttpError(409, `A preset named "${body.name}" already exists`);
        const [row] = await tx<{ id: string }[]>`
        insert into public.checklist_presets (name, description, active) values (${body.name}, ${body.description}, ${body.active}) returning id`;
        await setPresetItems(tx, row.id, body.catalog_item_ids);
        if (body.is_default) await makeDefault(tx, row.id);
        return loadPreset(tx, row.id);
      }),
      201,
    );
  });

  app.put('/presets/:id', async (c) => {
    const body = await readJson(c, presetBody);
    if (body.is_default && !body.active) throw new HttpError(400, INACTIVE_DEFAULT);
    return c.json(
      await admin(c, async (tx) => {
        const id = idParam(c, 'Preset');
        const current = await loadPreset(tx, id);
        const [clash] = await tx`select 1 from public.checklist_presets where lower(name) = lower(${body.name}) and id <> ${id}`;
        if (clash) throw new HttpError(409, `A preset named "${body.name}" already exists`);
        if (current.is_default && !body.is_default) {
          throw new HttpError(400, 'Make another preset the default first: there is always exactly one default preset');
        }
        await tx`update public.checklist_presets set name = ${body.name}, description = ${body.description},
                 active = ${body.active}, updated_at = now() where id = ${id}`;
        await setPresetItems(tx, id, body.catalog_item_ids);
        if (body.is_default) await makeDefault(tx, id);
        return loadPreset(tx, id);
      }),
    );
  });

  app.post('/presets/:id/set-default', async (c) =>
    c.json(
      await admin(c, async (tx) => {
        const id = idParam(c, 'Preset');
        const preset = await loadPreset(tx, id);
        if (!preset.active) throw new HttpError(400, INACTIVE_DEFAULT);
        await makeDefault(tx, id);
        return loadPreset(tx, id);
      }),
    ),
  );

  app.delete('/presets/:id', async (c) =>
    c.json(
      await admin(c, async (tx) => {
        const id = idParam(c, 'Preset');
        const preset = await loadPreset(tx, id);
        if (preset.is_default) throw new HttpError(400, 'Cannot delete the default preset');
        await tx`delete from public.checklist_presets where id = ${id}`;
        return { id, deleted: true };
      }),
    ),
  );

  return app;
}
