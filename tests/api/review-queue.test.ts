// The review queue: filters, sorts and paging over files and checklist items; bulk decisions applied per
// id (mixed files and items, others' and unknown ids failing alone); what the caller cannot see never
// appears, not even in the counts.
import { describe, expect, it } from 'vitest';
import { call, sql } from './helpers.ts';
import { expectError } from './expect.ts';
import { checklistItems, directOk, member, room } from './dataroom-lib.ts';

async function queue(base: string, token: string, query = '') {
  const res = await call('GET', `${base}/review-queue${query ? `?${query}` : ''}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { items: any[]; page: number; page_size: number; total_count: number; has_more: boolean };
}

describe('GET /deals/:dealId/review-queue', () => {
  it('lists files and items with their fields, filters by kind, status, category and search, sorts and pages', async () => {
    const r = await room('rq-list');
    const [itemA, itemB] = await checklistItems(r, 2);
    const a = await directOk(r, r.owner, { filename: 'Audited accounts 2025.pdf', checklist_items: [itemA] });
    const b = await directOk(r, r.owner, { filename: 'Board minutes.pdf' });
    await sql`update public.checklist_items set anticipated_file_count = 2 where id = ${itemA}`;

    // Item 2 has no file yet: an unanswered request, listed only when asked for.
    const all = await queue(r.base, r.owner.token);
    expect(all.total_count).toBe(3);
    expect(all.items.some((x) => x.id === itemB)).toBe(false);
    expect((await queue(r.base, r.owner.token, 'empty=show')).total_count).toBe(4);
    expect(all).toMatchObject({ page: 1, page_size: 20, has_more: false });
    const file = all.items.find((x) => x.id === a.fileId);
    expect(file).toMatchObject({ kind: 'file', name: 'Audited accounts 2025.pdf', status: 'pending', can_decide: true });
    expect(file.size_bytes).toBeGreaterThan(0);
    expect(file.uploaded_by).toBeTruthy();
    const item = all.items.find((x) => x.id === itemA);
    expect(item).toMatchObject({
      kind: 'item',
      title: 'Item 1',
      required: true,
      actual_file_count: 1,
      anticipated_file_count: 2,
      completeness: 0.5,
      status: 'pending',
    });

    expect((await queue(r.base, r.owner.token, 'kind=files')).items.map((x) => x.kind)).toEqual(['file', 'file']);
    expect((await queue(r.base, r.owner.token, 'kind=items')).items.map((x) => x.id)).toEqual([itemA]);
    expect((await queue(r.base, r.owner.token, 'kind=items&empty=show')).total_count).toBe(2);
    await sql`update public.files set approval_status = 'approved' where id = ${b.fileId}`;
    expect((await queue(r.base, r.owner.token, 'status=awaiting&kind=files')).items.map((x) => x.id)).toEqual([a.fileId]);
    expect((await queue(r.base, r.owner.token, 'status=approved')).items.map((x) => x.id)).toEqual([b.fileId]);
    expect((await queue(r.base, r.owner.token, 'search=audited')).items.map((x) => x.id)).toEqual([a.fileId]);
    expect((await queue(r.base, r.owner.token, `category_id=${item.category_id}&kind=files`)).items.map((x) => x.id)).toEqual([
      a.fileId,
    ]);
    const byName = await queue(r.base, r.owner.token, 'sort=name&empty=show');
    expect(byName.items.map((x) => x.name ?? x.title)).toEqual([
      'Audited accounts 2025.pdf',
      'Board minutes.pdf',
      'Item 1',
      'Item 2',
    ]);
    const byCompleteness = await queue(r.base, r.owner.token, 'sort=completeness&kind=items&empty=show');
    expect(byCompleteness.items.map((x) => x.id)).toEqual([itemB, itemA]);
    const page2 = await queue(r.base, r.owner.token, 'sort=name&page=2&page_size=3&empty=show');
    expect(page2).toMatchObject({ page: 2, page_size: 3, total_count: 4, has_more: false });
    expect(page2.items.map((x) => x.title)).toEqual(['Item 2']);
    expect((await queue(r.base, r.owner.token, 'sort=name&page=1&page_size=3&empty=show')).has_more).toBe(true);
  });

  it('refuses bad filters with a detail and answers 404 to a non-member', async () => {
    const r = await room('rq-input');
    expectError(
      await call('GET', `${r.base}/review-queue?kind=folders`, { token: r.owner.token }),
      400,
      'kind must be all, files or items',
    );
    expectError(
      await call('GET', `${r.base}/review-queue?page_size=101`, { token: r.owner.token }),
      400,
      'page_size can be at most 100',
    );
    expectError(await call('GET', `${r.base}/review-queue?sort=size`, { token: r.owner.token }), 400, /sort must be/);
    expectError(await call('GET', `${r.base}/review-queue?category_id=nope`, { token: r.owner.token }), 400, /category_id/);
    const other = await room('rq-other');
    expectError(
      await call('GET', `${r.base}/review-queue`, { token: other.owner.token }),
      404,
      "Deal not found or you don't have access to it.",
    );
  });

  it("never shows a file the caller cannot see, not in the rows, the counts or an item's connected files", async () => {
    const r = await room('rq-hidden');
    const [itemA] = await checklistItems(r, 1);
    const viewer = await member(r, 'viewer');
    const hidden = await directOk(r, r.owner, { filename: 'Secret side letter.pdf', checklist_items: [itemA] });
    await directOk(r, r.owner, { filename: 'Open report.pdf' });
    const denied = await call('PUT', `${r.base}/files/${hidden.fileId}/permissions`, {
      token: r.owner.token,
      body: { type: 'custom', denied_users: [viewer.id] },
    });
    expect(denied.status).toBe(200);
    // The item's only file is hidden from the viewer: to them it is an empty request, listed when asked for.
    expect((await queue(r.base, viewer.token)).items.map((x) => x.id)).not.toContain(itemA);
    const seen = await queue(r.base, viewer.token, 'empty=show');
    expect(seen.items.map((x) => x.name ?? x.title)).not.toContain('Secret side letter.pdf');
    expect(seen.total_count).toBe(2);
    expect(seen.items.find((x) => x.id === itemA).actual_file_count).toBe(0);
    expect((await queue(r.base, viewer.token, 'search=secret')).total_count).toBe(0);
  });
});

describe('bulk decisions', () => {
  it("approves mixed files and items, each on its own: others' ids, unknown ids and non-pending items fail alone", async () => {
    const r = await room('rq-bulk');
    const other = await room('rq-bulk-other');
    const [item, done] = await checklistItems(r, 2);
    const [foreignItem] = await checklistItems(other, 1);
    const f1 = await directOk(r, r.owner, { filename: 'One.pdf' });
    const f2 = await directOk(r, r.owner, { filename: 'Two.pdf' });
    const foreignFile = await directOk(other, other.owner, { filename: 'Theirs.pdf' });
    await call('POST', `${r.base}/checklist/items/${done}/approve`, { token: r.owner.token });

    const res = await call('POST', `${r.base}/review-queue/bulk-approve`, {
      token: r.owner.token,
      body: {
        item_ids: [f1.fileId, item, f2.fileId, done, foreignItem, foreignFile.fileId, '00000000-0000-4000-8000-000000000000'],
        note: 'Approved in bulk',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success_count: 3, failed_count: 4 });
    const files =
      await sql`select id, approval_status from public.files where id in ${sql([f1.fileId, f2.fileId, foreignFile.fileId])} order by name`;
    expect(Object.fromEntries(files.map((f) => [f.id, f.approval_status]))).toEqual({
      [f1.fileId]: 'approved',
      [f2.fileId]: 'approved',
      [foreignFile.fileId]: 'pending',
    });
    const [{ status }] = await sql`select approval_status as status from public.checklist_items where id = ${foreignItem}`;
    expect(status).toBe('pending');
    // History, activity and audit for each success.
    const [{ history }] =
      await sql`select count(*)::int as history from public.file_approvals where file_id in ${sql([f1.fileId, f2.fileId])} and decision = 'approved'`;
    expect(history).toBe(2);
    const [{ feed }] =
      await sql`select count(*)::int as feed from public.activities where deal_id = ${r.deal.id} and activity_type = 'approval'`;
    expect(feed).toBe(2);
    const [{ audits }] = await sql`
      select count(*)::int as audits from public.audit_logs
      where (entity_type = 'file_approval' and new_values ->> 'file_id' in (${f1.fileId}, ${f2.fileId}))
         or (entity_type = 'checklist_approval' and new_values ->> 'item_id' = ${item})`;
    expect(audits).toBe(3);
  });

  it("requests changes on a file and an item; a viewer's bulk approve fails every id and changes nothing", async () => {
    const r = await room('rq-changes');
    const [item] = await checklistItems(r, 1);
    const f = await directOk(r, r.owner, { filename: 'Draft SPA.docx' });
    const viewer = await member(r, 'viewer');
    const refused = await call('POST', `${r.base}/review-queue/bulk-approve`, {
      token: viewer.token,
      body: { item_ids: [f.fileId, item] },
    });
    expect(refused.body).toEqual({ success_count: 0, failed_count: 2 });
    const [{ untouched }] = await sql`select count(*)::int as untouched from public.file_approvals where file_id = ${f.fileId}`;
    expect(untouched).toBe(0);

    const sent = await call('POST', `${r.base}/review-queue/bulk-request-changes`, {
      token: r.owner.token,
      body: { item_ids: [f.fileId, item] },
    });
    expect(sent.body).toEqual({ success_count: 2, failed_count: 0 });
    expect((await queue(r.base, r.owner.token, 'status=awaiting')).total_count).toBe(0);
    const rows = await queue(r.base, r.owner.token, 'status=changes_requested');
    expect(rows.items.map((x) => x.id).sort()).toEqual([f.fileId, item].sort());
    expect(rows.items.find((x) => x.id === item).can_decide).toBe(false);
  });

  it('refuses an empty or malformed selection with a detail', async () => {
    const r = await room('rq-bulk-input');
    expectError(
      await call('POST', `${r.base}/review-queue/bulk-approve`, { token: r.owner.token, body: { item_ids: [] } }),
      400,
      'No items selected',
    );
    expectError(
      await call('POST', `${r.base}/review-queue/bulk-approve`, { token: r.owner.token, body: { item_ids: ['x'] } }),
      400,
      /item_ids/,
    );
    expectError(
      await call('POST', `${r.base}/review-queue/bulk-request-changes`, { token: r.owner.token, body: {} }),
      400,
      'item_ids is required',
    );
  });
});
