/**
 * One "pending review" (docs/decisions.md decision 36): the dashboard's count, its "Files Pending Review"
 * list, the review queue's default filter and the deal card count the same files: ready, unarchived,
 * approval pending or in review. A file approved in the queue leaves all four at once, even while its
 * AI suggestion is still open; a file sent back ("changes requested") is not pending either.
 */
import { describe, expect, it } from 'vitest';
import { drainAiJobs } from '../../supabase/functions/_shared/ai/worker.ts';
import { builtinAi } from '../../supabase/functions/_shared/ai/providers.ts';
import { call, sql, storage, type TestUser } from './helpers.ts';
import { member, room, twoStep, uploadText, type Room } from './dataroom-lib.ts';

/** The four places that say how many files await a decision, as `user` sees them. */
async function pendingEverywhere(r: Room, user: TestUser) {
  const stats = await call('GET', `${r.base}/dashboard/stats`, { token: user.token });
  const list = await call('GET', `${r.base}/files/pending-review`, { token: user.token });
  const deals = await call('GET', '/deals', { token: user.token });
  const queue = await call('GET', `${r.base}/review-queue?status=awaiting&kind=files`, { token: user.token });
  for (const res of [stats, list, deals, queue]) expect(res.status, JSON.stringify(res.body)).toBe(200);
  const card = (deals.body as { id: string; files_pending_review: number }[]).find((d) => d.id === r.deal.id);
  return {
    count: stats.body.files_pending_review as number,
    list: list.body.total_count as number,
    listed: (list.body.pending_files as { file_id: string }[]).map((f) => f.file_id).sort(),
    card: card?.files_pending_review,
    queue: queue.body.total_count as number,
  };
}

describe('files pending review', () => {
  it('count, list, card and queue go from 2 to 1 together when a file is approved in the queue', async () => {
    const r = await room('pending-review');
    const cat = await call('POST', `${r.base}/checklist/categories`, { token: r.owner.token, body: { name: 'Corporate' } });
    const item = await call('POST', `${r.base}/checklist/items`, {
      token: r.owner.token,
      body: { name: 'Board minutes', description: 'Minutes of the board meetings', category_id: cat.body.id },
    });
    expect(item.status).toBe(201);
    const a = await uploadText(
      r,
      r.owner,
      'Board minutes 2024.txt',
      'Minutes of the meeting of the board of directors held in March 2024.',
    );
    const b = await uploadText(
      r,
      r.owner,
      'Board minutes 2025.txt',
      'Minutes of the meeting of the board of directors held in March 2025.',
    );
    await drainAiJobs({
      sql,
      blobs: storage.store,
      ai: builtinAi,
      workerId: 'pending-review',
      dealId: r.deal.id,
      log: { info() {}, warn() {}, error() {} },
    });
    const open = await sql`select file_id from public.file_ai_analyses where deal_id = ${r.deal.id} and status = 'review'`;
    expect(open).toHaveLength(2);

    const both = [a.fileId, b.fileId].sort();
    expect(await pendingEverywhere(r, r.owner)).toEqual({ count: 2, list: 2, listed: both, card: 2, queue: 2 });

    const approve = await call('POST', `${r.base}/review-queue/bulk-approve`, {
      token: r.owner.token,
      body: { item_ids: [a.fileId], note: 'Approved from the review queue' },
    });
    expect(approve.body).toEqual({ success_count: 1, failed_count: 0 });
    // Its AI suggestion is still open, and it no longer counts anywhere.
    const [approved] = await sql`select approval_status, ai_status from public.files where id = ${a.fileId}`;
    expect(approved).toEqual({ approval_status: 'approved', ai_status: 'review' });
    expect(await pendingEverywhere(r, r.owner)).toEqual({ count: 1, list: 1, listed: [b.fileId], card: 1, queue: 1 });

    // The list still carries the open suggestion of the file that remains.
    const list = await call('GET', `${r.base}/files/pending-review`, { token: r.owner.token });
    expect(list.body.pending_files[0]).toMatchObject({ file_id: b.fileId, approval_status: 'pending', can_decide: true });
    expect(list.body.pending_files[0].recommended_item).toMatchObject({ id: item.body.id, name: 'Board minutes' });

    // Changes requested is answered, not pending.
    const back = await call('POST', `${r.base}/review-queue/bulk-request-changes`, {
      token: r.owner.token,
      body: { item_ids: [b.fileId], note: 'Changes requested from the review queue' },
    });
    expect(back.body).toEqual({ success_count: 1, failed_count: 0 });
    expect(await pendingEverywhere(r, r.owner)).toEqual({ count: 0, list: 0, listed: [], card: 0, queue: 0 });
  });

  it('a file without an AI suggestion is pending too, and a member counts only the files they see', async () => {
    const r = await room('pending-seen');
    const viewer = await member(r, 'viewer', 'pending-seen-viewer');
    const seen = await twoStep(r, r.owner, { filename: 'Seen.bin' });
    const hidden = await twoStep(r, r.owner, { filename: 'Hidden.bin' });
    const perms = await call('PUT', `${r.base}/files/${hidden.fileId}/permissions`, {
      token: r.owner.token,
      body: { type: 'custom', denied_users: [viewer.id] },
    });
    expect(perms.status, JSON.stringify(perms.body)).toBe(200);

    const owner = await pendingEverywhere(r, r.owner);
    expect(owner).toMatchObject({ count: 2, list: 2, card: 2, queue: 2 });
    const list = await call('GET', `${r.base}/files/pending-review`, { token: r.owner.token });
    expect(list.body.pending_files.find((f: { file_id: string }) => f.file_id === seen.fileId)).toMatchObject({
      analysis_id: null,
      recommended_item: null,
      can_decide: false,
    });
    expect(await pendingEverywhere(r, viewer)).toEqual({ count: 1, list: 1, listed: [seen.fileId], card: 1, queue: 1 });
  });
});
