import { type Context } from 'hono';
import type { ApiDeps, ApiEnv } from '../../context.ts';
import { asUser, type Tx } from '../../db.ts';
import { DEAL_ARCHIVED, HttpError } from '../../errors.ts';
import { dealIdParam, loadDeal } from '../../deal-scope.ts';
import { randomToken, sha256Hex } from '../../tokens.ts';

import { CAPABILITIES } from '../../contracts/capabilities.ts';

export { CAPABILITIES };
export const INVITE_DAYS = 7;

/** The deal (404 for strangers), whether the caller may manage its people, and whether they are a deal admin. */
export async function dealAccess(tx: Tx, c: Context<ApiEnv>) {
  const userId = c.get('claims').sub;
  const dealId = dealIdParam(c.req.param('dealId') ?? '');
  const deal = await loadDeal(tx, dealId);
  const [{ manage }] = await tx<{ manage: boolean }[]>`select private.has_capability(${dealId}, 'manage_users') as manage`;
  // The deal scope's badge is the one definition of a deal admin (private.display_role: an active member whose role is admin).
  return { dealId, userId, deal, manage, admin: deal.user_role === 'admin' };
}

export const ADMIN_ROLE_DENIED = 'Only deal admins can grant or revoke the admin role.';

export function requireManage(access: { manage: boolean; deal: { archived_at?: unknown } }) {
  if (access.deal.archived_at) throw new HttpError(409, DEAL_ARCHIVED);
  if (!access.manage) throw new HttpError(403, "You don't have permission to manage users in this deal.");
}

export const capabilityObject = (caps: string[]) => Object.fromEntries(CAPABILITIES.map((cap) => [cap, caps.includes(cap)]));

/**
 * Members with their set, groups, tags and effective permissions (one statement), each row with
 * `total_count`, how many members match `where` in all: counted in the same scan, as a second statement
 * would ask the profiles policy again. Postgres works out the costly columns for the page's rows only.
 */
// deno-lint-ignore no-explicit-any
export function membersQuery(tx: Tx, dealId: string, where: any, limit: number, offset: number) {
  // The deal's owner read once (materialized): joined per member, the deals policy was asked again for each row.
  return tx`
    with deal as materialized (select owner_id from public.deals where id = ${dealId})
    select count(*) over ()::int as total_count, m.user_id, p.email, p.first_name, p.last_name, m.company, m.status, m.role,
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
    cross join deal d
    left join public.permission_sets ps on ps.id = m.permission_set_id
    where m.deal_id = ${dealId} and ${where}
    order by (d.owner_id = m.user_id) desc, lower(p.email)
    limit ${limit} offset ${offset}`;
}

export const shapeMember = (row: Record<string, any>) => {
  const { capabilities, total_count: _total, ...rest } = row;
  return { ...rest, effective_permissions: capabilityObject(capabilities as string[]) };
};

export async function resolveSet(tx: Tx, dealId: string, idOrName: string | undefined | null): Promise<string> {
  const value = idOrName ?? 'upload_view';
  const [set] = /^[0-9a-f-]{36}$/i.test(value)
    ? await tx<
        { id: string }[]
      >`select id from public.permission_sets where id = ${value} and (deal_id is null or deal_id = ${dealId})`
    : await tx<
        { id: string }[]
      >`select id from public.permission_sets where lower(name) = lower(${value}) and (deal_id is null or deal_id = ${dealId})
                                 order by deal_id nulls first limit 1`;
  if (!set) throw new HttpError(400, 'Please select a permission set');
  return set.id;
}

export async function checkIds(tx: Tx, dealId: string, table: 'deal_groups' | 'deal_tags', ids: string[]) {
  if (!ids.length) return;
  const rows =
    table === 'deal_groups'
      ? await tx`select id from public.deal_groups where deal_id = ${dealId} and id = any(${ids}::uuid[])`
      : await tx`select id from public.deal_tags where deal_id = ${dealId} and id = any(${ids}::uuid[])`;
  if (rows.length !== new Set(ids).size)
    throw new HttpError(400, `Some ${table === 'deal_groups' ? 'groups' : 'tags'} do not belong to this deal.`);
}

export async function loadMember(tx: Tx, dealId: string, userId: string) {
  const [row] = await membersQuery(tx, dealId, tx`m.user_id = ${userId}`, 1, 0);
  if (!row) throw new HttpError(404, 'That user is not a member of this deal.');
  return shapeMember(row);
}

/** Sends (or re-sends) the invitation mail through the Mail port. */
export async function mailInvitation(deps: ApiDeps, tx: Tx, invitationId: string) {
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
    body:
      `${inv.inviter_name ?? inv.inviter_email} invited you to the deal "${inv.deal_name}" in the data room.\n\n` +
      `Open this link, then sign in (or register with this address) to accept or decline:\n${link.toString()}\n\n` +
      `The invitation expires on ${new Date(inv.expires_at).toUTCString()}.`,
  });
}

export interface InviteInput {
  email: string;
  permission_set_id: string;
  group_ids: string[];
  tag_ids: string[];
  company?: string | null;
}

/** Creates one invitation; returns the reason when it is skipped (existing member or pending invitation). */
export async function invite(
  deps: ApiDeps,
  tx: Tx,
  dealId: string,
  userId: string,
  input: InviteInput,
): Promise<{ id?: string; skipped?: string }> {
  const [member] = await tx`
    select 1 from public.deal_members m join public.profiles p on p.id = m.user_id
    where m.deal_id = ${dealId} and lower(p.email) = ${input.email}`;
  if (member) return { skipped: 'already a member' };
  const [pending] =
    await tx`select 1 from public.invitations where deal_id = ${dealId} and email = ${input.email} and status = 'pending'`;
  if (pending) return { skipped: 'already invited' };
  const [row] = await tx<{ id: string }[]>`
    insert into public.invitations (deal_id, email, permission_set_id, group_ids, tag_ids, company, invited_by, expires_at)
    values (${dealId}, ${input.email}, ${input.permission_set_id}, ${input.group_ids}::uuid[], ${input.tag_ids}::uuid[],
            ${input.company ?? null}, ${userId}, now() + make_interval(days => ${INVITE_DAYS}))
    returning id`;
  await mailInvitation(deps, tx, row.id);
  return { id: row.id };
}

/** Splits a pasted list on commas and newlines, keeping entries that contain '@' (docs/product.md §5). */
export function splitEmails(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,\n\r]+/)
        .map((s) => s.trim().toLowerCase())
        .filter((s) => s.includes('@')),
    ),
  ];
}

/** Members, groups, tags, permission sets and invitations of one deal (docs/product.md §7). */

/** Runs `work` in one transaction as the caller, with the deal of `:dealId` and the caller's people rights in it. */
export const peopleScope =
  (deps: ApiDeps) =>
  <T>(c: Context<ApiEnv>, work: (tx: Tx, access: Awaited<ReturnType<typeof dealAccess>>) => Promise<T>) =>
    asUser(deps.sql, c.get('claims'), async (tx, sessionChecked) => {
      const access = await dealAccess(tx, c);
      await sessionChecked;
      return work(tx, access);
    });
