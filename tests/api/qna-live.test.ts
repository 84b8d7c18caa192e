// Q&A by mail, live and in the feed (docs/decisions.md decision 51): each reaches exactly those who may
// see the question — the answering side and the asker's group before release, never another bidder —
// drafts only the answering side, and no one outside the asker's group learns who asked.
import { describe, expect, it } from 'vitest';
import { sql, type TestUser } from './helpers.ts';
import { withStreams } from './event-stream.ts';
import { ok, qnaRoom, type QnaRoom } from './qna-lib.ts';

/** The outbox's mail to the room's people since `since`, as "who: subject", sorted. */
async function mailSince(r: QnaRoom, since: number) {
  const people: [string, TestUser][] = [
    ['owner', r.owner],
    ['seller', r.seller],
    ['approver', r.approver],
    ['buyerA', r.buyerA],
    ['buyerA2', r.buyerA2],
    ['buyerB', r.buyerB],
  ];
  const rows = await sql<{ to_email: string; subject: string; body: string }[]>`
    select to_email, subject, body from private.mail_outbox
    where id > ${since} and to_email = any(${people.map(([, u]) => u.email)}) order by id`;
  const name = (email: string) => people.find(([, u]) => u.email === email)![0];
  return { list: rows.map((m) => `${name(m.to_email)}: ${m.subject}`).sort(), rows };
}

const lastMail = async () => (await sql<{ n: number }[]>`select coalesce(max(id), 0)::int as n from private.mail_outbox`)[0]!.n;

describe('Q&A by mail', () => {
  it('mails a new question to the answering side, an assignment to the assignee, a release to the asker’s group only', async () => {
    const r = await qnaRoom('qna-mail');
    const deal = r.deal.name;
    let since = await lastMail();
    const q = await ok('POST', `${r.base}/questions`, r.buyerA.token, { title: 'Churn by cohort', file_id: r.aOnlyFile }, 201);
    const asked = await mailSince(r, since);
    expect(asked.list).toEqual([
      `approver: New question in "${deal}"`,
      `owner: New question in "${deal}"`,
      `seller: New question in "${deal}"`,
    ]);
    const link = `http://localhost:3000/deals/${r.deal.id}/qna/${q.id}`;
    for (const m of asked.rows) {
      expect(m.body).toContain('Churn by cohort');
      expect(m.body).toContain(link);
      expect(m.body).not.toContain(r.buyerA.email);
    }

    since = await lastMail();
    await ok('POST', `${r.base}/questions/${q.id}/assign`, r.approver.token, { assignee_id: r.seller.id });
    expect((await mailSince(r, since)).list).toEqual([`seller: A question in "${deal}" was assigned to you`]);

    since = await lastMail();
    const drafted = await ok(
      'POST',
      `${r.base}/questions/${q.id}/answers`,
      r.seller.token,
      { body: 'Secret draft figures' },
      201,
    );
    expect((await mailSince(r, since)).list, 'a draft mails no one').toEqual([]);

    await ok('POST', `${r.base}/questions/${q.id}/answers/${drafted.answers[0].id}/release`, r.approver.token);
    const answered = await mailSince(r, since);
    expect(answered.list).toEqual([
      `buyerA2: Your question in "${deal}" was answered`,
      `buyerA: Your question in "${deal}" was answered`,
    ]);
    for (const m of answered.rows) {
      expect(m.body).toContain(link);
      expect(m.body).not.toContain('Secret draft figures');
    }
  });
});

describe('Q&A live, through GET /deals/{id}/events', () => {
  it('tells those who may see a question, drafts only the answering side, and another bidder nothing', async () => {
    const r = await qnaRoom('qna-live');
    await withStreams(r.base, { seller: r.seller, buyerA2: r.buyerA2, buyerB: r.buyerB }, async (streams) => {
      const q = await ok('POST', `${r.base}/questions`, r.buyerA.token, { title: 'Working capital peg' }, 201);
      const about = (s: (typeof streams)['seller'], test: (data: any) => boolean) => () =>
        s.seen.some((e) => e.event === 'qna' && e.data.question_id === q.id && test(e.data));
      expect(await streams.seller.until(about(streams.seller, () => true))).toBe(true);
      expect(await streams.buyerA2.until(about(streams.buyerA2, () => true))).toBe(true);
      expect(streams.seller.seen.find((e) => e.event === 'qna')?.data).toEqual({
        deal_id: r.deal.id,
        type: 'qna',
        question_id: q.id,
      });

      const drafted = await ok('POST', `${r.base}/questions/${q.id}/answers`, r.seller.token, { body: 'Draft' }, 201);
      expect(await streams.seller.until(about(streams.seller, (d) => d.answering_only === true))).toBe(true);

      await ok('POST', `${r.base}/questions/${q.id}/answers/${drafted.answers[0].id}/release`, r.approver.token);
      // The release is the second event each of them may see (after the question's own).
      const shared = (s: (typeof streams)['seller']) => () =>
        s.seen.filter((e) => e.event === 'qna' && e.data.question_id === q.id && !e.data.answering_only).length >= 2;
      expect(await streams.seller.until(shared(streams.seller))).toBe(true);
      expect(await streams.buyerA2.until(shared(streams.buyerA2))).toBe(true);
      // Every event above reached the seller's stream after the bidders' could have: none came to B.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(JSON.stringify(streams.buyerB.seen)).not.toContain(q.id);
      expect(streams.buyerA2.seen.some((e) => e.data.answering_only)).toBe(false);

      await ok('POST', `${r.base}/questions/${q.id}/release`, r.approver.token);
      expect(await streams.buyerB.until(about(streams.buyerB, () => true))).toBe(true);
    });
  });
});

describe('Q&A in the activity feed', () => {
  it('shows a question to those who may see it, naming who asked only to the asker’s group and the answering side', async () => {
    const r = await qnaRoom('qna-feed');
    const q = await ok('POST', `${r.base}/questions`, r.buyerA.token, { title: 'Capex plan' }, 201);
    const entries = async (user: TestUser) =>
      ((await ok('GET', `${r.base}/activity`, user.token)) as any[]).filter((e) => e.metadata?.question_id === q.id);
    expect(await entries(r.buyerB)).toEqual([]);
    const [mine] = await entries(r.buyerA2);
    expect(mine).toMatchObject({ activity_type: 'question', description: 'Asked "Capex plan"', user_email: r.buyerA.email });
    expect((await entries(r.seller))[0]).toMatchObject({ user_email: r.buyerA.email });

    const drafted = await ok('POST', `${r.base}/questions/${q.id}/answers`, r.seller.token, { body: 'Draft' }, 201);
    expect((await entries(r.seller)).map((e) => e.activity_type)).toEqual(['question']);
    await ok('POST', `${r.base}/questions/${q.id}/answers/${drafted.answers[0].id}/release`, r.approver.token);
    await ok('POST', `${r.base}/questions/${q.id}/release`, r.approver.token);
    const seen = await entries(r.buyerB);
    expect(seen.map((e) => [e.activity_type, e.description])).toEqual([
      ['answer', 'Answered "Capex plan"'],
      ['question', 'Asked "Capex plan"'],
    ]);
    const asked = seen.find((e) => e.activity_type === 'question');
    expect(asked).toMatchObject({ user_first_name: null, user_last_name: null, user_email: null });
    expect(JSON.stringify(seen)).not.toContain(r.buyerA.email);
  });
});
