import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { ApiDeps, ApiEnv } from '../context.ts';
import { asUser, type Tx } from '../db.ts';
import { DEAL_ARCHIVED, HttpError } from '../errors.ts';
import { parseOrThrow, readJson } from '../validate.ts';
import { dealIdParam, loadDeal } from '../deal-scope.ts';
import { randomToken, sha256Hex } from '../tokens.ts';

export const CAPABILITIES = ['view', 'download', 'comment', 'approve', 'upload', 'edit_files', 'edit_folders', 'edit_checklist', 'manage_users'] as const;
const COLOR = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'Colour must look like #6366F1');
const uuid = z.string().uuid();
const uuidList = z.array(uuid).max(500).default([]);

const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
  search: z.string().trim().max(200).default(''),
  status: z.enum(['active', 'inactive', 'suspended', '']).default(''),
  group_id: uuid.optional(),
  tag_id: uuid.optional(),
});

const capabilityMap = z.record(z.enum(CAPABILITIES), z.boolean())
  .transform((caps) => Object.entries(caps).filter(([, on]) => on).map(([cap]) => cap));

const setBody = z.object({
  name: z.string({ required_error: 'Please enter a name' }).trim().min(1, 'Please enter a name').max(100),
  description: z.string().trim().max(1000).default(''),
  capabilities: capabilityMap.or(z.array(z.enum(CAPABILITIES))).default({}),
});
const groupBody = z.object({
  name: z.string({ required_error: 'Please enter a group name' }).trim().min(1, 'Please enter a group name').max(100),
  description: z.string().trim().max(1000).default(''),
  permission_set_id: uuid.nullish(),
  color: COLOR.default('#6366F1'),
});
const tagBody = z.object({
  name: z.string({ required_error: 'Please enter a tag name' }).trim().min(1, 'Please enter a tag name').max(100),
  color: COLOR.default('#10B981'),
});

const memberUpdate = z.object({
  permission_set_id: uuid.optional(),
  group_ids: z.array(uuid).max(500).optional(),
  tag_ids: z.array(uuid).max(500).optional(),
  company: z.string().trim().max(200).nullish(),
  status: z.enum(['active', 'inactive', 'suspended']).optional(),
}).strict();

const bulkUpdate = z.object({
  user_ids: z.array(uuid).min(1, 'Select at least one user').max(1000),
  permission_set_id: uuid.optional(),
  add_group_ids: z.array(uuid).min(1).optional(),
  remove_group_ids: z.array(uuid).min(1).optional(),
  add_tag_ids: z.array(uuid).min(1).optional(),
  remove_tag_ids: z.array(uuid).min(1).optional(),
}).strict();

export const INVITE_DAYS = 7;

/** The deal (404 for strangers) and whether the caller may manage its people. */
async function dealAccess(tx: Tx, c: Context<ApiEnv>) {
  const userId = c.get('claims').sub;
  const dealId = dealIdParam(c.req.param('dealId') ?? '');
  const deal = await loadDeal(tx, dealId, userId);
  const [{ manage }] = await tx<{ manage: boolean }[]>`select private.has_capability(${dealId}, 'manage_users') as manage`;
  return { dealId, userId, deal, manage };
}

function requireManage(access: { manage: boolean; deal: { archived_at?: unknown } }) {
  if (access.deal.archived_at) throw new HttpError(409, DEAL_ARCHIVED);
  if (!access.manage) throw new HttpError(403, "You don't have permission to manage users in this deal.");
}

const capabilityObject = (caps: string[]) => Object.fromEntries(CAPABILITIES.map((cap) => [cap, caps.includes(cap)]));

