/**
 * What the route sweeps share (cross-tenant-sweep, malformed-input-sweep): every route of the app, a
 * deal with one of everything a route can name, each route's path filled with those ids, and a body
 * each mutating route would accept from the deal's admin.
 */
import { expect } from 'vitest';
import { directOk, mkdir } from './dataroom-lib.ts';
import { app, call, sql, tokenClaims, uniqueEmail } from './helpers.ts';
import { customSet, group, invite, peopleRoom, setMember, tag } from './people-lib.ts';

/** Routes anyone signed in may call about themselves, or public ones: checked only for what they answer. */
export const SELF_OR_PUBLIC = new Set([
  'POST /auth/login',
  'POST /auth/register',
  'POST /auth/refresh',
  'POST /auth/logout',
  'POST /auth/magic-link',
  'POST /auth/magic-link/verify',
  'POST /auth/mfa/enroll',
  'POST /auth/mfa/verify',
  'POST /auth/mfa/recover',
  'POST /auth/mfa/recovery-codes',
  'GET /auth/sessions',
  'GET /auth/mfa/factors',
  'GET /health',
  'GET /deals',
  'POST /deals',
  'GET /deals/requiring-verification',
  'GET /invitations/my-invitations',
  'GET /user/profile',
  'PUT /user/profile',
  'PUT /user/password',
  'GET /checklist-catalog',
  'GET /checklist-catalog/presets',
]);

export function routesOfApp(): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const route of (app as unknown as { routes: { method: string; path: string }[] }).routes) {
    if (route.method === 'ALL' || route.path.includes('*')) continue;
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  }
  return [...seen.values()];
}

/** A deal with one of everything a route can name, its names starting with `prefix`. */
export async function tenant(label: string, prefix: string) {
  const r = await peopleRoom(label, `${prefix} Sweep Deal`);
  const member = await setMember(r, 'upload_view', `${label}-member`);
  const set = await customSet(r, `${prefix} Reviewers`, ['view']);
  const g = await group(r, `${prefix} Group`);
  const t = await tag(r, `${prefix} Tag`);
  const inv = await invite(r, uniqueEmail(`${label}-invitee`));
  const folder = await mkdir(r, r.owner, `${prefix} Secret Folder`);
  const category = await call('POST', `${r.base}/checklist/categories`, {
    token: r.owner.token,
    body: { name: `${prefix} Category` },
  });
  const item = await call('POST', `${r.base}/checklist/items`, {
    token: r.owner.token,
    body: { name: `${prefix} Item`, category_id: category.body.id },
  });
  const { fileId } = await directOk(r, r.owner, { filename: `${prefix}-Target-Memo.pdf`, checklist_items: [item.body.id] });
  const comment = await call('POST', `${r.base}/files/${fileId}/comments`, {
    token: r.owner.token,
    body: { comment: `${prefix} confidential remark` },
  });
  expect(comment.status, JSON.stringify(comment.body)).toBe(201);
  const [catalogItem] = await sql<{ id: string }[]>`select id from public.catalog_items where active limit 1`;
  const sessionId = tokenClaims(r.owner.token).session_id as string;
  const ids: Record<string, string> = {
    dealId: r.deal.id,
    fileId,
    folderId: folder.id,
    itemId: item.body.id,
    categoryId: category.body.id,
    setId: set.id,
    groupId: g.id,
    tagId: t.id,
    invitationId: inv.id,
    userId: member.id,
    sessionId,
    catalogItemId: catalogItem.id,
  };
  // Anything of these in an answer to someone of another tenant is a leak (the catalog is shared).
  const secrets = [
    ...Object.entries(ids)
      .filter(([name]) => name !== 'catalogItemId')
      .map(([, id]) => id),
    r.owner.email,
    member.email,
    inv.email,
    `${prefix}-Target-Memo`,
    `${prefix} Secret Folder`,
    `${prefix} confidential remark`,
    `${prefix} Sweep Deal`,
    `${prefix} Item`,
    `${prefix} Category`,
    `${prefix} Reviewers`,
    `${prefix} Group`,
    `${prefix} Tag`,
  ];
  return { r, ids, secrets };
}

/** Every row of the victim's deal that a route could change, as one comparable value. */
export async function stateOf(dealId: string) {
  const [state] = await sql`
    select
      (select json_agg(d order by d.id) from (select id, name, description, archived_at, require_mfa from public.deals where id = ${dealId}) d) as deal,
      (select json_agg(f order by f.id) from (select id, name, folder_id, archived_at, approval_status, tags, checklist_items, permission_type, current_version, ai_status from public.files where deal_id = ${dealId}) f) as files,
      (select json_agg(v order by v.file_id, v.version_number) from (select file_id, version_number, sha256 from public.file_versions where deal_id = ${dealId}) v) as versions,
      (select json_agg(fo order by fo.id) from (select id, name, archived_at from public.folders where deal_id = ${dealId}) fo) as folders,
      (select json_agg(i order by i.id) from (select id, name, status, approval_status, category_id from public.checklist_items where deal_id = ${dealId}) i) as items,
      (select json_agg(m order by m.user_id) from (select user_id, role, status, permission_set_id, company from public.deal_members where deal_id = ${dealId}) m) as members,
      (select json_agg(i order by i.id) from (select id, status, email from public.invitations where deal_id = ${dealId}) i) as invitations,
      (select json_agg(s order by s.id) from (select id, name, capabilities from public.permission_sets where deal_id = ${dealId}) s) as sets,
      (select json_agg(g order by g.id) from (select id, name, permission_set_id from public.deal_groups where deal_id = ${dealId}) g) as groups,
      (select json_agg(t order by t.id) from (select id, name from public.deal_tags where deal_id = ${dealId}) t) as tags,
      (select count(*)::int from public.activities where deal_id = ${dealId}) as activities`;
  return state;
}

