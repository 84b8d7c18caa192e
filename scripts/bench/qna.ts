/**
 * `npm run bench -- qna` (issue 36; docs/decisions.md decision 52): a deal with QNA_QUESTIONS questions
 * (default 20,000) and three answers each (60,000), asked by four bidder groups, a tenth released to all.
 * The list's first page and a page 10,000 deep through the API, as a member of the answering side and as
 * a bidder of one group (the row-level security path), against what the list runs in the database (its
 * page and its counts by status) bare, by the tables' owner, plus the API floor (GET /deals/{id}), as
 * the activity feed's bench anchors it; all measured side by side in the same run.
 */
import { loadavg } from 'node:os';
import { questionListQuery } from '../../supabase/functions/_shared/contracts/qna.ts';
import { asUser } from '../../supabase/functions/_shared/db.ts';
import type { TokenClaims } from '../../supabase/functions/_shared/ports.ts';
import { decodeCursor, questionCounts, questionPage } from '../../supabase/functions/_shared/routes/qna/queries.ts';
import { benchApi } from './fixture.ts';
import { ms, percentile, timeInterleaved } from './lib.ts';

type Row = [string, string, string];
const QUESTIONS = Number(process.env.QNA_QUESTIONS ?? 20_000);
const DEEP = Number(process.env.QNA_DEEP ?? 10_000);
const RUNS = Number(process.env.QNA_RUNS ?? 100);
const WARMUP = 30;
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as TokenClaims;
const cursorOf = (at: string, id: string) => Buffer.from(`${at}|${id}`).toString('base64url');

