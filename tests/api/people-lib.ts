/** Shared steps for the people-and-permissions API tests (tests/api/people-*.test.ts). */
import { expect } from 'vitest';
import { call, registerUser, sql, type TestUser } from './helpers.ts';
import { room } from './dataroom-lib.ts';

import { CAPABILITIES as CAPABILITY_LIST } from '../../supabase/functions/_shared/contracts/capabilities.ts';

export const CAPABILITIES: string[] = [...CAPABILITY_LIST];

/** The capabilities of each system set, as docs/access-model.md lists them (sorted, as the API returns them). */
export const SYSTEM_SETS: Record<string, string[]> = {
  upload_only: ['upload'],
  upload_view: ['comment', 'download', 'upload', 'view'],
  approve_only: ['approve', 'comment', 'download', 'upload', 'view'],
  edit: ['approve', 'comment', 'download', 'edit_checklist', 'edit_files', 'edit_folders', 'upload', 'view'],
};

/** A fresh owner with a fresh deal (blank checklist): the data room tests' room. */
export const peopleRoom = room;
export type PeopleRoom = Awaited<ReturnType<typeof room>>;

export async function systemSetId(name: string): Promise<string> {
  const [row] = await sql<{ id: string }[]>`select id from public.permission_sets where deal_id is null and name = ${name}`;
  if (!row) throw new Error(`no system set ${name}`);
  return row.id;
}

/**
 * Adds a member holding a permission set (role 'member', rights only from the set), through the
 * privileged connection. `set` is a system set's name or any set's id; null leaves the member without a set.
 */
export async function addSetMember(
  dealId: string,
  user: TestUser,
  set: string | null,
  extra: { company?: string; status?: string } = {},
) {
  const setId = set === null ? null : /^[0-9a-f-]{36}$/.test(set) ? set : await systemSetId(set);
  await sql`insert into public.deal_members (deal_id, user_id, role, permission_set_id, company, status)
            values (${dealId}, ${user.id}, 'member', ${setId}, ${extra.company ?? null}, ${extra.status ?? 'active'})`;
}

/** A newly registered user who is a member holding `set`. */
export async function setMember(
  r: { deal: { id: string } },
  set: string | null,
  label = 'member',
  extra: { company?: string; status?: string } = {},
) {
  const user = await registerUser(label);
  await addSetMember(r.deal.id, user, set, extra);
  return user;
}

/** A custom set of the deal, created through the API by `token`. */
export async function customSet(r: PeopleRoom, name: string, capabilities: string[], token = r.owner.token) {
  const res = await call('POST', `${r.base}/permissions/sets`, {
    token,
    body: { name, description: `${name} set`, capabilities },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string; capabilities: Record<string, boolean> };
}

export async function group(r: PeopleRoom, name: string, setId: string | null = null, token = r.owner.token) {
  const res = await call('POST', `${r.base}/permissions/groups`, { token, body: { name, permission_set_id: setId } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string; color: string; member_count: number };
}

export async function tag(r: PeopleRoom, name: string, token = r.owner.token) {
  const res = await call('POST', `${r.base}/permissions/tags`, { token, body: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; name: string; color: string };
}

export async function invite(r: PeopleRoom, email: string, body: Record<string, unknown> = {}, token = r.owner.token) {
  const res = await call('POST', `${r.base}/invitations`, { token, body: { email, permission_set_id: 'upload_view', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; email: string; status: string };
}

/** The mails sent to `email`, oldest first. */
/** Mail to an address, but the confirmation link every registration sends. */
export async function mailsTo(email: string) {
  return sql<{ id: number; subject: string; body: string }[]>`
    select id, subject, body from private.mail_outbox
    where to_email = ${email} and subject <> 'Confirm your email address' order by id`;
}

export async function membership(dealId: string, userId: string) {
  const [row] = await sql`select m.role, m.status, m.company, m.permission_set_id, ps.name as set_name
                          from public.deal_members m left join public.permission_sets ps on ps.id = m.permission_set_id
                          where m.deal_id = ${dealId} and m.user_id = ${userId}`;
  return row as
    | { role: string; status: string; company: string | null; permission_set_id: string | null; set_name: string | null }
    | undefined;
}

export async function groupIdsOf(dealId: string, userId: string): Promise<string[]> {
  const rows = await sql<
    { group_id: string }[]
  >`select group_id from public.deal_group_members where deal_id = ${dealId} and user_id = ${userId} order by group_id`;
  return rows.map((r) => r.group_id);
}

export async function tagIdsOf(dealId: string, userId: string): Promise<string[]> {
  const rows = await sql<
    { tag_id: string }[]
  >`select tag_id from public.deal_member_tags where deal_id = ${dealId} and user_id = ${userId} order by tag_id`;
  return rows.map((r) => r.tag_id);
}

/** The member's effective capabilities as GET /deals/{id} reports them to that member (null: no access). */
export async function capabilitiesOf(r: PeopleRoom, user: TestUser): Promise<string[] | null> {
  const res = await call('GET', r.base, { token: user.token });
  if (res.status === 404) return null;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.capabilities;
}

/** PUT /deals/{id}/users/{userId}/enhanced (set, groups, tags, status, company) as `token`, the owner unless told. */
export const editMember = (r: PeopleRoom, userId: string, body: unknown, token = r.owner.token) =>
  call('PUT', `${r.base}/users/${userId}/enhanced`, { token, body });

/** The enhanced list entry for one member, as the owner sees it. */
export async function enhancedEntry(r: PeopleRoom, userId: string) {
  const res = await call('GET', `${r.base}/users-enhanced?page_size=200`, { token: r.owner.token });
  expect(res.status).toBe(200);
  return res.body.users.find((u: any) => u.user_id === userId);
}

/** A capability map with exactly `caps` on. */
export const capMap = (caps: string[]) => Object.fromEntries(CAPABILITIES.map((c) => [c, caps.includes(c)]));

export const sorted = (xs: string[]) => [...xs].sort();

/**
 * The cast of the deny tests: a tag "excluded", a group "Bidders", `shut` (upload_view, in Bidders and
 * tagged excluded) and `bidder` (upload_view, in Bidders), both set through PUT …/users/{id}/enhanced.
 */
export async function bidderAndShut(r: PeopleRoom, label: string) {
  const excluded = await tag(r, 'excluded');
  const bidders = await group(r, 'Bidders');
  const shut = await setMember(r, 'upload_view', `${label}-shut`);
  const bidder = await setMember(r, 'upload_view', `${label}-bidder`);
  for (const [user, body] of [
    [shut, { group_ids: [bidders.id], tag_ids: [excluded.id] }],
    [bidder, { group_ids: [bidders.id] }],
  ] as const) {
    const res = await editMember(r, user.id, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return { excluded, bidders, shut, bidder };
}

/** The status GET /deals/{id}/files/{fileId} answers `user`. */
export const fileStatus = async (r: PeopleRoom, user: TestUser, fileId: string) =>
  (await call('GET', `${r.base}/files/${fileId}`, { token: user.token })).status;