/** Members with their set, groups, tags and effective permissions (one statement). */
// deno-lint-ignore no-explicit-any
export function membersQuery(tx: Tx, dealId: string, where: any, limit: number, offset: number) {
  return tx`
    select m.user_id, m.user_id as id, p.email, p.first_name, p.last_name, m.company, m.status, m.role,
           private.display_role(m.deal_id, m.user_id) as display_role,
           (d.owner_id = m.user_id) as is_owner, coalesce(m.last_active_at, p.last_active_at) as last_active_at, m.joined_at,
           m.permission_set_id,
           -- A deal admin reads "Admin" everywhere, whatever set they may also hold (docs/product.md §6).
           case when m.role = 'admin' then null else ps.name end as permission_set_name,
           case when m.role = 'admin' then 'admin'
                else coalesce(ps.name, case m.role when 'contributor' then 'edit' when 'viewer' then 'upload_view' end) end as permission_set,
           coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) order by lower(g.name))
                     from public.deal_group_members gm join public.deal_groups g on g.id = gm.group_id
                     where gm.deal_id = m.deal_id and gm.user_id = m.user_id), '[]') as groups,
           coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) order by lower(t.name))
                     from public.deal_member_tags mt join public.deal_tags t on t.id = mt.tag_id
                     where mt.deal_id = m.deal_id and mt.user_id = m.user_id), '[]') as tags,
           private.member_capabilities(m.deal_id, m.user_id) as capabilities
    from public.deal_members m
    join public.profiles p on p.id = m.user_id
    join public.deals d on d.id = m.deal_id
    left join public.permission_sets ps on ps.id = m.permission_set_id
    where m.deal_id = ${dealId} and ${where}
    order by (d.owner_id = m.user_id) desc, lower(p.email)
    limit ${limit} offset ${offset}`;
}

const shapeMember = (row: Record<string, any>) => {
  const { capabilities, ...rest } = row;
  return { ...rest, effective_permissions: capabilityObject(capabilities as string[]) };
};

async function resolveSet(tx: Tx, dealId: string, idOrName: string | undefined | null): Promise<string> {
  const value = idOrName ?? 'upload_view';
  const [set] = /^[0-9a-f-]{36}$/i.test(value)
    ? await tx<{ id: string }[]>`select id from public.permission_sets where id = ${value} and (deal_id is null or deal_id = ${dealId})`
    : await tx<{ id: string }[]>`select id from public.permission_sets where lower(name) = lower(${value}) and (deal_id is null or deal_id = ${dealId})
                                 order by deal_id nulls first limit 1`;
  if (!set) throw new HttpError(400, 'Please select a permission set');
  return set.id;
}

async function checkIds(tx: Tx, dealId: string, table: 'deal_groups' | 'deal_tags', ids: string[]) {
  if (!ids.length) return;
  const rows = table === 'deal_groups'
    ? await tx`select id from public.deal_groups where deal_id = ${dealId} and id = any(${ids}::uuid[])`
    : await tx`select id from public.deal_tags where deal_id = ${dealId} and id = any(${ids}::uuid[])`;
  if (rows.length !== new Set(ids).size) throw new HttpError(400, `Some ${table === 'deal_groups' ? 'groups' : 'tags'} do not belong to this deal.`);
}

async function loadMember(tx: Tx, dealId: string, userId: string) {
  const [row] = await membersQuery(tx, dealId, tx`m.user_id = ${userId}`, 1, 0);
  if (!row) throw new HttpError(404, 'That user is not a member of this deal.');
  return shapeMember(row);
}

