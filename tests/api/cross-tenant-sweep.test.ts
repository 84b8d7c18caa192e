/**
 * A sweep of every route the API serves, as someone from another tenant: a person with a deal of their
 * own who is no member of the victim's deal. Each route is called with the victim's real ids in its path
 * (and, in a second pass, the sweeper's own deal in the path with the victim's ids in the path and body,
 * the classic confused-deputy shape). None may answer 2xx or 5xx, no answer may carry anything of the
 * victim's deal, and afterwards nothing in that deal has changed. The routes come from the app itself,
 * so a route added later is swept without anyone listing it here.
 */
import { describe, expect, it } from 'vitest';
import { DEAL_NOT_FOUND } from '../../supabase/functions/_shared/errors.ts';
import { directOk, mkdir } from './dataroom-lib.ts';
import { app, call, createDeal, registerUser, sql, uniqueEmail, type TestUser } from './helpers.ts';
import { customSet, group, invite, peopleRoom, setMember, tag } from './people-lib.ts';

/** Routes anyone signed in may call about themselves, or public ones: checked only for what they answer. */
const SELF_OR_PUBLIC = new Set([
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

function routesOfApp(): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const route of (app as unknown as { routes: { method: string; path: string }[] }).routes) {
    if (route.method === 'ALL' || route.path.includes('*')) continue;
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  }
  return [...seen.values()];
}

/** A deal with one of everything a route can name, its names starting with `prefix`. */
async function tenant(label: string, prefix: string) {
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
  const sessionId = JSON.parse(Buffer.from(r.owner.token.split('.')[1], 'base64url').toString()).session_id as string;
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

const victimDeal = () => tenant('sweep', 'Atlas');

/** Every row of the victim's deal that a route could change, as one comparable value. */
async function stateOf(dealId: string) {
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

const fill = (path: string, ids: Record<string, string>) =>
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
const bodyFor = (method: string, path: string, ids: Record<string, string>): unknown => {
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

/** No secret in the answer, but for an id the caller sent itself (an answer may key its result by it). */
function expectNoLeak(what: string, body: unknown, secrets: string[], sent: string) {
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
  for (const secret of secrets) {
    if (sent.includes(secret)) continue;
    expect(text.includes(secret), `${what} answered something of the victim's deal (${secret}): ${text.slice(0, 300)}`).toBe(
      false,
    );
  }
}

describe('every route, called from another tenant', () => {
  it('refuses the victim deal by its ids, leaks nothing of it and changes nothing', async () => {
    const { r, ids, secrets } = await victimDeal();
    const sweeper: TestUser = await registerUser('sweeper');
    await createDeal(sweeper, 'Sweeper deal', 'blank');
    const before = await stateOf(r.deal.id);
    const routes = routesOfApp();
    expect(routes.length).toBeGreaterThan(100);

    let swept = 0;
    for (const { method, path } of routes) {
      if (SELF_OR_PUBLIC.has(`${method} ${path}`)) continue;
      const url = fill(path, ids);
      const body = bodyFor(method, url, ids);
      const res = await call(method, url, { token: sweeper.token, body });
      const what = `${method} ${path}`;
      expect(res.status, `${what} answered ${res.status}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${what} answered ${res.status}`).toBeLessThan(500);
      if (/:dealId/.test(path)) {
        expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(404);
        expect(res.body.detail, what).toBe(DEAL_NOT_FOUND);
      }
      expectNoLeak(what, res.body, secrets, url + JSON.stringify(body ?? ''));
      swept++;
    }
    expect(swept).toBeGreaterThan(100);

    // What the sweeper may call about itself answers nothing of the victim either.
    for (const path of [
      '/deals',
      '/deals/requiring-verification',
      '/invitations/my-invitations',
      '/auth/sessions',
      '/user/profile',
    ]) {
      const res = await call('GET', path, { token: sweeper.token });
      expect(res.status, path).toBe(200);
      expectNoLeak(`GET ${path}`, res.body, secrets, '');
    }

    expect(await stateOf(r.deal.id)).toEqual(before);
    // The owner's session, which the sweep tried to end, still works.
    expect((await call('GET', '/user/profile', { token: r.owner.token })).status).toBe(200);
  });

  it("refuses the victim's ids through the sweeper's own deal, in the path and in the body", async () => {
    const { r, ids, secrets } = await victimDeal();
    const sweeper: TestUser = await registerUser('sweeper-own');
    const own = await createDeal(sweeper, 'Sweeper own deal', 'blank');
    const before = await stateOf(r.deal.id);
    const mixed = { ...ids, dealId: own.id };

    let swept = 0;
    for (const { method, path } of routesOfApp()) {
      if (!path.startsWith('/deals/:dealId')) continue;
      const url = fill(path, mixed);
      const body = bodyFor(method, url, mixed);
      const namesVictim = /:(fileId|folderId|itemId|categoryId|invitationId|userId|setId)/.test(path);
      const bodyNamesVictim = body !== undefined && /[0-9a-f-]{36}/.test(JSON.stringify(body));
      if (!namesVictim && !bodyNamesVictim) continue;
      const res = await call(method, url, { token: sweeper.token, body });
      const what = `${method} ${path} (own deal)`;
      expect(res.status, `${what} answered ${res.status}`).toBeLessThan(500);
      if (res.status < 300) {
        // Only a route that names nothing of the victim in its path may succeed, and then act on nothing of it.
        expect(namesVictim, `${what} answered ${res.status}: ${JSON.stringify(res.body)}`).toBe(false);
        if (res.body && typeof res.body === 'object' && 'success_count' in res.body) expect(res.body.success_count, what).toBe(0);
      }
      expectNoLeak(what, res.body, secrets, url + JSON.stringify(body ?? ''));
      swept++;
    }
    expect(swept).toBeGreaterThan(40);
    expect(await stateOf(r.deal.id)).toEqual(before);
  });

  it("refuses the victim's ids in the body of a call about the sweeper's own things, and links nothing to them", async () => {
    const victim = await victimDeal();
    const own = await tenant('sweeper-full', 'Borealis');
    const victimBefore = await stateOf(victim.r.deal.id);
    const token = own.r.owner.token;

    let swept = 0;
    for (const { method, path } of routesOfApp()) {
      if (!path.startsWith('/deals/:dealId') && !path.startsWith('/checklist-catalog/add-to-deal')) continue;
      const url = fill(path, own.ids);
      const body = bodyFor(method, url, { ...victim.ids, dealId: own.ids.dealId });
      if (body === undefined || !victim.secrets.some((secret) => JSON.stringify(body).includes(secret))) continue;
      const res = await call(method, url, { token, body });
      const what = `${method} ${path} (own things, the victim's ids in the body)`;
      expect(res.status, `${what} answered ${res.status}`).toBeLessThan(500);
      if (res.body && typeof res.body === 'object' && 'success_count' in res.body) expect(res.body.success_count, what).toBe(0);
      expectNoLeak(what, res.body, victim.secrets, url + JSON.stringify(body));
      swept++;
    }
    expect(swept).toBeGreaterThan(10);
    expect(await stateOf(victim.r.deal.id)).toEqual(victimBefore);
    // Nothing of the sweeper's deal now points at the victim's things.
    const ownState = JSON.stringify(await stateOf(own.r.deal.id));
    for (const id of victim.secrets) expect(ownState.includes(id), `the sweeper's deal refers to ${id}`).toBe(false);
  });
});
