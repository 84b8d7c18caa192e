/**
 * `npm run bench -- search` (issue 35; docs/decisions.md decision 47): SEARCH_DOCS documents (default
 * 100,000) of about 20 KB of text each, inserted directly into one deal; the first page of a two-word
 * query through the API against the same statement run as the caller in a transaction (bare), plus
 * the API floor (GET /deals/{id}), as the activity feed's bench anchors it. Then the indexing rate
 * through the real extraction path: SEARCH_INDEX_DOCS (default 200) four-page PDFs read by the embedded
 * server's AI threads (server/ai-threads.ts: as many as it starts on this machine) and stored as the
 * worker stores them (the trigger and the generated tsvector included; SEARCH_INDEX_THREADS=N starts N).
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { startAiThreads } from '../../server/ai-threads.ts';
import { asUser } from '../../supabase/functions/_shared/db.ts';
import type { TokenClaims } from '../../supabase/functions/_shared/ports.ts';
import { searchStatement } from '../../supabase/functions/_shared/routes/search.ts';
import { benchApi } from './fixture.ts';
import { ms, percentile, timeInterleaved } from './lib.ts';

type Row = [string, string, string];
const DOCS = Number(process.env.SEARCH_DOCS ?? 100_000);
const INDEX_DOCS = Number(process.env.SEARCH_INDEX_DOCS ?? 200);
const RUNS = Number(process.env.SEARCH_RUNS ?? 100);
const BLOCKS = 300;
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as TokenClaims;

/** A vocabulary of pronounceable words, drawn with a Zipf-like skew, as prose is. */
function corpus(seed = 7): { blocks: string[]; common: string } {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const syllables = ['ba', 'ke', 'lo', 'mi', 'nu', 'ra', 'se', 'ti', 'vo', 'da', 'fe', 'go', 'hu', 'pi', 'sa', 'to'];
  const vocabulary = Array.from({ length: 8000 }, () => {
    const n = 2 + Math.floor(random() * 3);
    return Array.from({ length: n }, () => syllables[Math.floor(random() * syllables.length)]).join('');
  });
  const blocks = Array.from({ length: BLOCKS }, () => {
    const words: string[] = [];
    let length = 0;
    while (length < 20_000) {
      const word = vocabulary[Math.floor(vocabulary.length * random() ** 3)];
      words.push(word);
      length += word.length + 1;
    }
    return words.join(' ');
  });
  return { blocks, common: `${vocabulary[0]} ${vocabulary[1]}` };
}

async function fourPagePdf(n: number, block: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < 4; p++) {
    const page = doc.addPage([595, 842]);
    const words = block.slice(p * 5000, p * 5000 + 5000).split(' ');
    for (let line = 0; line < 60 && words.length; line++)
      page.drawText(words.splice(0, 12).join(' ') + (line === 0 && p === 3 ? ` escrow${n}` : ''), {
        x: 40,
        y: 800 - line * 12,
        size: 9,
        font,
      });
  }
  return doc.save();
}

