// Q&A (docs/decisions.md decision 49): the workflow ask → assign → draft → release → release to all →
// close, the transitions refused with a detail, attachments only from files the asker may see, the list's
// filters, counts and keyset pages, bulk actions and the CSV log each party may see.
import { describe, expect, it } from 'vitest';
import { call, sql } from './helpers.ts';
import { expectError } from './expect.ts';
import { ok, qnaRoom } from './qna-lib.ts';

describe('Q&A workflow', () => {
  it('ask → assign → draft → release → release to all → close, each party seeing what it may', async () => {
    const r = await qnaRoom('qna-flow');
    const q = await ok(
      'POST',
      `${r.base}/questions`,
      r.buyerA.token,
      {
        title: 'Revenue recognition',
        body: 'How is deferred revenue booked?',
        priority: 'high',
        due_date: '2027-01-31',
        file_id: r.aOnlyFile,
        attachment_file_ids: [r.openFile],
      },
      201,
    );
    expect(q).toMatchObject({
      status: 'open',
      scope: 'file',
      file_name: 'A only.pdf',
      asker_group_name: 'Bidder A',
      priority: 'high',
    });
    expect(q.attachments.map((a: any) => a.file_name)).toEqual(['Accounts.pdf']);
    const path = `${r.base}/questions/${q.id}`;

    // The other bidder sees nothing of it; the asker's group and the answering side do.
    expect((await ok('GET', `${r.base}/questions`, r.buyerB.token)).items).toEqual([]);
    expectError(await call('GET', path, { token: r.buyerB.token }), 404, 'Question not found');
    expect((await ok('GET', `${r.base}/questions`, r.buyerA2.token)).items.map((x: any) => x.id)).toEqual([q.id]);
    expect((await ok('GET', `${r.base}/questions`, r.seller.token)).counts).toEqual({ all: 1, open: 1, answered: 0, closed: 0 });

    // Assigning is the answering side's, to one of its own.
    expectError(await call('POST', `${path}/assign`, { token: r.buyerA.token, body: { assignee_id: r.seller.id } }), 403);
    expectError(
      await call('POST', `${path}/assign`, { token: r.seller.token, body: { assignee_id: r.buyerA.id } }),
      400,
      'Questions can only be assigned to a member who answers questions',
    );
    const assignees = await ok('GET', `${r.base}/questions/assignees`, r.seller.token);
    expect(assignees.map((a: any) => a.id).sort()).toEqual([r.owner.id, r.seller.id, r.approver.id].sort());
    expect((await ok('POST', `${path}/assign`, r.seller.token, { assignee_id: r.approver.id })).assignee_id).toBe(r.approver.id);

    // A draft is the answering side's alone; only an approver releases it.
    expectError(await call('POST', `${path}/answers`, { token: r.buyerA.token, body: { body: 'Self-answered' } }), 403);
    const drafted = await ok('POST', `${path}/answers`, r.seller.token, { body: 'Over the contract term.' }, 201);
    const answerId = drafted.answers[0].id;
    expect(drafted.answers[0]).toMatchObject({ state: 'draft', body: 'Over the contract term.' });
    expect((await ok('GET', path, r.buyerA.token)).answers).toEqual([]);
    expect(
      (await ok('PATCH', `${path}/answers/${answerId}`, r.seller.token, { body: 'Ratably over the term.' })).answers[0].body,
    ).toBe('Ratably over the term.');
    expectError(await call('POST', `${path}/answers/${answerId}/release`, { token: r.seller.token }), 403);
    const released = await ok('POST', `${path}/answers/${answerId}/release`, r.approver.token);
    expect(released).toMatchObject({ status: 'answered' });
    expect(released.answers[0]).toMatchObject({ state: 'released' });
    const seen = await ok('GET', path, r.buyerA2.token);
    expect(seen.answers.map((a: any) => a.body)).toEqual(['Ratably over the term.']);
    expectError(
      await call('PATCH', `${path}/answers/${answerId}`, { token: r.approver.token, body: { body: 'Changed' } }),
      409,
      'A released answer cannot be changed',
    );
    expectError(await call('DELETE', `${path}/answers/${answerId}`, { token: r.approver.token }), 409);

    // Released to all bidders: the other bidder reads it but never learns who asked, nor sees a file it may not.
    expectError(await call('POST', `${path}/release`, { token: r.seller.token }), 403);
    await ok('POST', `${path}/release`, r.approver.token);
    expectError(await call('GET', path, { token: r.buyerB.token }), 404);
    const general = await ok('POST', `${r.base}/questions`, r.buyerA.token, { title: 'Headcount' }, 201);
    await ok('POST', `${r.base}/questions/${general.id}/answers`, r.seller.token, { body: '120' }, 201);
    const g = await ok('GET', `${r.base}/questions/${general.id}`, r.approver.token);
    await ok('POST', `${r.base}/questions/${general.id}/answers/${g.answers[0].id}/release`, r.approver.token);
    await ok('POST', `${r.base}/questions/${general.id}/release`, r.approver.token);
    const forB = await ok('GET', `${r.base}/questions/${general.id}`, r.buyerB.token);
    expect(forB).toMatchObject({ title: 'Headcount', asked_by_name: null, asker_group_name: null, can_close: false });
    expect(forB.answers.map((a: any) => a.body)).toEqual(['120']);
    expectError(await call('POST', `${r.base}/questions/${general.id}/close`, { token: r.buyerB.token }), 403);

    // Closing and reopening.
    expect((await ok('POST', `${path}/close`, r.buyerA2.token)).status).toBe('closed');
    expectError(
      await call('POST', `${path}/answers`, { token: r.seller.token, body: { body: 'Late' } }),
      409,
      'This question is closed',
    );
    expect((await ok('POST', `${path}/reopen`, r.buyerA.token)).status).toBe('answered');
    expectError(await call('POST', `${path}/reopen`, { token: r.buyerA.token }), 409, 'Only a closed question can be reopened');
  });

  it('attaches only files the attacher may see, and asks only about them', async () => {
    const r = await qnaRoom('qna-files');
    expectError(
      await call('POST', `${r.base}/questions`, {
        token: r.buyerB.token,
        body: { title: 'Q', attachment_file_ids: [r.aOnlyFile] },
      }),
      404,
      'File not found',
    );
    expectError(
      await call('POST', `${r.base}/questions`, { token: r.buyerB.token, body: { title: 'Q', file_id: r.aOnlyFile } }),
      404,
      'File not found',
    );
    const [{ n }] = await sql`select count(*)::int as n from public.questions where deal_id = ${r.deal.id}`;
    expect(n).toBe(0);
    const q = await ok('POST', `${r.base}/questions`, r.buyerB.token, { title: 'Q' }, 201);
    expectError(
      await call('POST', `${r.base}/questions/${q.id}/attachments`, { token: r.buyerB.token, body: { file_id: r.aOnlyFile } }),
      404,
      'File not found',
    );
    expectError(
      await call('POST', `${r.base}/questions/${q.id}/attachments`, { token: r.buyerA.token, body: { file_id: r.openFile } }),
      404,
      'Question not found',
    );
    const attached = await ok('POST', `${r.base}/questions/${q.id}/attachments`, r.buyerB.token, { file_id: r.openFile }, 201);
    expect(attached.attachments.map((a: any) => a.file_name)).toEqual(['Accounts.pdf']);
    expectError(await call('POST', `${r.base}/questions`, { token: r.seller.token, body: { title: 'Q' } }), 403);
  });
});