/** Sends (or re-sends) the invitation mail through the Mail port. */
async function mailInvitation(deps: ApiDeps, tx: Tx, invitationId: string) {
  const [inv] = await tx`
    select i.email, i.expires_at, d.name as deal_name, p.email as inviter_email,
           nullif(btrim(p.first_name || ' ' || p.last_name), '') as inviter_name
    from public.invitations i join public.deals d on d.id = i.deal_id
    left join public.profiles p on p.id = i.invited_by where i.id = ${invitationId}`;
  // The link carries a fresh token (only its hash is kept; a resend replaces it): answering through
  // the link needs it, and the invitee's confirmed address (docs/access-model.md).
  const token = randomToken();
  await tx`update public.invitations set token_hash = ${await sha256Hex(token)} where id = ${invitationId}`;
  const link = new URL(`/invitations/${invitationId}`, deps.config.publicUrl);
  link.searchParams.set('email', inv.email);
  link.searchParams.set('token', token);
  await deps.mail.send({
    to: inv.email,
    subject: `You're invited to "${inv.deal_name}"`,
    body: `${inv.inviter_name ?? inv.inviter_email} invited you to the deal "${inv.deal_name}" in the data room.\n\n` +
      `Open this link, then sign in (or register with this address) to accept or decline:\n${link.toString()}\n\n` +
      `The invitation expires on ${new Date(inv.expires_at).toUTCString()}.`,
  });
}

interface InviteInput { email: string; permission_set_id: string; group_ids: string[]; tag_ids: string[]; company?: string | null }

/** Creates one invitation; returns the reason when it is skipped (existing member or pending invitation). */
async function invite(deps: ApiDeps, tx: Tx, dealId: string, userId: string, input: InviteInput): Promise<{ id?: string; skipped?: string }> {
  const [member] = await tx`
    select 1 from public.deal_members m join public.profiles p on p.id = m.user_id
    where m.deal_id = ${dealId} and lower(p.email) = ${input.email}`;
  if (member) return { skipped: 'already a member' };
  const [pending] = await tx`select 1 from public.invitations where deal_id = ${dealId} and email = ${input.email} and status = 'pending'`;
  if (pending) return { skipped: 'already invited' };
  const [row] = await tx<{ id: string }[]>`
    insert into public.invitations (deal_id, email, permission_set_id, group_ids, tag_ids, company, invited_by, expires_at)
    values (${dealId}, ${input.email}, ${input.permission_set_id}, ${input.group_ids}::uuid[], ${input.tag_ids}::uuid[],
            ${input.company ?? null}, ${userId}, now() + make_interval(days => ${INVITE_DAYS}))
    returning id`;
  await mailInvitation(deps, tx, row.id);
  return { id: row.id };
}

const emailValue = z.string().trim().toLowerCase().max(254).email();

/** Splits a pasted list on commas and newlines, keeping entries that contain '@' (docs/product.md §5). */
export function splitEmails(text: string): string[] {
  return [...new Set(text.split(/[,\n\r]+/).map((s) => s.trim().toLowerCase()).filter((s) => s.includes('@')))];
}

