import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiDeps, ApiEnv } from '../context.ts';
import { asUser } from '../db.ts';
import { parseOrThrow } from '../validate.ts';

const listQuery = z.object({
  active_only: z.enum(['true', 'false']).default('false'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
  search: z.string().max(200).default(''),
});

export function catalogRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  app.get('/presets', async (c) => {
    const q = parseOrThrow(listQuery, c.req.query());
    const activeOnly = q.active_only === 'true';
    const pattern = `%${q.search.replace(/[\\%_]/g, '\\$&')}%`;
    const result = await asUser(deps.sql, c.get('claims'), async (tx) => {
      const presets = await tx`
        select id, name, description, is_default, active
        from public.checklist_presets
        where (not ${activeOnly} or active) and name ilike ${pattern}
        order by is_default desc, name
        limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`;
      const [{ total }] = await tx<{ total: number }[]>`
        select count(*)::int as total from public.checklist_presets
        where (not ${activeOnly} or active) and name ilike ${pattern}`;
      return { presets, total_count: total };
    });
    return c.json(result);
  });

  return app;
}