export const fill = (path: string, ids: Record<string, string>) =>
  path
    .replace(':dealId', ids.dealId)
    .replace(':fileId', ids.fileId)
    .replace(':folderId', ids.folderId)
    .replace(':categoryId', ids.categoryId)
    .replace(':invitationId', ids.invitationId)
    .replace(':userId', ids.userId)
    .replace(':setId', ids.setId)
    .replace(':sessionId', ids.sessionId)
    .replace(':factorId', crypto.randomUUID())
    .replace(':n', '1')
    .replace(':id', crypto.randomUUID())
    // The people routes name a group or a tag `:itemId`; the checklist routes a checklist item.
    .replace(/\/groups\/:itemId/, `/groups/${ids.groupId}`)
    .replace(/\/tags\/:itemId/, `/tags/${ids.tagId}`)
    .replace(':itemId', ids.itemId);

/** A body each mutating route would accept from a deal's admin, naming the things of `ids`. */
export const bodyFor = (method: string, path: string, ids: Record<string, string>): unknown => {
  if (method === 'GET' || method === 'DELETE') return undefined;
  const pick: [RegExp, unknown][] = [
    [/review-queue\/bulk/, { item_ids: [ids.fileId, ids.itemId], note: 'swept' }],
    [/files-by-items$/, { item_ids: [ids.itemId] }],
    [/users\/bulk-update$/, { user_ids: [ids.userId], add_group_ids: [ids.groupId] }],
    [/invitations\/bulk$/, { emails: uniqueEmail('swept'), permission_set_id: ids.setId }],
    [/\/invite$/, { email: uniqueEmail('swept'), permission_set: 'edit' }],
    [/\/invitations$/, { email: uniqueEmail('swept'), permission_set_id: ids.setId }],
    [/files\/upload-url$/, { filename: 'swept.pdf', content_type: 'application/pdf', path: '/', checklist_items: [ids.itemId] }],
    [/versions\/upload-url$/, { filename: 'swept.pdf', content_type: 'application/pdf' }],
    [/versions\/upload-complete$/, { storage_path: `deals/${ids.dealId}/files/${ids.fileId}/v2`, file_size: 1000 }],
    [/checklist\/items$/, { name: 'Swept item', category_id: ids.categoryId }],
    [/checklist\/categories(\/[^/]+)?$/, { name: 'Swept category' }],
    [/\/folders$/, { name: 'Swept folder', path: '/' }],
    [/\/comments$/, { comment: 'swept' }],
    [/\/approval$/, { status: 'approved', note: 'swept' }],
    [/\/permissions$/, { type: 'custom', allowed_users: [ids.userId], allowed_groups: [ids.groupId], allowed_tags: [ids.tagId] }],
    [/tags-links$/, { tags: ['swept'], checklist_items: [ids.itemId] }],
    [/\/metadata$/, { formatted_title: 'Swept' }],
    [/ai-analysis\/action$/, { action: 'accept' }],
    [/permissions\/sets/, { name: 'Swept', capabilities: ['view', 'manage_users'] }],
    [/permissions\/groups/, { name: 'Swept', permission_set_id: ids.setId }],
    [/permissions\/tags/, { name: 'Swept' }],
    [/\/users\/[^/]+\/enhanced$/, { status: 'active', company: 'Swept' }],
    [/\/users\/[^/]+$/, { permission_set: 'edit', company: 'Swept' }],
    [/upload-complete$/, { file_size: 1000 }],
    [/\/archive$/, { archived: true }],
    [/\/request-changes$|\/approve$/, { note: 'swept' }],
    [/add-to-deal/, { catalog_item_id: ids.catalogItemId, category_id: ids.categoryId }],
    [/\/deals\/[^/]+$/, { name: 'Swept deal' }],
    [/checklist\/items\/[^/]+$/, { name: 'Swept', category_id: ids.categoryId }],
    [/checklist\/[^/]+$/, { status: 'provided', files: [ids.fileId] }],
    [/\/files\/[^/]+$/, { formatted_title: 'Swept', checklist_items: [ids.itemId] }],
  ];
  return pick.find(([re]) => re.test(path))?.[1] ?? {};
};