/** Members, groups, tags, permission sets and invitations of one deal (docs/product.md §7). */
export function peopleRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const run = <T>(c: Context<ApiEnv>, work: (tx: Tx, access: Awaited<ReturnType<typeof dealAccess>>) => Promise<T>) =>
    asUser(deps.sql, c.get('claims'), async (tx) => work(tx, await dealAccess(tx, c)));

  app.get('/:dealId/users-enhanced', async (c) => {
    const q = parseOrThrow(listQuery, c.req.query());
    const pattern = `%${q.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
    return c.json(await run(c, async (tx, access) => {
      const where = tx`
        (${q.status} = '' or m.status = ${q.status})
        and (${q.search} = '' or lower(p.email) like ${pattern} or lower(p.first_name || ' ' || p.last_name) like ${pattern}
             or lower(coalesce(m.company, '')) like ${pattern})
        and (${q.group_id ?? null}::uuid is null or exists (select 1 from public.deal_group_members gm
             where gm.deal_id = m.deal_id and gm.user_id = m.user_id and gm.group_id = ${q.group_id ?? null}))
        and (${q.tag_id ?? null}::uuid is null or exists (select 1 from public.deal_member_tags mt
             where mt.deal_id = m.deal_id and mt.user_id = m.user_id and mt.tag_id = ${q.tag_id ?? null}))`;
      const rows = await membersQuery(tx, access.dealId, where, q.page_size, (q.page - 1) * q.page_size);
      const [{ total }] = await tx<{ total: number }[]>`
        select count(*)::int as total from public.deal_members m join public.profiles p on p.id = m.user_id
        where m.deal_id = ${access.dealId} and ${where}`;
      return { users: rows.map(shapeMember), total_count: total, page: q.page, page_size: q.page_size, can_manage: access.manage && !access.deal.archived_at };
    }));
  });

  // Part 1's form of the member list.
  app.get('/:dealId/users', async (c) => c.json(await run(c, async (tx, access) => {
    const rows = await membersQuery(tx, access.dealId, tx`true`, 10000, 0);
    return rows.map((r) => ({
      id: r.user_id, email: r.email, first_name: r.first_name, last_name: r.last_name, company: r.company,
      permission_set: r.permission_set, role: r.display_role, is_owner: r.is_owner, status: r.status,
    }));
  })));

  app.get('/:dealId/companies', async (c) => c.json(await run(c, async (tx, access) => {
    const rows = await tx<{ company: string }[]>`
      select distinct company from (
        select btrim(company) as company from public.deal_members where deal_id = ${access.dealId}
        union select btrim(company) from public.invitations where deal_id = ${access.dealId}) c
      where company is not null and company <> '' order by company`;
    return { companies: rows.map((r) => r.company) };
  })));

  const updateMember = async (tx: Tx, access: Awaited<ReturnType<typeof dealAccess>>, userId: string, body: z.infer<typeof memberUpdate>) => {
    requireManage(access);
    if (userId === access.deal.owner_id) throw new HttpError(403, 'The deal owner cannot be edited.');
    await loadMember(tx, access.dealId, userId);
    if (body.group_ids) await checkIds(tx, access.dealId, 'deal_groups', body.group_ids);
    if (body.tag_ids) await checkIds(tx, access.dealId, 'deal_tags', body.tag_ids);
    const setId = body.permission_set_id ? await resolveSet(tx, access.dealId, body.permission_set_id) : null;
    await tx`
      update public.deal_members set
        permission_set_id = coalesce(${setId}, permission_set_id),
        role = case when ${setId}::uuid is not null and role <> 'admin' then 'member' else role end,
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

  // Part 1's form: {permission_set (name or id), company}.
  app.put('/:dealId/users/:userId', async (c) => {
    const body = await readJson(c, z.object({ permission_set: z.string().min(1).max(100).optional(), company: z.string().trim().max(200).nullish() }));
    return c.json(await run(c, async (tx, access) => {
      const setId = body.permission_set ? await resolveSet(tx, access.dealId, body.permission_set) : undefined;
      return updateMember(tx, access, memberParam(c), { permission_set_id: setId, company: body.company });
    }));
  });

  app.delete('/:dealId/users/:userId', async (c) => c.json(await run(c, async (tx, access) => {
    requireManage(access);
    const userId = memberParam(c);
    if (userId === access.deal.owner_id) throw new HttpError(403, 'The deal owner cannot be removed.');
    await loadMember(tx, access.dealId, userId);
    await tx`delete from public.deal_members where deal_id = ${access.dealId} and user_id = ${userId}`;
    return { user_id: userId, removed: true };
  })));

  app.post('/:dealId/users/bulk-update', async (c) => {
    const body = await readJson(c, bulkUpdate);
    const ops = (['permission_set_id', 'add_group_ids', 'remove_group_ids', 'add_tag_ids', 'remove_tag_ids'] as const)
      .filter((op) => body[op] !== undefined);
    if (ops.length !== 1) throw new HttpError(400, 'Send exactly one of permission_set_id, add_group_ids, remove_group_ids, add_tag_ids or remove_tag_ids.');
    return c.json(await run(c, async (tx, access) => {
      requireManage(access);
      if (body.add_group_ids || body.remove_group_ids) await checkIds(tx, access.dealId, 'deal_groups', body.add_group_ids ?? body.remove_group_ids ?? []);
      if (body.add_tag_ids || body.remove_tag_ids) await checkIds(tx, access.dealId, 'deal_tags', body.add_tag_ids ?? body.remove_tag_ids ?? []);
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
    }));
  });

  // Permission sets: the system ones and the deal's own.
  app.get('/:dealId/permissions/sets', async (c) => c.json(await run(c, async (tx, access) => {
    const rows = await tx`
      select ps.id, ps.name, ps.description, ps.capabilities, case when ps.deal_id is null then 'system' else 'custom' end as type,
             (select count(*)::int from public.deal_members m where m.deal_id = ${access.dealId} and m.permission_set_id = ps.id) as user_count,
             (select count(*)::int from public.deal_groups g where g.deal_id = ${access.dealId} and g.permission_set_id = ps.id) as group_count
      from public.permission_sets ps where ps.deal_id is null or ps.deal_id = ${access.dealId}
      order by ps.deal_id nulls first, lower(ps.name)`;
    return rows.map((r) => ({ ...r, capabilities: capabilityObject(r.capabilities as string[]) }));
  })));

  const setIdParam = (c: Context<ApiEnv>) => {
    const id = c.req.param('setId') ?? '';
    if (!uuid.safeParse(id).success) throw new HttpError(404, 'Permission set not found.');
    return id;
  };

  const loadCustomSet = async (tx: Tx, dealId: string, id: string) => {
    const [set] = await tx`select id, deal_id from public.permission_sets where id = ${id} and (deal_id = ${dealId} or deal_id is null)`;
    if (!set) throw new HttpError(404, 'Permission set not found.');
    if (!set.deal_id) throw new HttpError(403, 'System permission sets are managed in the admin portal.');
    return set;
  };

  app.post('/:dealId/permissions/sets', async (c) => {
    const body = await readJson(c, setBody);
    return c.json(await run(c, async (tx, access) => {
      requireManage(access);
      const [clash] = await tx`select 1 from public.permission_sets where (deal_id = ${access.dealId} or deal_id is null) and lower(name) = lower(${body.name})`;
      if (clash) throw new HttpError(409, `A permission set named "${body.name}" already exists.`);
      const [row] = await tx`
        insert into public.permission_sets (deal_id, name, description, capabilities)
        values (${access.dealId}, ${body.name}, ${body.description}, ${body.capabilities}::text[]) returning id, name, description, capabilities`;
      return { ...row, type: 'custom', user_count: 0, capabilities: capabilityObject(row.capabilities as string[]) };
    }), 201);
  });

  app.put('/:dealId/permissions/sets/:setId', async (c) => {
    const body = await readJson(c, setBody);
    return c.json(await run(c, async (tx, access) => {
      requireManage(access);
      const id = setIdParam(c);
      await loadCustomSet(tx, access.dealId, id);
      const [clash] = await tx`select 1 from public.permission_sets where (deal_id = ${access.dealId} or deal_id is null) and lower(name) = lower(${body.name}) and id <> ${id}`;
      if (clash) throw new HttpError(409, `A permission set named "${body.name}" already exists.`);
      const [row] = await tx`
        update public.permission_sets set name = ${body.name}, description = ${body.description}, capabilities = ${body.capabilities}::text[]
        where id = ${id} returning id, name, description, capabilities`;
      return { ...row, type: 'custom', capabilities: capabilityObject(row.capabilities as string[]) };
    }));
  });

  app.delete('/:dealId/permissions/sets/:setId', async (c) => c.json(await run(c, async (tx, access) => {
    requireManage(access);
    const id = setIdParam(c);
    await loadCustomSet(tx, access.dealId, id);
    const [use] = await tx<{ n: number }[]>`
      select (select count(*) from public.deal_members where permission_set_id = ${id})
           + (select count(*) from public.deal_groups where permission_set_id = ${id})
           + (select count(*) from public.invitations where permission_set_id = ${id} and status = 'pending') as n`;
    if (Number(use.n) > 0) throw new HttpError(409, 'This permission set is still used by members, groups or pending invitations.');
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
  })));

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
    return c.json(await run(c, async (tx, access) => {
      requireManage(access);
      const setId = body.permission_set_id ? await resolveSet(tx, access.dealId, body.permission_set_id) : null;
      const [clash] = await tx`select 1 from public.deal_groups where deal_id = ${access.dealId} and lower(name) = lower(${body.name})`;
      if (clash) throw new HttpError(409, `A group named "${body.name}" already exists.`);
      const [row] = await tx<{ id: string }[]>`
        insert into public.deal_groups (deal_id, name, description, permission_set_id, color)
        values (${access.dealId}, ${body.name}, ${body.description}, ${setId}, ${body.color.toUpperCase()}) returning id`;
      return (await groupsOf(tx, access.dealId)).find((g) => g.id === row.id);
    }), 201);
  });

  app.put('/:dealId/permissions/groups/:itemId', async (c) => {
    const body = await readJson(c, groupBody);
    return c.json(await run(c, async (tx, access) => {
      requireManage(access);
      const id = itemParam(c, 'Group');
      const setId = body.permission_set_id ? await resolveSet(tx, access.dealId, body.permission_set_id) : null;
      const [clash] = await tx`select 1 from public.deal_groups where deal_id = ${access.dealId} and lower(name) = lower(${body.name}) and id <> ${id}`;
      if (clash) throw new HttpError(409, `A group named "${body.name}" already exists.`);
      const updated = await tx`
        update public.deal_groups set name = ${body.name}, description = ${body.description}, permission_set_id = ${setId},
          color = ${body.color.toUpperCase()} where id = ${id} and deal_id = ${access.dealId} returning id`;
      if (!updated.length) throw new HttpError(404, 'Group not found.');
      return (await groupsOf(tx, access.dealId)).find((g) => g.id === id);
    }));
  });

  app.delete('/:dealId/permissions/groups/:itemId', async (c) => c.json(await run(c, async (tx, access) => {
    requireManage(access);
    const id = itemParam(c, 'Group');
    const deleted = await tx`delete from public.deal_groups where id = ${id} and deal_id = ${access.dealId} returning id`;
    if (!deleted.length) throw new HttpError(404, 'Group not found.');
    return { id, deleted: true };
  })));

  app.post('/:dealId/permissions/tags', async (c) => {
    const body = await readJson(c, tagBody);
    return c.json(await run(c, async (tx, access) => {
      requireManage(access);
      const [clash] = await tx`select 1 from public.deal_tags where deal_id = ${access.dealId} and lower(name) = lower(${body.name})`;
      if (clash) throw new HttpError(409, `A tag named "${body.name}" already exists.`);
      const [row] = await tx<{ id: string }[]>`
        insert into public.deal_tags (deal_id, name, color) values (${access.dealId}, ${body.name}, ${body.color.toUpperCase()}) returning id`;
      return (await tagsOf(tx, access.dealId)).find((t) => t.id === row.id);
    }), 201);
  });

  app.put('/:dealId/permissions/tags/:itemId', async (c) => {
    const body = await readJson(c, tagBody);
    return c.json(await run(c, async (tx, access) => {
      requireManage(access);
      const id = itemParam(c, 'Tag');
      const [clash] = await tx`select 1 from public.deal_tags where deal_id = ${access.dealId} and lower(name) = lower(${body.name}) and id <> ${id}`;
      if (clash) throw new HttpError(409, `A tag named "${body.name}" already exists.`);
      const updated = await tx`update public.deal_tags set name = ${body.name}, color = ${body.color.toUpperCase()}
                               where id = ${id} and deal_id = ${access.dealId} returning id`;
      if (!updated.length) throw new HttpError(404, 'Tag not found.');
      return (await tagsOf(tx, access.dealId)).find((t) => t.id === id);
    }));
  });

  app.delete('/:dealId/permissions/tags/:itemId', async (c) => c.json(await run(c, async (tx, access) => {
    requireManage(access);
    const id = itemParam(c, 'Tag');
    const deleted = await tx`delete from public.deal_tags where id = ${id} and deal_id = ${access.dealId} returning id`;
    if (!deleted.length) throw new HttpError(404, 'Tag not found.');
    return { id, deleted: true };
  })));

  // Invitations.
  app.get('/:dealId/invitations', async (c) => c.json(await run(c, async (tx, access) => {
    requireManage(access);
    return tx`
      select i.id, i.email, i.status, i.invited_at, i.expires_at, i.company, i.permission_set_id, ps.name as permission_set_name,
             i.group_ids, i.tag_ids, (i.expires_at < now()) as is_expired, p.email as invited_by_email
      from public.invitations i join public.permission_sets ps on ps.id = i.permission_set_id
      left join public.profiles p on p.id = i.invited_by
      where i.deal_id = ${access.dealId} order by i.invited_at desc`;
  })));

  const inviteBody = z.object({
    permission_set_id: z.string({ required_error: 'Please select a permission set' }).min(1, 'Please select a permission set'),
    group_ids: uuidList,
    tag_ids: uuidList,
    company: z.string().trim().max(200).nullish(),
  });

  const prepareInvite = async (tx: Tx, access: Awaited<ReturnType<typeof dealAccess>>, body: z.infer<typeof inviteBody>) => {
    requireManage(access);
    await checkIds(tx, access.dealId, 'deal_groups', body.group_ids);
    await checkIds(tx, access.dealId, 'deal_tags', body.tag_ids);
    return { permission_set_id: await resolveSet(tx, access.dealId, body.permission_set_id), group_ids: body.group_ids, tag_ids: body.tag_ids, company: body.company };
  };

  app.post('/:dealId/invitations', async (c) => {
    const body = await readJson(c, inviteBody.extend({
      email: z.string({ required_error: 'Please enter an email address' }).trim().min(1, 'Please enter an email address'),
    }));
    const email = emailValue.safeParse(body.email);
    if (!email.success) throw new HttpError(400, `"${body.email}" is not a valid email address.`);
    return c.json(await run(c, async (tx, access) => {
      const base = await prepareInvite(tx, access, body);
      const result = await invite(deps, tx, access.dealId, access.userId, { ...base, email: email.data });
      if (result.skipped) throw new HttpError(409, `${email.data} is ${result.skipped}.`);
      return { id: result.id, email: email.data, status: 'pending' };
    }), 201);
  });

  // Part 1's form: {email, permission_set (name), company}.
  app.post('/:dealId/invite', async (c) => {
    const body = await readJson(c, z.object({
      email: z.string({ required_error: 'Please enter an email address' }).trim().min(1, 'Please enter an email address'),
      permission_set: z.string().trim().max(100).default('upload_view'),
      company: z.string().trim().max(200).nullish(),
    }));
    const email = emailValue.safeParse(body.email);
    if (!email.success) throw new HttpError(400, `"${body.email}" is not a valid email address.`);
    return c.json(await run(c, async (tx, access) => {
      const base = await prepareInvite(tx, access, { permission_set_id: body.permission_set, group_ids: [], tag_ids: [], company: body.company });
      const result = await invite(deps, tx, access.dealId, access.userId, { ...base, email: email.data });
      if (result.skipped) throw new HttpError(409, `${email.data} is ${result.skipped}.`);
      return { id: result.id, email: email.data, status: 'pending' };
    }), 201);
  });

  app.post('/:dealId/invitations/bulk', async (c) => {
    const body = await readJson(c, inviteBody.extend({
      emails: z.union([z.string().max(100_000), z.array(z.string().max(254)).max(1000)]),
    }));
    const list = splitEmails(Array.isArray(body.emails) ? body.emails.join('\n') : body.emails)
      .map((raw) => ({ raw, email: emailValue.safeParse(raw) }));
    // Entries with an '@' that are still not addresses do not count: a list of only those is refused too.
    if (!list.some((entry) => entry.email.success)) throw new HttpError(400, 'Please enter at least one valid email address');
    if (list.length > 500) throw new HttpError(400, 'At most 500 invitations can be sent at once.');
    return c.json(await run(c, async (tx, access) => {
      const base = await prepareInvite(tx, access, body);
      let created = 0;
      const skipped: { email: string; reason: string }[] = [];
      for (const { raw, email } of list) {
        if (!email.success) {
          skipped.push({ email: raw, reason: 'not a valid email address' });
          continue;
        }
        const result = await invite(deps, tx, access.dealId, access.userId, { ...base, email: email.data });
        if (result.skipped) skipped.push({ email: email.data, reason: result.skipped });
        else created++;
      }
      return { created_count: created, skipped_count: skipped.length, skipped };
    }), 201);
  });

  const invitationParam = (c: Context<ApiEnv>) => {
    const id = c.req.param('invitationId') ?? '';
    if (!uuid.safeParse(id).success) throw new HttpError(404, 'Invitation not found.');
    return id;
  };

  app.post('/:dealId/invitations/:invitationId/resend', async (c) => c.json(await run(c, async (tx, access) => {
    requireManage(access);
    const id = invitationParam(c);
    const updated = await tx`
      update public.invitations set expires_at = now() + make_interval(days => ${INVITE_DAYS}), invited_at = now()
      where id = ${id} and deal_id = ${access.dealId} and status = 'pending' returning id, expires_at`;
    if (!updated.length) throw new HttpError(404, 'Invitation not found.');
    await mailInvitation(deps, tx, id);
    return { id, expires_at: updated[0].expires_at, resent: true };
  })));

  app.delete('/:dealId/invitations/:invitationId', async (c) => c.json(await run(c, async (tx, access) => {
    requireManage(access);
    const id = invitationParam(c);
    const deleted = await tx`delete from public.invitations where id = ${id} and deal_id = ${access.dealId} returning id`;
    if (!deleted.length) throw new HttpError(404, 'Invitation not found.');
    return { id, revoked: true };
  })));

  return app;
}