describe('Q&A list, bulk actions and CSV', () => {
  it('filters, counts, searches and pages by keyset; refuses bad input with a detail', async () => {
    const r = await qnaRoom('qna-list');
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const body = { title: `Question ${i}`, body: i === 3 ? 'About the lease' : '', file_id: i === 5 ? r.openFile : undefined };
      ids.push((await ok('POST', `${r.base}/questions`, r.buyerA.token, body, 201)).id);
    }
    const first = await ok('GET', `${r.base}/questions?limit=2`, r.seller.token);
    expect(first.items.map((x: any) => x.title)).toEqual(['Question 5', 'Question 4']);
    expect(first.counts.all).toBe(5);
    const second = await ok('GET', `${r.base}/questions?limit=2&after=${first.next_cursor}`, r.seller.token);
    expect(second.items.map((x: any) => x.title)).toEqual(['Question 3', 'Question 2']);
    const last = await ok('GET', `${r.base}/questions?limit=2&after=${second.next_cursor}`, r.seller.token);
    expect(last.items.map((x: any) => x.title)).toEqual(['Question 1']);
    expect(last.next_cursor).toBeNull();
    expect((await ok('GET', `${r.base}/questions?search=lease`, r.seller.token)).items.map((x: any) => x.id)).toEqual([ids[2]]);
    expect((await ok('GET', `${r.base}/questions?file_id=${r.openFile}`, r.seller.token)).items.map((x: any) => x.id)).toEqual([
      ids[4],
    ]);
    expect((await ok('GET', `${r.base}/questions?scope=deal`, r.seller.token)).items).toHaveLength(4);

    const bulk = await ok('POST', `${r.base}/questions/bulk-assign`, r.seller.token, {
      question_ids: [ids[0], ids[1], '00000000-0000-0000-0000-000000000000'],
      assignee_id: r.seller.id,
    });
    expect(bulk).toEqual({ success_count: 2, failed_count: 1 });
    expect((await ok('GET', `${r.base}/questions?assignee=me`, r.seller.token)).items).toHaveLength(2);
    expect((await ok('GET', `${r.base}/questions?assignee=none`, r.seller.token)).items).toHaveLength(3);
    expect(await ok('POST', `${r.base}/questions/bulk-close`, r.buyerB.token, { question_ids: [ids[0]] })).toEqual({
      success_count: 0,
      failed_count: 1,
    });
    expect(await ok('POST', `${r.base}/questions/bulk-close`, r.seller.token, { question_ids: [ids[0], ids[1]] })).toEqual({
      success_count: 2,
      failed_count: 0,
    });
    const closed = await ok('GET', `${r.base}/questions?status=closed`, r.buyerA.token);
    expect(closed.items).toHaveLength(2);
    expect(closed.counts).toEqual({ all: 5, open: 3, answered: 0, closed: 2 });
    expectError(
      await call('POST', `${r.base}/questions/bulk-assign`, {
        token: r.buyerA.token,
        body: { question_ids: [ids[2]], assignee_id: null },
      }),
      403,
    );

    expectError(
      await call('GET', `${r.base}/questions?status=pending`, { token: r.seller.token }),
      400,
      'status must be all, open, answered or closed',
    );
    expectError(await call('GET', `${r.base}/questions?after=nonsense`, { token: r.seller.token }), 400);
    expectError(
      await call('POST', `${r.base}/questions`, { token: r.buyerA.token, body: { title: '' } }),
      400,
      'A title is required',
    );
    expectError(
      await call('POST', `${r.base}/questions`, { token: r.buyerA.token, body: { title: 'x', priority: 'urgent' } }),
      400,
    );
    expectError(await call('GET', `${r.base}/questions/not-a-uuid`, { token: r.seller.token }), 404, 'Question not found');
    expectError(
      await call('POST', `${r.base}/questions/bulk-close`, { token: r.seller.token, body: { question_ids: [] } }),
      400,
      'No questions selected',
    );
  });

  it('exports the log each party may see as CSV, formulas defused', async () => {
    const r = await qnaRoom('qna-csv');
    await ok('POST', `${r.base}/questions`, r.buyerA.token, { title: '=HYPERLINK("x")', body: 'Line "one"' }, 201);
    await ok('POST', `${r.base}/questions`, r.buyerB.token, { title: 'B asks' }, 201);
    const forA = await call('GET', `${r.base}/questions.csv`, { token: r.buyerA.token });
    expect(forA.status).toBe(200);
    expect(forA.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = typeof forA.body === 'string' ? forA.body : String(forA.body);
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toMatch(/^"id","asked_at","status"/);
    expect(lines).toHaveLength(2);
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(text).toContain('"Line ""one"""');
    expect(text).not.toContain('B asks');
    const forSeller = await call('GET', `${r.base}/questions.csv`, { token: r.seller.token });
    expect(String(forSeller.body).trim().split('\r\n')).toHaveLength(3);
  });
});
