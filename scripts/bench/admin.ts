/**
 * `npm run bench -- admin`: the admin portal's two big lists through the API against the same
 * statements run bare (table owner, no row-level security, no HTTP): the audit log with 1,000,000
 * entries (page 1 of each filter and a page deep in the list) and User Management with 100,000
 * accounts and a search.
 */
import { adminUsersPage, auditPage } from '../../supabase/functions/_shared/routes/admin/people.ts';
import { benchApi } from './fixture.ts';
import { ms, percentile, timeMany } from './lib.ts';

type Row = [string, string, string];
const RUNS = 20;
const ratio = (api: number[], bare: number[]) => `${(percentile(api, 50) / percentile(bare, 50)).toFixed(2)}x`;

export async function adminBench(): Promise<Row[]> {
  const bench = await benchApi('bench-admin');
  const { sql, app } = bench;
  try {
    const admin = await bench.session('admin-bench@example.com');
    await sql`insert into public.platform_admins (user_id) values (${admin.user.id})`;
    // 100,000 accounts (their profiles come from the sign-up trigger), spread over two years.
    await sql`insert into auth.users (instance_id, id, aud, role, email, created_at)
              select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
                     'person' || n || '@firm' || (n % 500) || '.example', now() - n * interval '10 minutes'
              from generate_series(1, 100000) n`;
    await sql`update public.profiles set first_name = 'First' || right(email, 6), title = case when random() < 0.1 then 'Partner' else 'Associate' end,
              created_at = now() - (random() * 700) * interval '1 day' where email like 'person%'`;
    // 1,000,000 audit entries over a year, of the kinds the portal filters by.
    await sql`insert into public.audit_logs (action, entity_type, entity_id, performed_by_email, created_at, changes, metadata)
              select (array['user_updated', 'deal_created', 'preset_updated', 'catalog_item_updated', 'file_approval_updated'])[1 + n % 5],
                     (array['user', 'deal', 'preset', 'catalog_item', 'file_approval'])[1 + n % 5],
                     gen_random_uuid(), 'admin-bench@example.com', now() - (n * 31.5) * interval '1 second',
                     jsonb_build_object('title', jsonb_build_object('old', 'A', 'new', 'B')), '{}'
              from generate_series(1, 1000000) n`;
    await sql`analyze`;
    const headers = { authorization: `Bearer ${admin.access_token}` };
    const floor = await timeMany(RUNS, async () => (await app.request('/user/profile', { headers })).json());
    const rows: Row[] = [['API floor: GET /user/profile p50 (sign-in check, one query)', ms(percentile(floor, 50)), '']];

    const audits: [string, { entity_type: string; action: string; days: number; page: number }][] = [
      ['all, last 30 days, page 1', { entity_type: '', action: '', days: 30, page: 1 }],
      ['users, last 30 days, page 1', { entity_type: 'user', action: '', days: 30, page: 1 }],
      ['deals, last year, page 1', { entity_type: 'deal', action: '', days: 365, page: 1 }],
      ['action user_updated, last 90 days, page 1', { entity_type: '', action: 'user_updated', days: 90, page: 1 }],
      ['all, last year, page 10,000 (500,000 deep)', { entity_type: '', action: '', days: 365, page: 10000 }],
    ];
    for (const [label, q] of audits) {
      let total = 0;
      const query = new URLSearchParams({
        entity_type: q.entity_type,
        action: q.action,
        days: String(q.days),
        page: String(q.page),
      });
      const api = await timeMany(RUNS, async () => {
        total = (await (await app.request(`/admin/audit?${query}`, { headers })).json()).total_count;
      });
      const bare = await timeMany(RUNS, () => auditPage(sql as never, { ...q, page_size: 50 }));
      rows.push([
        `audit ${label} (${total} entries): API / bare p50`,
        `${ms(percentile(api, 50))} / ${ms(percentile(bare, 50))}`,
        `${ratio(api, bare)} (budget <= 1.5x)`,
      ]);
    }
    for (const search of ['', 'partner', 'person4242', '@firm77.']) {
      let total = 0;
      const api = await timeMany(RUNS, async () => {
        total = (await (await app.request(`/admin/users?search=${encodeURIComponent(search)}`, { headers })).json()).total_count;
      });
      const bare = await timeMany(RUNS, () => adminUsersPage(sql as never, { search, page: 1, page_size: 20 }));
      rows.push([
        `users "${search}" (${total} of 100,000): API / bare p50`,
        `${ms(percentile(api, 50))} / ${ms(percentile(bare, 50))}`,
        `${ratio(api, bare)} (budget <= 1.5x)`,
      ]);
    }
    return rows;
  } finally {
    await bench.stop();
  }
}