/** The signed-in person's own invitations (docs/product.md §7): list, accept, decline. */
export function myInvitationRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  app.get('/my-invitations', async (c) => c.json(await asUser(deps.sql, c.get('claims'), (tx) => tx`
    select invitation_id, invitation_id as id, deal_id, deal_name, deal_description, invited_by_name, invited_by,
           invited_at, expires_at, is_expired, permission_set_name
    from private.my_invitations()`)));

  const respond = (accept: boolean) => async (c: Context<ApiEnv>) => {
    const id = c.req.param('invitationId') ?? '';
    if (!uuid.safeParse(id).success) throw new HttpError(404, 'Invitation not found');
    // Through the mailed link the body carries its token; from the in-app banner there is none.
    const text = await c.req.text();
    let token: string | null = null;
    if (text.trim()) {
      let parsed: unknown;
      try { parsed = JSON.parse(text); } catch { throw new HttpError(400, 'The request body is not valid JSON.'); }
      token = parseOrThrow(z.object({ token: z.string().min(10).max(200).nullish() }), parsed).token ?? null;
    }
    const dealId = await asUser(deps.sql, c.get('claims'), async (tx) => {
      const [row] = await tx<{ deal_id: string }[]>`select private.respond_to_invitation(${id}, ${accept}, ${token}) as deal_id`;
      return row.deal_id;
    });
    return c.json({ invitation_id: id, deal_id: dealId, status: accept ? 'accepted' : 'declined' });
  };
  app.post('/:invitationId/accept', respond(true));
  app.post('/:invitationId/decline', respond(false));

  return app;
}
