import { type Context, Hono } from 'hono';
import type { ApiDeps, ApiEnv } from '../../context.ts';
import type { Tx } from '../../db.ts';
import { HttpError } from '../../errors.ts';
import { readJson } from '../../validate.ts';
import { capabilityObject, requireManage, resolveSet, peopleScope } from './common.ts';
import { groupBody, setBody, tagBody, uuid } from '../../contracts/people.ts';

/** A deal's permission sets, groups and tags (docs/product.md §7 People). */
export function accessRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const run = peopleScope(deps);
  // Permission sets: the system ones and the deal's own.
  app.get('/:dealId/permissions/sets', async (c) =>
    c.json(
      await run(c, async (tx, access) => {
        const rows = await tx`
      select ps.id, ps.name, ps.description, ps.capabilities, case when ps.deal_id is null then 'system' else 'custom' end as type,
             (select count(*)::int from public.deal_members m where m.deal_id = ${access.dealId} and m.permission_set_id = ps.id) as user_count,
             (select count(*)::int from public.deal_groups g where g.deal_id = ${access.dealId} and g.permission_set_id = ps.id) as group_count
      from public.permission_sets ps where ps.deal_id is null or ps.deal_id = ${access.dealId}
      order by ps.deal_id nulls first, lower(ps.name)`;
        return rows.map((r) => ({ ...r, capabilities: capabilityObject(r.capabilities as string[]) }));
      }),
    ),
  );

  const setIdParam = (c: Context<ApiEnv>) => {
    const id = c.req.param('setId') ?? '';
    if (!uuid.safeParse(id).success) throw new HttpError(404, 'Permission set not found.');
    return id;
  };

  const loadCustomSet = async (tx: Tx, dealId: string, id: string) => {
    const [set] =
      await tx`select id, deal_id from public.permission_sets where id = ${id} and (deal_id = ${dealId} or deal_id is null)`;
    if (!set) throw new HttpError(404, 'Permission set not found.');
    if (!set.deal_id) throw new HttpError(403, 'System permission sets are managed in the admin portal.');
    return set;
  };

  app.post('/:dealId/permissions/sets', async (c) => {
    const body = await readJson(c, setBody);
    return c.json(
      await run(c, async (tx, access) => {
        requireManage(access);
        const [clash] =
          await tx`select 1 from public.permission_sets where (deal_id = ${access.dealId} or deal_id is null) and lower(name) = lower(${body.name})`;
        if (clash) throw new HttpError(409, `A permission set named "${body.name}" already exists.`);
        const [row] = await tx`
        insert into public.permission_sets (deal_id, name, description, capabilities)
        values (${access.dealId}, ${body.name}, ${body.description}, ${body.capabilities}::text[]) returning id, name, description, capabilities`;
        return { ...row, type: 'custom', user_count: 0, capabilities: capabilityObject(row.capabilities as string[]) };
      }),
      201,
    );
  });

  app.put('/:dealId/permissions/sets/:setId', async (c) => {
    const body = await readJson(c, setBody);
    return c.json(
      await run(c, async (tx, access) => {
        requireManage(access);
        const id = setIdParam(c);
        await loadCustomSet(tx, access.dealId, id);
        const [clash] =
          await tx`select 1 from public.permission_sets where (deal_id = ${access.dealId} or deal_id is null) and lower(name) = lower(${body.name}) and id <> ${id}`;
        if (clash) throw new HttpError(409, `A permission set named "${body.name}" already exists.`);
        const [row] = await tx`
        update public.permission_sets set name = ${body.name}, description = ${body.description}, capabilities = ${body.capabilities}::text[]
        where id = ${id} returning id, name, description, capabilities`;
        return { ...row, type: 'custom', capabilities: capabilityObject(row.capabilities as string[]) };
      }),
    );
  });

  app.delete('/:dealId/permissions/sets/:setId', async (c) =>
    c.json(
      await run(c, async (tx, access) => {
        requireManage(access);
        const id = setIdParam(c);
        await loadCustomSet(tx, access.dealId, id);
        const [use] = await tx<{ n: number }[]>`
      select (select count(*) from public.deal_members where permission_set_id = ${id})
           + (select count(*) from public.deal_groups where permission_set_id = ${id})
           + (select count(*) from public.invitations where permission_set_id = ${id} and status = 'pending') as n`;
        if (Number(use.n) > 0)
          throw new HttpError(409, 'This permission set is still used by members, groups or pending invitations.');
        try {
          await tx`delete from public.permission_sets where id = ${id}`;
        } catch (err) {
          // Answered invitations keep their set (invitations.permission_set_id is `on delete restrict`).
          if ((err as { code?: string }).code === '23503') {
            throw new HttpError(409, 'This permission set is recorded on past invitations of this deal and cannot be deleted.');
          }
          throw err;
        }
        return { id, deleted: true };
      }),
    ),
  );

  // Groups and tags.
  const groupsOf = (tx: Tx, dealId: string) => tx`
    select g.id, g.name, g.description, g.color, g.permission_set_id, ps.name as permission_set_name,
           (select count(*)::int from public.deal_group_members gm where gm.group_id = g.id) as member_count
    from public.deal_groups g left join public.permission_sets ps on ps.id = g.permission_set_id
    where g.deal_id = ${dealId} order by lower(g.name)`;
  const tagsOf = (tx: Tx, dealId: string) => tx`
    select t.id, t.name, t.color, (select count(*)::int from public.deal_member_tags mt where mt.tag_id = t.id) as member_count
    from public.deal_tags t where t.deal_id = ${dealId} order by lower(t.name)`;

  app.get('/:dealId/permissions/groups', async (c) => c.json(await run(c, (tx, access) => groupsOf(tx, access.dealId))));
  app.get('/:dealId/permissions/tags', async (c) => c.json(await run(c, (tx, access) => tagsOf(tx, access.dealId))));

  const itemParam = (c: Context<ApiEnv>, what: string) => {
    const id = c.req.param('itemId') ?? '';
    if (!uuid.safeParse(id).success) throw new HttpError(404, `${what} not found.`);
    return id;
  };

  app.post('/:dealId/permissions/groups', async (c) => {
    const body = await readJson(c, groupBody);
    return c.json(
      await run(c, async (tx, access) => {
        requireManage(access);
        const setId = body.permission_set_id ? await resolveSet(tx, access.dealId, body.permission_set_id) : null;
        const [clash] =
          await tx`select 1 from public.deal_groups where deal_id = ${access.dealId} and lower(name) = lower(${body.name})`;
        if (clash) throw new HttpError(409, `A group named "${body.name}" already exists.`);
        const [row] = await tx<{ id: string }[]>`
        insert into public.deal_groups (deal_id, name, description, permission_set_id, color)
        values (${access.dealId}, ${body.name}, ${body.description}, ${setId}, ${body.color.toUpperCase()}) returning id`;
        return (await groupsOf(tx, access.dealId)).find((g) => g.id === row.id);
      }),
      201,
    );
  });

  app.put('/:dealId/permissions/groups/:itemId', async (c) => {
    const body = await readJson(c, groupBody);
    return c.json(
      await run(c, async (tx, access) => {
        requireManage(access);
        const id = itemParam(c, 'Group');
        const setId = body.permission_set_id ? await resolveSet(tx, access.dealId, body.permission_set_id) : null;
        const [clash] =
          await tx`select 1 from public.deal_groups where deal_id = ${access.dealId} and lower(name) = lower(${body.name}) and id <> ${id}`;
        if (clash) throw new HttpError(409, `A group named "${body.name}" already exists.`);
        const updated = await tx`
        update public.deal_groups set name = ${body.name}, description = ${body.description}, permission_set_id = ${setId},
          color = ${body.color.toUpperCase()} where id = ${id} and deal_id = ${access.dealId} returning id`;
        if (!updated.length) throw new HttpError(404, 'Group not found.');
        return (await groupsOf(tx, access.dealId)).find((g) => g.id === id);
      }),
    );
  });

  app.delete('/:dealId/permissions/groups/:itemId', async (c) =>
    c.json(
      await run(c, async (tx, access) => {
        requireManage(access);
        const id = itemParam(c, 'Group');
        const deleted = await tx`delete from public.deal_groups where id = ${id} and deal_id = ${access.dealId} returning id`;
        if (!deleted.length) throw new HttpError(404, 'Group not found.');
        return { id, deleted: true };
      }),
    ),
  );

  app.post('/:dealId/permissions/tags', async (c) => {
    const body = await readJson(c, tagBody);
    return c.json(
      await run(c, async (tx, access) => {
        requireManage(access);
        const [clash] =
          await tx`select 1 from public.deal_tags where deal_id = ${access.dealId} and lower(name) = lower(${body.name})`;
        if (clash) throw new HttpError(409, `A tag named "${body.name}" already exists.`);
        const [row] = await tx<{ id: string }[]>`
        insert into public.deal_tags (deal_id, name, color) values (${access.dealId}, ${body.name}, ${body.color.toUpperCase()}) returning id`;
        return (await tagsOf(tx, access.dealId)).find((t) => t.id === row.id);
      }),
      201,
    );
  });

  app.put('/:dealId/permissions/tags/:itemId', async (c) => {
    const body = await readJson(c, tagBody);
    return c.json(
      await run(c, async (tx, access) => {
        requireManage(access);
        const id = itemParam(c, 'Tag');
        const [clash] =
          await tx`select 1 from public.deal_tags where deal_id = ${access.dealId} and lower(name) = lower(${body.name}) and id <> ${id}`;
        if (clash) throw new HttpError(409, `A tag named "${body.name}" already exists.`);
        const updated = await tx`update public.deal_tags set name = ${body.name}, color = ${body.color.toUpperCase()}
                               where id = ${id} and deal_id = ${access.dealId} returning id`;
        if (!updated.length) throw new HttpError(404, 'Tag not found.');
        return (await tagsOf(tx, access.dealId)).find((t) => t.id === id);
      }),
    );
  });

  app.delete('/:dealId/permissions/tags/:itemId', async (c) =>
    c.json(
      await run(c, async (tx, access) => {
        requireManage(access);
        const id = itemParam(c, 'Tag');
        const deleted = await tx`delete from public.deal_tags where id = ${id} and deal_id = ${access.dealId} returning id`;
        if (!deleted.length) throw new HttpError(404, 'Tag not found.');
        return { id, deleted: true };
      }),
    ),
  );

  return app;
}
