import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiDeps, ApiEnv } from '../context.ts';
import { asUser } from '../db.ts';
import { parseOrThrow } from '../validate.ts';
import { dealIdParam, loadDeal } from './deals.ts';

const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
  search: z.string().trim().max(200).default(''),
  status: z.enum(['active', 'inactive', 'suspended', '']).default(''),
});

/**
 * The deal's members as the file permissions dialog needs them. The people-and-permissions issue
 * extends this list (groups, tags, permission sets, effective permissions) and adds the rest.
 */
export function peopleRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  app.get('/:dealId/users-enhanced', async (c) => {
    const claims = c.get('claims');
    const dealId = dealIdParam(c.req.param('dealId'));
    const q = parseOrThrow(listQuery, c.req.query());
    const pattern = `%${q.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
    const result = await asUser(deps.sql, claims, async (tx) => {
      await loadDeal(tx, dealId, claims.sub);
      const where = tx`
        m.deal_id = ${dealId}
        and (${q.status} = '' or m.status = ${q.status})
        and (lower(p.email) like ${pattern} or lower(p.first_name || ' ' || p.last_name) like ${pattern}
             or lower(coalesce(m.company, '')) like ${pattern})`;
      const users = await tx`
        select m.user_id, p.email, p.first_name, p.last_name, m.company, m.role, m.status,
               (d.owner_id = m.user_id) as is_owner, p.last_active_at, m.joined_at,
               '[]'::json as groups, '[]'::json as tags
        from public.deal_members m
        join public.profiles p on p.id = m.user_id
        join public.deals d on d.id = m.deal_id
        where ${where}
        order by (d.owner_id = m.user_id) desc, lower(p.email)
        limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`;
      const [{ total }] = await tx<{ total: number }[]>`
        select count(*)::int as total from public.deal_members m join public.profiles p on p.id = m.user_id where ${where}`;
      return { users, total_count: total, page: q.page, page_size: q.page_size };
    });
    return c.json(result);
  });

  return app;
}
