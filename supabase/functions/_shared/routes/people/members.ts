import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import type { ApiDeps, ApiEnv } from '../../context.ts';
import type { Tx } from '../../db.ts';
import { HttpError } from '../../errors.ts';
import { parseOrThrow, readJson } from '../../validate.ts';
import {
  ADMIN_ROLE_DENIED,
  checkIds,
  dealAccess,
  loadMember,
  membersQuery,
  requireManage,
  resolveSet,
  shapeMember,
  peopleScope,
} from './common.ts';
import { bulkUpdate, listQuery, memberPart1Body, memberUpdate, uuid } from '../../contracts/people.ts';

/** How many members of a deal match `where` (a condition on members m and profiles p), as the caller sees them. */
// deno-lint-ignore no-explicit-any
async function countMembers(tx: Tx, dealId: string, where: any): Promise<number> {
  const [{ total }] = await tx<{ total: number }[]>`
    select count(*)::int as total from public.deal_members m join public.profiles p on p.id = m.user_id
    where m.deal_id = ${dealId} and ${where}`;
  return total;
}

/** A deal's members: the two generations of list, companies, edits, removal and bulk updates (docs/product.md §7 People). */
export function memberRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const run = peopleScope(deps);

  app.get('/:dealId/users-enhanced', async (c) => {
    const q = parseOrThrow(listQuery, c.req.query());
    const pattern = `%${q.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
    return c.json(
      await run(c, async (tx, access) => {
        const where = tx`
        (${q.status} = '' or m.status = ${q.status})
        and (${q.search} = '' or lower(p.email) like ${pattern} or lower(p.first_name || ' ' || p.last_name) like ${pattern}
             or lower(coalesce(m.company, '')) like ${pattern})
        and (${q.group_id ?? null}::uuid is null or exists (select 1 from public.deal_group_members gm
             where gm.deal_id = m.deal_id and gm.user_id = m.user_id and gm.group_id = ${q.group_id ?? null}))
        and (${q.tag_id ?? null}::uuid is null or exists (select 1 from public.deal_member_tags mt
             where mt.deal_id = m.deal_id and mt.user_id = m.user_id and mt.tag_id = ${q.tag_id ?? null}))`;
        const offset = (q.page - 1) * q.page_size;
        const rows = await membersQuery(tx, access.dealId, where, q.page_size, offset);
        // Each row carries the count; a page past the end has no row to carry it.
        const total =
          rows.length > 0 || offset === 0 ? (rows[0]?.total_count ?? 0) : await countMembers(tx, access.dealId, where);
        return {
          users: rows.map(shapeMember),
          total_count: total,
          page: q.page,
          page_size: q.page_size,
          can_manage: access.manage && !access.deal.archived_at,
          // Whether the caller may grant and revoke the admin role (docs/decisions.md decision 34).
          can_manage_admins: access.admin && !access.deal.archived_at,
        };
      }),
    );
  });

  // Part 1's form of the member list.
  app.get('/:dealId/users', async (c) =>
    c.json(
      await run(c, async (tx, access) => {
        const rows = await membersQuery(tx, access.dealId, tx`true`, 10000, 0);
        return rows.map((r) => ({
          id: r.user_id,
          email: r.email,
          first_name: r.first_name,
          last_name: r.last_name,
          company: r.company,
          permission_set: r.permission_set,
          role: r.display_role,
          is_owner: r.is_owner,
          status: r.status,
        }));
      }),
    ),
  );

  app.get('/:dealId/companies', async (c) =>
    c.json(
      await run(c, async (tx, access) => {
        const rows = await tx<{ company: string }[]>`
      select distinct company from (
        select btrim(company) as company from public.deal_members where deal_id = ${access.dealId}
        union select btrim(company) from public.invitations where deal_id = ${access.dealId}) c
      where company is not null and company <> '' order by company`;
        return { companies: rows.map((r) => r.company) };
      }),
    ),
  );

  const updateMember = async (
    tx: Tx,
    access: Awaited<ReturnType<typeof dealAccess>>,
    userId: string,
    body: z.infer<typeof memberUpdate>,
  ) => {
    requireManage(access);
    if (userId === access.deal.owner_id) throw new HttpError(403, 'The deal owner cannot be edited.');
    const member: Record<string, unknown> = await loadMember(tx, access.dealId, userId);
    if (body.role && !access.admin) throw new HttpError(403, ADMIN_ROLE_DENIED);
    if (body.group_ids) await checkIds(tx, access.dealId, 'deal_groups', body.group_ids);
    if (body.tag_ids) await checkIds(tx, access.dealId, 'deal_tags', body.tag_ids);
    const setId = body.permission_set_id ? await resolveSet(tx, access.dealId, body.permission_set_id) : null;
    // 'member' revokes the admin role; a legacy contributor or viewer keeps their badge (decision 34).
    const newRole = body.role === 'admin' || (body.role === 'member' && member.role === 'admin') ? body.role : null;
    // A member who is no longer admin holds only their set's rights, so revoking needs one.
    if (newRole === 'member' && !setId && !member.permission_set_id) throw new HttpError(400, 'Please select a permission set');
    // The database refuses a revocation that leaves the deal without an active admin (409).
    await tx`
      update public.deal_members set
        permission_set_id = coalesce(${setId}, permission_set_id),
        role = case when ${newRole}::text is not null then ${newRole}
                    when ${setId}::uuid is not null and role <> 'admin' then 'member' else role end,
        company = case when ${body.company !== undefined} then ${body.company ?? null} else company end,
        status = coalesce(${body.status ?? null}, status)
      where deal_id = ${access.dealId} and user_id = ${userId}`;
    if (body.group_ids) {
      await tx`delete from public.deal_group_members where deal_id = ${access.dealId} and user_id = ${userId}
               and not (group_id = any(${body.group_ids}::uuid[]))`;
      await tx`insert into public.deal_group_members (group_id, deal_id, user_id)
               select unnest(${body.group_ids}::uuid[]), ${access.dealId}, ${userId} on conflict do nothing`;
    }
    if (body.tag_ids) {
      await tx`delete from public.deal_member_tags where deal_id = ${access.dealId} and user_id = ${userId}
               and not (tag_id = any(${body.tag_ids}::uuid[]))`;
      await tx`insert into public.deal_member_tags (tag_id, deal_id, user_id)
               select unnest(${body.tag_ids}::uuid[]), ${access.dealId}, ${userId} on conflict do nothing`;
    }
    return loadMember(tx, access.dealId, userId);
  };

  const memberParam = (c: Context<ApiEnv>) => {
    const id = c.req.param('userId') ?? '';
    if (!uuid.safeParse(id).success) throw new HttpError(404, 'That user is not a member of this deal.');
    return id;
  };

  app.put('/:dealId/users/:userId/enhanced', async (c) => {
    const body = await readJson(c, memberUpdate);
    return c.json(await run(c, (tx, access) => updateMember(tx, access, memberParam(c), body)));
  });

  // Part 1's form: {permission_set (name or id), company}. There "Admin" is one of the choices: it grants
  // the admin role, and another set chosen for an admin revokes it (docs/decisions.md decision 34).
  app.put('/:dealId/users/:userId', async (c) => {
    const body = await readJson(c, memberPart1Body);
    return c.json(
      await run(c, async (tx, access) => {
        const userId = memberParam(c);
        if (body.permission_set?.toLowerCase() === 'admin')
          return updateMember(tx, access, userId, { role: 'admin', company: body.company });
        const setId = body.permission_set ? await resolveSet(tx, access.dealId, body.permission_set) : undefined;
        const [current] = setId
          ? await tx<
              { role: string }[]
            >`select role from public.deal_members where deal_id = ${access.dealId} and user_id = ${userId}`
          : [];
        return updateMember(tx, access, userId, {
          permission_set_id: setId,
          company: body.company,
          ...(current?.role === 'admin' ? { role: 'member' as const } : {}),
        });
      }),
    );
  });

  app.delete('/:dealId/users/:userId', async (c) =>
    c.json(
      await run(c, async (tx, access) => {
        requireManage(access);
        const userId = memberParam(c);
        if (userId === access.deal.owner_id) throw new HttpError(403, 'The deal owner cannot be removed.');
        await loadMember(tx, access.dealId, userId);
        await tx`delete from public.deal_members where deal_id = ${access.dealId} and user_id = ${userId}`;
        return { user_id: userId, removed: true };
      }),
    ),
  );

  app.post('/:dealId/users/bulk-update', async (c) => {
    const body = await readJson(c, bulkUpdate);
    const ops = (['permission_set_id', 'add_group_ids', 'remove_group_ids', 'add_tag_ids', 'remove_tag_ids'] as const).filter(
      (op) => body[op] !== undefined,
    );
    if (ops.length !== 1)
      throw new HttpError(
        400,
        'Send exactly one of permission_set_id, add_group_ids, remove_group_ids, add_tag_ids or remove_tag_ids.',
      );
    return c.json(
      await run(c, async (tx, access) => {
        requireManage(access);
        if (body.add_group_ids || body.remove_group_ids)
          await checkIds(tx, access.dealId, 'deal_groups', body.add_group_ids ?? body.remove_group_ids ?? []);
        if (body.add_tag_ids || body.remove_tag_ids)
          await checkIds(tx, access.dealId, 'deal_tags', body.add_tag_ids ?? body.remove_tag_ids ?? []);
        // A set that cannot be used in this deal is refused up front, like foreign groups and tags.
        const setId = body.permission_set_id ? await resolveSet(tx, access.dealId, body.permission_set_id) : null;
        let success = 0;
        const failed: { user_id: string; reason: string }[] = [];
        for (const userId of new Set(body.user_ids)) {
          try {
            await tx.savepoint(async (sp) => {
              if (userId === access.deal.owner_id) throw new HttpError(403, 'The deal owner cannot be changed.');
              const [m] = await sp`select 1 from public.deal_members where deal_id = ${access.dealId} and user_id = ${userId}`;
              if (!m) throw new HttpError(404, 'not a member');
              if (setId) {
                await sp`update public.deal_members set permission_set_id = ${setId},
                         role = case when role <> 'admin' then 'member' else role end
                       where deal_id = ${access.dealId} and user_id = ${userId}`;
              } else if (body.add_group_ids) {
                await sp`insert into public.deal_group_members (group_id, deal_id, user_id)
                       select unnest(${body.add_group_ids}::uuid[]), ${access.dealId}, ${userId} on conflict do nothing`;
              } else if (body.remove_group_ids) {
                await sp`delete from public.deal_group_members where deal_id = ${access.dealId} and user_id = ${userId}
                       and group_id = any(${body.remove_group_ids}::uuid[])`;
              } else if (body.add_tag_ids) {
                await sp`insert into public.deal_member_tags (tag_id, deal_id, user_id)
                       select unnest(${body.add_tag_ids}::uuid[]), ${access.dealId}, ${userId} on conflict do nothing`;
              } else if (body.remove_tag_ids) {
                await sp`delete from public.deal_member_tags where deal_id = ${access.dealId} and user_id = ${userId}
                       and tag_id = any(${body.remove_tag_ids}::uuid[])`;
              }
            });
            success++;
          } catch (err) {
            failed.push({ user_id: userId, reason: err instanceof Error ? err.message : 'failed' });
          }
        }
        return { success_count: success, failed_count: failed.length, failed };
      }),
    );
  });

  return app;
}
