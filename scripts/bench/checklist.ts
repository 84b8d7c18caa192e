import { itemsJson } from '../../supabase/functions/_shared/checklist-items.ts';
import { benchApi } from './fixture.ts';
import { ms, percentile, timeMany } from './lib.ts';

const ITEMS = 1000;
const CATEGORIES = 8;
const RUNS = 40;

/** A deal checklist of 1,000 items in 8 categories: GET checklist against the same data read by bare SQL. */
export async function checklistBench(): Promise<[string, string, string][]> {
  const bench = await benchApi('bench-checklist');
  const { sql, app } = bench;
  try {
    const owner = await bench.session('checklist-bench@example.com');
    const [deal] =
      await sql`insert into public.deals (name, owner_id, checklist_preset) values ('Checklist bench', ${owner.user.id}, 'blank') returning id`;
    await sql`insert into public.checklist_categories (deal_id, name, code, position)
              select ${deal.id}, 'Category ' || c, chr(64 + c), c from generate_series(1, ${CATEGORIES}) c`;
    await sql`
      insert into public.checklist_items (deal_id, category_id, item_code, name, description, status, position)
      select ${deal.id}, c.id, c.code || '.' || i, 'Requested document ' || c.code || '.' || i,
             'Copies of every agreement of this kind, with amendments and side letters.',
             (array['in_progress', 'provided', 'not_applicable'])[1 + i % 3], i
      from public.checklist_categories c, generate_series(1, ${ITEMS / CATEGORIES}) i where c.deal_id = ${deal.id}`;
    await sql`analyze`;
    const headers = { authorization: `Bearer ${owner.access_token}` };
    let count = 0;
    const api = await timeMany(RUNS, async () => {
      const res = await app.request(`/deals/${deal.id}/checklist`, { headers });
      const body = await res.json();
      count = Object.values(body.checklist as Record<string, unknown[]>).reduce((n, items) => n + items.length, 0);
    });
    // The same statement the endpoint runs, as the table owner: no RLS, no API.
    const bare = await timeMany(RUNS, () => itemsJson(sql as never, deal.id, null));
    return [
      ['items returned', String(count), `${ITEMS} expected`],
      ['GET checklist p50', ms(percentile(api, 50)), ''],
      ['GET checklist p95', ms(percentile(api, 95)), ''],
      ['bare SQL p50', ms(percentile(bare, 50)), ''],
      ['bare SQL p95', ms(percentile(bare, 95)), ''],
      ['API p50 / bare p50', `${(percentile(api, 50) / percentile(bare, 50)).toFixed(2)}x`, 'budget <= 2x'],
    ];
  } finally {
    await bench.stop();
  }
}
