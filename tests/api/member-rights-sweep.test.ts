/**
 * Every mutating route of a deal, called by its least-privileged members (upload_only, which cannot see
 * the deal's files, and upload_view) with the body an admin would send, naming the owner's things. What
 * only managers and editors may change (the deal, its people, invitations, sets, groups, tags, folders,
 * checklist, and the owner's file with its versions, links and permissions) must stay as it was; nothing
 * answers a 5xx; and what the member may do (upload their own files, comment where they see) stays theirs.
 * The routes come from the app itself, so a route added later is swept too.
 */
import { describe, expect, it } from 'vitest';
import { call, sql } from './helpers.ts';
import { setMember } from './people-lib.ts';
import { bodyFor, fill, routesOfApp, tenant } from './sweep-lib.ts';

/** Everything of the deal a member without manage, edit or approve rights must not change. */
async function guardedState(dealId: string, fileId: string) {
  const [state] = await sql`
    select
      (select json_agg(d) from (select name, description, archived_at, require_mfa, owner_id from public.deals where id = ${dealId}) d) as deal,
      (select json_agg(f) from (select name, folder_id, archived_at, approval_status, tags, checklist_items, permission_type,
                                       current_version, formatted_title, uploaded_by from public.files where id = ${fileId}) f) as owner_file,
      (select json_agg(v order by v.version_number) from (select version_number, sha256 from public.file_versions where file_id = ${fileId}) v) as versions,
      (select json_agg(p) from (select allowed_users, denied_users, allowed_groups, denied_groups from public.file_permissions where file_id = ${fileId}) p) as permissions,
      (select json_agg(fo order by fo.id) from (select id, name, parent_id, archived_at from public.folders where deal_id = ${dealId}) fo) as folders,
      (select json_agg(i order by i.id) from (select id, name, status, approval_status, category_id, position from public.checklist_items where deal_id = ${dealId}) i) as items,
      (select json_agg(c order by c.id) from (select id, name, position from public.checklist_categories where deal_id = ${dealId}) c) as categories,
      (select json_agg(m order by m.user_id) from (select user_id, role, status, permission_set_id, company from public.deal_members where deal_id = ${dealId}) m) as members,
      (select json_agg(i order by i.id) from (select id, status, email, permission_set_id from public.invitations where deal_id = ${dealId}) i) as invitations,
      (select json_agg(s order by s.id) from (select id, name, capabilities from public.permission_sets where deal_id = ${dealId}) s) as sets,
      (select json_agg(g order by g.id) from (select id, name, permission_set_id from public.deal_groups where deal_id = ${dealId}) g) as groups,
      (select json_agg(t order by t.id) from (select id, name from public.deal_tags where deal_id = ${dealId}) t) as tags`;
  return state;
}

/** What a member holding only upload (and view, download, comment) may do with the admin's body. */
const MAY = [
  // Upload a file of their own.
  /^POST \/deals\/:dealId\/files\/upload-url$/,
  // Completing an upload is idempotent: on a finished file they see, it only answers the file.
  /^POST \/deals\/:dealId\/files\/:fileId\/upload-complete$/,
  // Comment on a file they see (upload_view holds comment).
  /^POST \/deals\/:dealId\/files\/:fileId\/comments$/,
  // Ask for the AI's reading of files they see: upload is enough (private.can_request_ai).
  /^POST \/deals\/:dealId\/files\/batch-ai-analysis$/,
  /^POST \/deals\/:dealId\/files\/:fileId\/ai-analysis\/retry$/,
  // A read sent as a POST (a list of item ids): it answers only files they see.
  /^POST \/deals\/:dealId\/checklist\/files-by-items$/,
  // Bulk decisions answer 200 and count each id they may not decide as failed (checked below).
  /^POST \/deals\/:dealId\/review-queue\/bulk-(approve|request-changes)$/,
];

