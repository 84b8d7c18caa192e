/**
 * `npm run bench -- analyses`: does analysing documents slow the API down? The real server (`npm start`'s
 * command) with a 1,000-item checklist: GET checklist timed fresh, then after N real PDFs were uploaded
 * and analysed by the server's own AI worker, in the same process, and the ratio. pdf.js, loaded in the
 * API's process, used to replace the global JSON.stringify with a polyfill 12-15x slower (issue 33).
 * CHECKLIST_AI_PDFS sets N (20).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiJson, ms, percentile, spawnServer, timeMany, uploadLabelledPdf } from './lib.ts';

type Row = [string, string, string];
const ITEMS = 1000;
const CATEGORIES = 8;
const RUNS = 30;
const PDFS = Number(process.env.CHECKLIST_AI_PDFS ?? 20);
const METRICS_TOKEN = 'checklist-after-ai-bench';

export async function checklistAfterAiBench(): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dataroom-checklist-ai-'));
  const server = await spawnServer(dataDir, { METRICS_TOKEN });
  const base = `${server.url}/api`;
  try {
    const json = apiJson(base);
    const { access_token: token } = await json('POST', '/auth/login', undefined, {
      email: 'admin@example.com',
      password: 'admin-password',
    });
    const deal = await json('POST', '/deals', token, { name: 'Checklist after analyses', checklist_preset: 'blank' });
    const dealPath = `/deals/${deal.id}`;
    const categories: string[] = [];
    for (let c = 0; c < CATEGORIES; c++)
      categories.push((await json('POST', `${dealPath}/checklist/categories`, token, { name: `Category ${c + 1}` })).id);
    // Eight at a time: a thousand requests one by one would be most of the benchmark's time.
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = next++; i < ITEMS; i = next++) {
          await json('POST', `${dealPath}/checklist/items`, token, {
            name: `Requested document ${i + 1}`,
            description: 'Copies of every agreement of this kind, with amendments and side letters.',
            category_id: categories[i % CATEGORIES],
          });
        }
      }),
    );
    let count = 0;
    const getChecklist = async () => {
      const body = await json('GET', `${dealPath}/checklist`, token);
      count = Object.values(body.checklist as Record<string, unknown[]>).reduce((n, items) => n + items.length, 0);
    };
    await timeMany(5, getChecklist); // warm up
    const fresh = await timeMany(RUNS, getChecklist);

    // N real one-page PDFs, analysed by the server's AI worker.
    for (let i = 0; i < PDFS; i++) await uploadLabelledPdf(base, dealPath, token, i);
    const analysed = async () => {
      const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      const gauge = (name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
      return gauge('dataroom_ai_jobs_queued') + gauge('dataroom_ai_jobs_running') === 0;
    };
    const drainStarted = performance.now();
    while (!(await analysed())) await new Promise((r) => setTimeout(r, 250));
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    const listing = await json('GET', `${dealPath}/files?path=/`, token);
    const statuses = new Map<string, number>();
    for (const { ai_status } of listing.files as { ai_status: string }[])
      statuses.set(ai_status, (statuses.get(ai_status) ?? 0) + 1);
    await timeMany(5, getChecklist);
    const after = await timeMany(RUNS, getChecklist);
    const ratio = percentile(after, 50) / percentile(fresh, 50);
    return [
      ['items returned', String(count), `${ITEMS} expected`],
      ['GET checklist p50 / p95, fresh server', `${ms(percentile(fresh, 50))} / ${ms(percentile(fresh, 95))}`, ''],
      [
        `PDFs by AI status, after the uploads and ${drainSeconds.toFixed(1)} s more`,
        [...statuses].map(([status, n]) => `${n} ${status}`).join(', '),
        `${PDFS} analysed`,
      ],
      [`GET checklist p50 / p95 after the analyses`, `${ms(percentile(after, 50))} / ${ms(percentile(after, 95))}`, ''],
      ['after / fresh (p50)', `${ratio.toFixed(2)}x`, 'budget <= 1.2x'],
    ];
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