export async function searchBench(): Promise<Row[]> {
  const bench = await benchApi('bench-search');
  const { sql, app } = bench;
  try {
    const owner = await bench.session('search-bench@example.com');
    const deal = await bench.blankDeal('Search bench', owner.user.id);
    const { blocks, common } = corpus();
    await sql`create table public.bench_blocks (i int primary key, body text)`;
    await sql`insert into public.bench_blocks ${sql(blocks.map((body, i) => ({ i, body })))}`;
    await sql`insert into public.files (deal_id, name, file_type, size_bytes, uploaded_by, upload_state, current_version)
              select ${deal.id}, 'Document ' || n || '.pdf', 'pdf', 0, ${owner.user.id}, 'pending', 0
              from generate_series(1, ${DOCS}) n`;
    await sql`insert into public.file_versions (file_id, deal_id, version_number, size_bytes, sha256, storage_key, original_name, uploaded_by)
              select id, deal_id, 1, 1024, repeat('0', 64), 'deals/' || deal_id || '/files/' || id || '/v1', name, uploaded_by
              from public.files where deal_id = ${deal.id}`;
    await sql`update public.files set upload_state = 'ready', current_version = 1, size_bytes = 1024 where deal_id = ${deal.id}`;
    await sql`delete from public.ai_jobs where deal_id = ${deal.id}`;
    // Two words of a due-diligence search, each in a few percent of the documents, both in fewer.
    const started = performance.now();
    // In two halves at once, one a core: each text's tsvector is made as it is inserted.
    await Promise.all(
      [0, 1].map(
        (half) => sql`insert into public.file_texts (file_id, deal_id, version_number, content)
              select f.id, f.deal_id, 1,
                     left(b.body, 9000)
                     || case when f.n % 40 = 0 then ' the escrow account ' else ' ' end
                     || substr(b.body, 9001)
                     || case when f.n % 30 = 0 then ' indemnity cap' else '' end
              from (select id, deal_id, row_number() over (order by id) as n from public.files where deal_id = ${deal.id}) f
              join public.bench_blocks b on b.i = f.n % ${BLOCKS}
              where f.n % 2 = ${half}`,
      ),
    );
    const loadSeconds = (performance.now() - started) / 1000;
    await sql`analyze`;
    const [size] = await sql<{ avg: number; total: string }[]>`
      select avg(length(content))::int as avg, pg_size_pretty(pg_total_relation_size('public.file_texts')) as total
      from public.file_texts where deal_id = ${deal.id}`;

    const headers = { authorization: `Bearer ${owner.access_token}` };
    const claims = claimsOf(owner.access_token);
    const measure = async (label: string, q: string, runs: number) => {
      const params = { q, limit: 21 };
      let body = '';
      const { api, bare, floor } = await timeInterleaved(
        runs,
        {
          api: async () => {
            body = await (await app.request(`/deals/${deal.id}/search?q=${encodeURIComponent(q)}`, { headers })).text();
          },
          bare: () => asUser(sql, claims, (tx) => searchStatement(tx, deal.id, params)),
          floor: async () => (await app.request(`/deals/${deal.id}`, { headers })).text(),
        },
        Math.min(20, runs),
      );
      const [matches] = await sql<{ n: number }[]>`
        select count(*)::int as n from public.file_texts
        where deal_id = ${deal.id} and search_vector @@ private.search_tsquery('english', ${q})`;
      const hits = (JSON.parse(body) as { hits: unknown[] }).hits.length;
      const apiP50 = percentile(api, 50);
      const bareP50 = percentile(bare, 50);
      const floorP50 = percentile(floor, 50);
      return [
        [`${label} "${q}" (${matches.n} documents match, ${hits} on the page): API p50`, ms(apiP50), 'budget <= 50 ms'],
        [
          `  API / (statement as the caller ${ms(bareP50)} + API floor ${ms(floorP50)}) p50`,
          `${ms(apiP50)} / ${ms(bareP50 + floorP50)}`,
          `${(apiP50 / (bareP50 + floorP50)).toFixed(2)}x (budget <= 1.5x)`,
        ],
      ] as Row[];
    };
    const rows: Row[] = [
      [
        `${DOCS.toLocaleString('en-US')} documents of ${size.avg.toLocaleString('en-US')} characters inserted and indexed`,
        `${loadSeconds.toFixed(0)} s`,
        `${Math.round(DOCS / loadSeconds)} documents/s, file_texts ${size.total}`,
      ],
      ...(await measure('two words, first page', 'escrow indemnity', RUNS)),
      ...(await measure('two words typed, the last a prefix', 'escrow indem', RUNS)),
      ...(await measure('two common words (ranks every match)', common, Math.max(3, Math.round(RUNS / 20)))),
    ];

    // Indexing through the real extraction path: PDF bytes → extractText → the row the worker writes.
    const pdfs = await Promise.all(Array.from({ length: INDEX_DOCS }, (_, i) => fourPagePdf(i, blocks[i % BLOCKS])));
    await sql`insert into public.files (deal_id, name, file_type, size_bytes, uploaded_by, upload_state, current_version)
              select ${deal.id}, 'Indexed ' || n || '.pdf', 'pdf', 0, ${owner.user.id}, 'pending', 0
              from generate_series(1, ${INDEX_DOCS}) n`;
    const ids = await sql<
      { id: string }[]
    >`select id from public.files where deal_id = ${deal.id} and name like 'Indexed %' order by name`;
    // Two at a time, as the AI worker runs its jobs (ai/worker.ts): one document's text is stored (and
    // indexed, in Postgres) while the next is read in the AI threads, off this process's event loop.
    const threads = startAiThreads(process.env.SEARCH_INDEX_THREADS ? { threads: Number(process.env.SEARCH_INDEX_THREADS) } : {});
    const indexStarted = performance.now();
    let chars = 0;
    let next = 0;
    const indexer = async () => {
      for (let i = next++; i < INDEX_DOCS; i = next++) {
        const extracted = await threads.extract(`Indexed ${i}.pdf`, 'application/pdf', pdfs[i], pdfs[i].length);
        chars += extracted.text.length;
        await sql`insert into public.file_texts (file_id, deal_id, version_number, content, page_starts)
                  values (${ids[i].id}, ${deal.id}, 1, ${extracted.text}, ${extracted.pageStarts ?? null}::int[])`;
      }
    };
    try {
      await Promise.all([indexer(), indexer()]);
    } finally {
      await threads.close();
    }
    const indexSeconds = (performance.now() - indexStarted) / 1000;
    rows.push([
      `indexing ${INDEX_DOCS} four-page PDFs (${Math.round(chars / INDEX_DOCS).toLocaleString('en-US')} characters each): extract in ${threads.threads} AI thread(s) + store, two at a time`,
      `${(INDEX_DOCS / indexSeconds).toFixed(0)} docs/s`,
      'budget >= 50 documents/s',
    ]);
    return rows;
  } finally {
    await bench.stop();
  }
}