export async function qnaBench(): Promise<Row[]> {
  const bench = await benchApi('bench-qna');
  const { sql, app } = bench;
  try {
    const owner = await bench.session('qna-bench-owner@example.com');
    const seller = await bench.session('qna-bench-seller@example.com');
    const bidder = await bench.session('qna-bench-bidder@example.com');
    const rival = await bench.session('qna-bench-rival@example.com');
    const deal = await bench.blankDeal('Q&A bench', owner.user.id);
    const ownerHeaders = { authorization: `Bearer ${owner.access_token}`, 'content-type': 'application/json' };
    const post = async (path: string, body: unknown) => {
      const res = await app.request(`/deals/${deal.id}${path}`, {
        method: 'POST',
        headers: ownerHeaders,
        body: JSON.stringify(body),
      });
      if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { id: string };
    };
    const sellers = await post('/permissions/sets', {
      name: 'Sellers',
      description: 'Sell side',
      capabilities: ['view', 'download', 'answer_questions', 'approve_answers'],
    });
    const bidders = await post('/permissions/sets', {
      name: 'Bidders',
      description: 'Buy side',
      capabilities: ['view', 'download', 'ask_questions'],
    });
    const groups: string[] = [];
    for (const name of ['Bidder A', 'Bidder B', 'Bidder C', 'Bidder D'])
      groups.push((await post('/permissions/groups', { name, permission_set_id: bidders.id })).id);
    await sql`insert into public.deal_members (deal_id, user_id, role, permission_set_id) values
      (${deal.id}, ${seller.user.id}, 'member', ${sellers.id}), (${deal.id}, ${bidder.user.id}, 'member', null),
      (${deal.id}, ${rival.user.id}, 'member', null)`;
    await sql`insert into public.deal_group_members (group_id, deal_id, user_id)
              values (${groups[0]}, ${deal.id}, ${bidder.user.id}), (${groups[1]}, ${deal.id}, ${rival.user.id})`;

    // Half the questions are Bidder A's, the rest the other three groups'; every tenth is released to all.
    const started = performance.now();
    await sql`insert into public.questions (deal_id, title, body, category, priority, asked_by, asker_group_id, released_to_all, created_at)
              select ${deal.id}, 'Question ' || n, 'What about item ' || n || '?', (array['Finance', 'Legal', 'Tax', 'HR'])[1 + n % 4],
                     (array['low', 'normal', 'high'])[1 + n % 3],
                     case when n % 2 = 0 then ${bidder.user.id}::uuid else ${rival.user.id}::uuid end,
                     case when n % 2 = 0 then ${groups[0]}::uuid else (${groups}::uuid[])[2 + n % 3] end,
                     n % 10 = 1, now() - n * interval '1 minute'
              from generate_series(1, ${QUESTIONS}) n`;
    // Three answers each: two released, one still a draft (a third of the questions keep all three drafts).
    await sql`insert into public.question_answers (question_id, deal_id, body, author_id, state, released_by, released_at, created_at)
              select q.id, q.deal_id, 'Answer ' || k || ' to ' || q.title, ${seller.user.id},
                     case when k < 3 and q.created_at > now() - ${QUESTIONS} * interval '40 second' then 'released' else 'draft' end,
                     null, null, q.created_at + k * interval '1 second'
              from public.questions q, generate_series(1, 3) k where q.deal_id = ${deal.id}`;
    await sql`update public.questions set status = 'closed' where deal_id = ${deal.id} and title like '%7'`;
    const seedSeconds = (performance.now() - started) / 1000;
    await sql`vacuum analyze public.questions`;
    await sql`vacuum analyze public.question_answers`;
    const [seeded] = await sql<{ questions: number; answers: number }[]>`
      select (select count(*)::int from public.questions where deal_id = ${deal.id}) as questions,
             (select count(*)::int from public.question_answers where deal_id = ${deal.id}) as answers`;

    const floorHeaders = (token: string) => ({ authorization: `Bearer ${token}` });
    const measure = async (label: string, token: string, deep: boolean) => {
      const headers = floorHeaders(token);
      const claims = claimsOf(token);
      // The cursor of the question DEEP rows down the list this caller sees.
      let after: string | undefined;
      if (deep) {
        const [row] = await asUser(
          sql,
          claims,
          (tx) => tx`select created_at::text as at, id from public.questions where deal_id = ${deal.id}
                     order by created_at desc, id desc offset ${DEEP - 1} limit 1`,
        );
        after = cursorOf(row.at, row.id);
        decodeCursor(after);
      }
      const query = questionListQuery.parse({ after });
      let body = '';
      const { api, page, counts, asCaller, floor } = await timeInterleaved(
        RUNS,
        {
          api: async () => {
            body = await (await app.request(`/deals/${deal.id}/questions${after ? `?after=${after}` : ''}`, { headers })).text();
          },
          // What the list asks of the database, by the owner (no row-level security): its page and its counts.
          page: () => questionPage(sql as never, deal.id, claims.sub, query, true),
          counts: () => questionCounts(sql as never, deal.id, claims.sub, query),
          asCaller: () =>
            asUser(sql, claims, async (tx) => {
              await questionPage(tx, deal.id, claims.sub, query, token === seller.access_token);
              await questionCounts(tx, deal.id, claims.sub, query);
            }),
          floor: async () => (await app.request(`/deals/${deal.id}`, { headers })).text(),
        },
        WARMUP,
      );
      const list = JSON.parse(body) as { items: unknown[]; counts: { all: number } };
      const [apiP50, pageP50, countsP50, floorP50] = [api, page, counts, floor].map((s) => percentile(s, 50));
      const anchor = pageP50 + countsP50 + floorP50;
      return [
        [
          `${label} (${list.items.length} of ${list.counts.all.toLocaleString('en-US')} seen): API / (bare ${ms(pageP50)} page + ${ms(countsP50)} counts + floor ${ms(floorP50)}) p50`,
          `${ms(apiP50)} / ${ms(anchor)}`,
          `${(apiP50 / anchor).toFixed(2)}x (budget <= 1.5x)`,
        ],
        [`  as the caller in a transaction p50`, ms(percentile(asCaller, 50)), `API p95 ${ms(percentile(api, 95))}`],
      ] as Row[];
    };
    const deepLabel = `${DEEP.toLocaleString('en-US')} deep`;
    const loadBefore = loadavg()[0];
    const rows: Row[] = [
      [
        `${seeded.questions.toLocaleString('en-US')} questions and ${seeded.answers.toLocaleString('en-US')} answers seeded`,
        `${seedSeconds.toFixed(1)} s`,
        '',
      ],
      ...(await measure('answering side, first page', seller.access_token, false)),
      ...(await measure(`answering side, ${deepLabel}`, seller.access_token, true)),
      ...(await measure('bidder of one group, first page', bidder.access_token, false)),
      ...(await measure(`bidder of one group, ${deepLabel}`, bidder.access_token, true)),
    ];
    // The machine is shared: its load says how far these figures are from an idle one's.
    rows.push(['load average (1 min) before / after measuring', `${loadBefore.toFixed(1)} / ${loadavg()[0].toFixed(1)}`, '']);
    return rows;
  } finally {
    await bench.stop();
  }
}