describe("every mutating route, called by a deal's least-privileged members", () => {
  for (const kind of ['upload_only', 'upload_view'] as const) {
    it(`${kind}: changes nothing only managers and editors may change, and never gets a 5xx`, async () => {
      const { r, ids } = await tenant(`rights-${kind}`, 'Rights');
      const member = await setMember(r, kind, `sweeper-${kind}`);
      const before = await guardedState(r.deal.id, ids.fileId);
      const succeeded: string[] = [];
      let swept = 0;
      for (const { method, path } of routesOfApp()) {
        if (!path.startsWith('/deals/:dealId') || method === 'GET') continue;
        const url = fill(path, ids);
        const res = await call(method, url, { token: member.token, body: bodyFor(method, url, ids) });
        const what = `${method} ${path}`;
        expect(res.status, `${what} answered ${res.status}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
        if (res.status < 300) succeeded.push(what);
        if (res.status < 300 && /bulk-(approve|request-changes)$/.test(path))
          expect((res.body as { success_count: number }).success_count, what).toBe(0);
        if (res.status < 300 && kind === 'upload_only' && /files-by-items$/.test(path))
          expect(JSON.stringify(res.body).includes(ids.fileId), `${what} showed upload_only the owner's file`).toBe(false);
        swept++;
      }
      expect(swept).toBeGreaterThan(45);
      expect(await guardedState(r.deal.id, ids.fileId)).toEqual(before);
      // Only what the member may do went through (upload_only cannot see the owner's file to comment).
      for (const what of succeeded)
        expect(
          MAY.some((re) => re.test(what)),
          `${kind} was allowed ${what}`,
        ).toBe(true);
      // The member's session still works, and the owner still sees the deal whole.
      expect((await call('GET', '/user/profile', { token: member.token })).status).toBe(200);
      expect((await call('GET', `/deals/${r.deal.id}`, { token: r.owner.token })).status).toBe(200);
    });
  }

  it('upload_only: no read answers anything of the files it cannot see, nor of the other people', async () => {
    const { r, ids, secrets } = await tenant('rights-reads', 'Hidden');
    const member = await setMember(r, 'upload_only', 'reader-upload-only');
    // What upload_only must not learn: the owner's file (id, name, comment) and the other members' and
    // invitees' addresses (docs/decisions.md decision 10). The deal, its checklist, its folders (where
    // an upload goes), the admins and its own uploads it may see.
    const shown = [ids.dealId, ids.itemId, ids.categoryId, ids.setId, ids.groupId, ids.tagId, ids.userId, ids.invitationId];
    const hidden = secrets.filter(
      (secret) =>
        !shown.includes(secret) &&
        secret !== ids.folderId &&
        secret !== r.owner.email &&
        !/Sweep Deal|Secret Folder|Item$|Category$|Reviewers$|Group$|Tag$/.test(secret),
    );
    expect(hidden).toEqual(expect.arrayContaining([ids.fileId, 'Hidden-Target-Memo', 'Hidden confidential remark']));
    let read = 0;
    for (const { method, path } of routesOfApp()) {
      if (method !== 'GET' || !path.startsWith('/deals/:dealId') || path.endsWith('/events')) continue;
      const url = fill(path, ids);
      const res = await call('GET', url, { token: member.token });
      const text = JSON.stringify(res.body ?? '');
      for (const secret of hidden) {
        if (url.includes(secret)) continue;
        expect(text.includes(secret), `GET ${path} showed upload_only ${secret}: ${text.slice(0, 300)}`).toBe(false);
      }
      read++;
    }
    expect(read).toBeGreaterThan(25);
    // Nor by counting: the owner's file counts nowhere upload_only looks.
    const stats = (await call('GET', `${r.base}/dashboard/stats`, { token: member.token })).body;
    expect([stats.files_uploaded, stats.files_pending_review, stats.files_queued, stats.files_approved]).toEqual([0, 0, 0, 0]);
    const item = (await call('GET', `${r.base}/checklist/items/${ids.itemId}`, { token: member.token })).body;
    expect(item.metadata.actual_file_count).toBe(0);
    const queue = (await call('GET', `${r.base}/review-queue?kind=files`, { token: member.token })).body;
    expect(queue.total_count).toBe(0);
    // The owner sees the same file counted, so the zeros above are upload_only's view, not an empty deal.
    expect(
      (await call('GET', `${r.base}/checklist/items/${ids.itemId}`, { token: r.owner.token })).body.metadata.actual_file_count,
    ).toBe(1);
  });
});
