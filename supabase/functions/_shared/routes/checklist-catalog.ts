import { type Context, Hono } from 'hono';
import type { ApiDeps, ApiEnv } from '../context.ts';
import { asUser } from '../db.ts';
import { HttpError } from '../errors.ts';
import { likePattern, parseOrThrow, readJson } from '../validate.ts';
import { listCatalog } from '../catalog.ts';
import { insertItem } from '../checklist-items.ts';
import { withDeal } from '../deal-scope.ts';
import { addToDealBody, catalogListQuery } from '../contracts/checklist.ts';

/** The checklist catalog and its presets, and adding a catalog item to a deal (docs/product.md §3 Catalog item). */
export function checklistCatalogRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  app.get('/presets', async (c) => {
    const q = parseOrThrow(catalogListQuery, c.req.query());
    const activeOnly = q.active_only === 'true';
    const pattern = likePattern(q.search);
    const result = await asUser(deps.sql, c.get('claims'), async (tx) => {
      const presets = await tx`
        select p.id, p.name, p.description, p.is_default, p.active,
               (select count(*)::int from public.preset_items pi join public.catalog_items ci on ci.id = pi.catalog_item_id
                 where pi.preset_id = p.id and ci.active) as item_count
        from public.checklist_presets p
        where (not ${activeOnly} or p.active) and lower(p.name) like ${pattern}
        order by p.is_default desc, lower(p.name) = 'blank', lower(p.name)
        limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`;
      const [{ total }] = await tx<{ total: number }[]>`
        select count(*)::int as total from public.checklist_presets p
        where (not ${activeOnly} or p.active) and lower(p.name) like ${pattern}`;
      return { presets, total_count: total };
    });
    return c.json(result);
  });

  app.get('/', async (c) => {
    const q = parseOrThrow(catalogListQuery, c.req.query());
    return c.json(await asUser(deps.sql, c.get('claims'), (tx) => listCatalog(tx, q)));
  });

  // Blank overrides mean the catalog's own title and description.
  app.post('/add-to-deal/:dealId', async (c: Context<ApiEnv>) => {
    const body = await readJson(c, addToDealBody);
    const item = await withDeal(deps, c, async (tx, ctx) => {
      const [entry] = await tx`
        select id, code, title, description, requirements from public.catalog_items where id = ${body.catalog_item_id} and active`;
      if (!entry) throw new HttpError(400, 'That catalog item does not exist or is inactive');
      return insertItem(tx, ctx, {
        name: body.title_override || entry.title,
        description: body.description_override || entry.description,
        category_id: body.category_id,
        status: 'in_progress',
        required: true,
        anticipated_file_count: entry.requirements?.multiple_files_expected ? 2 : 1,
        item_code: entry.code,
        catalog_item_id: entry.id,
        requirements: entry.requirements,
      });
    });
    return c.json(item, 201);
  });

  return app;
}
