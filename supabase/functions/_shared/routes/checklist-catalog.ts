import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { ApiDeps, ApiEnv } from '../context.ts';
import { asUser } from '../db.ts';
import { HttpError } from '../errors.ts';
import { likePattern, parseOrThrow, readJson } from '../validate.ts';
import type { dealChecklistRoutes } from './checklist/deal-checklist.ts';
import { listCatalog } from '../catalog.ts';
import { CATALOG_CATEGORIES } from '../contracts/catalog.ts';

const listQuery = z.object({
  active_only: z.enum(['true', 'false']).default('false'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
  search: z.string().max(200).default(''),
  category: z.enum(CATALOG_CATEGORIES).or(z.literal('')).default(''),
});

const addToDeal = z.object({
  catalog_item_id: z
    .string({ required_error: 'Please select an item and target category' })
    .uuid('Please select an item and target category'),
  category_id: z
    .string({ required_error: 'Please select an item and target category' })
    .uuid('Please select an item and target category'),
  title_override: z.string().trim().max(300).nullish(),
  description_override: z.string().trim().max(5000).nullish(),
});

export function catalogRoutes(deps: ApiDeps, checklist: ReturnType<typeof dealChecklistRoutes>) {
  const app = new Hono<ApiEnv>();

  app.get('/presets', async (c) => {
    const q = parseOrThrow(listQuery, c.req.query());
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
    const q = parseOrThrow(listQuery, c.req.query());
    return c.json(await asUser(deps.sql, c.get('claims'), (tx) => listCatalog(tx, q)));
  });

  // Blank overrides mean the catalog's own title and description.
  app.post('/add-to-deal/:dealId', async (c: Context<ApiEnv>) => {
    const body = await readJson(c, addToDeal);
    const item = await checklist.withDeal(c, async (tx, ctx) => {
      const [entry] = await tx`
        select id, code, title, description, requirements from public.catalog_items where id = ${body.catalog_item_id} and active`;
      if (!entry) throw new HttpError(400, 'That catalog item does not exist or is inactive');
      return checklist.insertItem(tx, ctx, {
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
