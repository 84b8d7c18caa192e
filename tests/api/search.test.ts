/**
 * Search inside documents (issue 35; docs/decisions.md decision 47): a small fixed corpus uploaded and
 * read by the real AI worker, then searched through GET /deals/{id}/search: ranking, phrases, prefixes,
 * snippets as plain text with highlight ranges, the page of a multi-page PDF, each filter, paging and
 * the 400s. Who may find what is proven per kind of member in pgTAP 46_document_search.sql.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { drainAiJobs } from '../../supabase/functions/_shared/ai/worker.ts';
import { builtinAi } from '../../supabase/functions/_shared/ai/providers.ts';
import { docx } from '../../scripts/bench/ai/render.ts';
import type { SearchHit, SearchResult } from '../../supabase/functions/_shared/contracts/search.ts';
import { call, registerUser, sql, storage, type TestUser } from './helpers.ts';
import { checklistItems, member, mkdir, room, text, twoStep, type Room } from './dataroom-lib.ts';

async function threePagePdf(pages: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const line of pages) {
    const page = doc.addPage([595, 842]);
    page.drawText(line, { x: 50, y: 780, size: 11, font });
  }
  return doc.save();
}

describe('search inside documents', () => {
  let r: Room;
  let viewer: TestUser;
  let items: string[];
  const ids: Record<string, string> = {};
  const search = (params: Record<string, string>, token = r.owner.token) =>
    call<SearchResult>('GET', `${r.base}/search?${new URLSearchParams(params)}`, { token });
  const names = (hits: SearchHit[]) => hits.map((h) => h.filename);

  beforeAll(async () => {
    r = await room('search');
    viewer = await member(r, 'viewer', 'search-viewer');
    items = await checklistItems(r, 2);
    const legal = await mkdir(r, r.owner, 'Legal');
    await mkdir(r, r.owner, 'Contracts', '/Legal');
    ids.legal = legal.id;
    const up = async (key: string, filename: string, bytes: Uint8Array, extra: Record<string, unknown> = {}) => {
      ids[key] = (await twoStep(r, r.owner, { filename, bytes, content_type: 'text/plain', ...extra })).fileId;
    };
    await up(
      'spa',
      'spa.txt',
      text('The share purchase agreement sets the escrow. The escrow holds ten percent; the escrow is released at closing.'),
      { path: '/Legal/Contracts', tags: ['Legal'], checklist_items: [items[0]] },
    );
    await up('memo', 'memo.txt', text('A short memo. It mentions the escrow once, and the purchase of shares.'));
    await up('board', 'board.docx', docx('Board minutes approving the share purchase agreement for the target.'), {
      content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    await up(
      'report',
      'report.pdf',
      await threePagePdf([
        'Introduction to the vendor due diligence report.',
        'Financial overview of the target company.',
        'The indemnification cap is ten percent of the price.',
      ]),
      { content_type: 'application/pdf' },
    );
    await up('markup', 'markup.txt', text('<b>Bold</b> & <script>alert(1)</script> quarantine clause.'));
    // Long texts: the snippet is made from a window around the first searched word (decision 57).
    const filler = (n: number) => Array.from({ length: n }, (_, i) => ['lorem', 'ipsum', 'dolor', 'amet'][i % 4]).join(' ');
    await up('long', 'long.txt', text(`${filler(5000)} The earnout is paid in two instalments. ${filler(2000)}`));
    await up('glad', 'glad.txt', text(`${filler(1000)} The parties are happy with the terms. ${filler(1000)}`));
    await up(
      'longpdf',
      'long.pdf',
      await (async () => {
        const doc = await PDFDocument.create();
        const font = await doc.embedFont(StandardFonts.Helvetica);
        for (let p = 1; p <= 6; p++) {
          const page = doc.addPage([595, 842]);
          for (let line = 0; line < 30; line++)
            page.drawText(p === 5 && line === 20 ? 'The holdback secures the warranties.' : filler(12), {
              x: 40,
              y: 800 - line * 14,
              size: 9,
              font,
            });
        }
        return doc.save();
      })(),
      { content_type: 'application/pdf' },
    );
    for (let i = 0; i < 23; i++)
      await up(`z${i}`, `zebra-${String(i).padStart(2, '0')}.txt`, text(`${'zebra '.repeat(i + 1)}stripes`));
    await drainAiJobs({
      sql,
      blobs: storage.store,
      ai: builtinAi,
      workerId: 'search-test',
      dealId: r.deal.id,
      log: { info() {}, warn() {}, error() {} },
    });
  }, 120_000);

  it('ranks the document that says it most first', async () => {
    const res = await search({ q: 'escrow' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(names(res.body.hits)).toEqual(['spa.txt', 'memo.txt']);
    expect(res.body.hits[0].rank).toBeGreaterThan(res.body.hits[1].rank);
    expect(res.body.hits[0]).toMatchObject({ folder_path: '/Legal/Contracts', page: null, file_id: ids.spa });
    expect(res.body.next_after).toBeNull();
  });

  it('finds phrases in quotes, leaves out -words, and matches the last word as a prefix', async () => {
    expect(names((await search({ q: '"share purchase agreement"' })).body.hits).sort()).toEqual(['board.docx', 'spa.txt']);
    expect(names((await search({ q: 'escrow -mentions' })).body.hits)).toEqual(['spa.txt']);
    expect(names((await search({ q: 'indemnif' })).body.hits)).toEqual(['report.pdf']);
    expect(names((await search({ q: 'quarant' })).body.hits)).toEqual(['markup.txt']);
    expect((await search({ q: 'the' })).body.hits).toEqual([]);
  });

  it('returns the snippet as plain text with the matched words as ranges', async () => {
    const [hit] = (await search({ q: 'escrow -mentions' })).body.hits;
    expect(hit.file_id).toBe(ids.spa);
    expect(hit.snippet.text).toContain('The escrow holds ten percent');
    expect(hit.snippet.highlights.length).toBeGreaterThan(0);
    for (const [start, end] of hit.snippet.highlights) expect(hit.snippet.text.slice(start, end).toLowerCase()).toBe('escrow');
    expect(hit.snippet.text.includes('\u0001') || hit.snippet.text.includes('\u0002')).toBe(false);
    const [markup] = (await search({ q: 'quarantine' })).body.hits;
    // Plain text, never HTML-escaped (the web renders it as text); ts_headline itself leaves out tags.
    expect(markup.snippet.text).toContain('Bold & alert(1)');
    const [s, e] = markup.snippet.highlights[0];
    expect(markup.snippet.text.slice(s, e)).toBe('quarantine');
  });

  it('names the page of a multi-page PDF where the hit is', async () => {
    const [hit] = (await search({ q: 'indemnification cap' })).body.hits;
    expect(hit).toMatchObject({ filename: 'report.pdf', page: 3, mime_type: 'application/pdf' });
    const [first] = (await search({ q: 'vendor' })).body.hits;
    expect(first.page).toBe(1);
    const [second] = (await search({ q: 'financial overview' })).body.hits;
    expect(second.page).toBe(2);
  });

  it('makes the snippet of a long text from where the words are, with the right page', async () => {
    const [late] = (await search({ q: 'earnout instalments' })).body.hits;
    expect(late.file_id).toBe(ids.long);
    expect(late.snippet.text).toContain('earnout is paid in two instalments.');
    const marked = late.snippet.highlights.map(([start, end]) => late.snippet.text.slice(start, end).toLowerCase());
    expect(marked).toEqual(expect.arrayContaining(['earnout', 'instalments']));
    // Whole words at the edges of the window.
    for (const word of late.snippet.text.split(' '))
      expect(['lorem', 'ipsum', 'dolor', 'amet', 'The', 'earnout', 'is', 'paid', 'in', 'two', 'instalments.']).toContain(word);
    const [pdf] = (await search({ q: 'holdback' })).body.hits;
    expect(pdf).toMatchObject({ file_id: ids.longpdf, page: 5 });
    expect(pdf.snippet.text).toContain('holdback secures the warranties.');
    // "happy" is stemmed to "happi", which the text never spells: the whole text is headlined instead.
    const [glad] = (await search({ q: 'happy' })).body.hits;
    expect(glad.file_id).toBe(ids.glad);
    const [s, e] = glad.snippet.highlights[0];
    expect(glad.snippet.text.slice(s, e)).toBe('happy');
  });

  it('filters by folder (and below), type, tag, checklist item, approval and upload dates', async () => {
    expect(names((await search({ q: 'escrow', folder_id: ids.legal })).body.hits)).toEqual(['spa.txt']);
    expect(names((await search({ q: 'percent', type: 'pdf' })).body.hits)).toEqual(['report.pdf']);
    expect(names((await search({ q: 'share', type: 'word' })).body.hits)).toEqual(['board.docx']);
    expect(names((await search({ q: 'escrow', tag: 'legal' })).body.hits)).toEqual(['spa.txt']);
    expect(names((await search({ q: 'escrow', item_id: items[0] })).body.hits)).toEqual(['spa.txt']);
    expect((await search({ q: 'escrow', item_id: items[1] })).body.hits).toEqual([]);
    await sql`update public.files set approval_status = 'approved' where id = ${ids.memo}`;
    expect(names((await search({ q: 'escrow', approval: 'approved' })).body.hits)).toEqual(['memo.txt']);
    const today = new Date().toISOString().slice(0, 10);
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    expect(names((await search({ q: 'escrow', from: today, to: today })).body.hits)).toEqual(['spa.txt', 'memo.txt']);
    expect((await search({ q: 'escrow', from: day(2) })).body.hits).toEqual([]);
    expect((await search({ q: 'escrow', to: day(-2) })).body.hits).toEqual([]);
  });

  it('pages by rank with Load More: 20, then the rest, none twice', async () => {
    const first = await search({ q: 'zebra' });
    expect(first.body.hits).toHaveLength(20);
    expect(first.body.next_after).toEqual(expect.any(String));
    const second = await search({ q: 'zebra', after: first.body.next_after! });
    expect(second.status).toBe(200);
    expect(second.body.hits).toHaveLength(3);
    expect(second.body.next_after).toBeNull();
    const all = [...first.body.hits, ...second.body.hits];
    expect(new Set(all.map((h) => h.file_id)).size).toBe(23);
    for (let i = 1; i < all.length; i++) expect(all[i].rank).toBeLessThanOrEqual(all[i - 1].rank);
    expect(all[0].filename).toBe('zebra-22.txt');
  });

  it('answers members who may view, and hides the deal from everyone else', async () => {
    expect(names((await search({ q: 'escrow' }, viewer.token)).body.hits)).toEqual(['spa.txt', 'memo.txt']);
    const stranger = await registerUser('search-stranger');
    expect((await search({ q: 'escrow' }, stranger.token)).status).toBe(404);
  });

  it('refuses an empty or too long query and malformed filters with a detail', async () => {
    for (const params of [
      {},
      { q: '   ' },
      { q: 'x'.repeat(201) },
      { q: 'escrow', after: 'not-a-cursor' },
      { q: 'escrow', type: 'movie' },
      { q: 'escrow', folder_id: 'nope' },
      { q: 'escrow', from: '2026-13-45' },
      { q: 'escrow', from: '2026-02-02', to: '2026-01-01' },
      { q: 'escrow', approval: 'maybe' },
    ]) {
      const res = await search(params as Record<string, string>);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect((res.body as unknown as { detail: string }).detail).toEqual(expect.any(String));
    }
  });

  it('re-indexes the deal in German when its search language changes', async () => {
    const put = await call('PUT', r.base, { token: r.owner.token, body: { name: 'search deal', search_language: 'german' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.search_language).toBe('german');
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from public.file_texts where deal_id = ${r.deal.id} and search_language = 'german'`;
    expect(row.n).toBeGreaterThan(20);
    expect(names((await search({ q: 'escrow' })).body.hits)).toEqual(['spa.txt', 'memo.txt']);
    const viewerPut = await call('PUT', r.base, { token: viewer.token, body: { name: 'x', search_language: 'english' } });
    expect(viewerPut.status).toBe(403);
  });
});
