import { membersQuery } from '../../supabase/functions/_shared/routes/people/index.ts';
import { benchApi } from './fixture.ts';
import { ms, percentile, timeMany } from './lib.ts';

const MEMBERS = 2000;
const GROUPS = 20;
const FILES = 10_000;
const RUNS = 40;

/**
 * A deal with 2,000 members in 20 groups: users-enhanced (page of 50, with search) against its bare
 * SQL; and the 10,000-file listing for a member whose rights come through a group, with custom file
 * permissions, against the same listing for the owner.
 */
export async function peopleBench(): Promise<[string, string, string][]> {
  const bench = await benchApi('bench-people');
  const { sql, app } = bench;
  try {
    const owner = await bench.session('people-bench-owner@example.com');
    const member = await bench.session('people-bench-member@example.com');
    const deal = await bench.blankDeal('People bench', owner.user.id);
    const [edit] = await sql`select id from public.permission_sets where name = 'edit' and deal_id is null`;
    const [uploadOnly] = await sql`select id from public.permission_sets where name = 'upload_only' and deal_id is null`;
    // 2,000 accounts and memberships, spread over 20 groups (the member under test is in group 1).
    await sql`
      insert into auth.users (id, email, encrypted_password, email_confirmed_at, created_at, updated_at)
      select gen_random_uuid(), 'bench-user-' || i || '@example.com', 'x', now(), now(), now() from generate_series(1, ${MEMBERS - 2}) i`;
    await sql`update public.profiles set first_name = 'User', last_name = split_part(email, '@', 1), title = 'Analyst'
              where email like 'bench-user-%'`;
    await sql`
      insert into public.deal_members (deal_id, user_id, role, permission_set_id, company)
      select ${deal.id}, p.id, 'member', ${uploadOnly.id}, 'Company ' || (row_number() over (order by p.email) % 40)
      from public.profiles p where p.email like 'bench-user-%'`;
    await sql`insert into public.deal_members (deal_id, user_id, role, permission_set_id) values (${deal.id}, ${member.user.id}, 'member', ${uploadOnly.id})`;
    await sql`insert into public.deal_groups (deal_id, name, permission_set_id)
              select ${deal.id}, 'Group ' || g, case when g = 1 then ${edit.id}::uuid else ${uploadOnly.id}::uuid end from generate_series(1, ${GROUPS}) g`;
    await sql`
      insert into public.deal_group_members (group_id, deal_id, user_id)
      select g.id, m.deal_id, m.user_id
      from (select user_id, deal_id, row_number() over (order by user_id) as n from public.deal_members
            where deal_id = ${deal.id} and user_id <> ${owner.user.id}) m
      join public.deal_groups g on g.deal_id = m.deal_id and g.name = 'Group ' || (1 + m.n % ${GROUPS})`;
    await sql`insert into public.deal_group_members (group_id, deal_id, user_id)
              select id, ${deal.id}, ${member.user.id} from public.deal_groups where deal_id = ${deal.id} and name = 'Group 1'
              on conflict do nothing`;
    const [group1] = await sql`select id from public.deal_groups where deal_id = ${deal.id} and name = 'Group 1'`;

    // 10,000 files; every tenth is custom: allowed to Group 1, one in a hundred also denies the member.
    const [folder] =
      await sql`insert into public.folders (deal_id, name, created_by) values (${deal.id}, 'Big', ${owner.user.id}) returning id`;
    await sql`
      insert into public.files (deal_id, folder_id, name, file_type, size_bytes, current_version, tags, upload_state, uploaded_by, permission_type)
      select ${deal.id}, ${folder.id}, 'Document ' || lpad(i::text, 5, '0') || '.pdf', 'pdf', 1000 + i, 1, array['finance'], 'ready',
             ${owner.user.id}, case when i % 10 = 0 then 'custom' else 'all' end
      from generate_series(1, ${FILES}) i`;
    await sql`
      insert into public.file_permissions (file_id, deal_id, allowed_groups, denied_users)
      select f.id, f.deal_id, array[${group1.id}::uuid],
             case when right(split_part(f.name, '.', 1), 2) = '00' then array[${member.user.id}::uuid] else '{}'::uuid[] end
      from public.files f where f.deal_id = ${deal.id} and f.permission_type = 'custom'`;
    await sql`analyze`;

    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    let page = 0;
    const users = await timeMany(RUNS, async () => {
      const res = await app.request(`/deals/${deal.id}/users-enhanced?page=1&page_size=50&search=user-1`, {
        headers: auth(owner.access_token),
      });
      page = (await res.json()).users.length;
    });
    // The same statement the endpoint runs for the page, as the table owner: no RLS, no API.
    const pattern = '%user-1%';
    const usersBare = await timeMany(RUNS, () =>
      membersQuery(
        sql as never,
        deal.id,
        sql`
      (lower(p.email) like ${pattern} or lower(p.first_name || ' ' || p.last_name) like ${pattern}
       or lower(coalesce(m.company, '')) like ${pattern})`,
        50,
        0,
      ),
    );

    let ownerCount = 0;
    let memberCount = 0;
    const listing = (token: string, set: (n: number) => void) => async () => {
      const res = await app.request(`/deals/${deal.id}/files?path=/Big`, { headers: auth(token) });
      set((await res.json()).files.length);
    };
    const asOwner = await timeMany(
      RUNS,
      listing(owner.access_token, (n) => {
        ownerCount = n;
      }),
    );
    const asMember = await timeMany(
      RUNS,
      listing(member.access_token, (n) => {
        memberCount = n;
      }),
    );
    return [
      ['users-enhanced rows (page of 50, search)', String(page), ''],
      ['users-enhanced p50', ms(percentile(users, 50)), ''],
      ['users-enhanced p95', ms(percentile(users, 95)), ''],
      ['bare SQL p50', ms(percentile(usersBare, 50)), ''],
      ['bare SQL p95', ms(percentile(usersBare, 95)), ''],
      ['users-enhanced p50 / bare p50', `${(percentile(users, 50) / percentile(usersBare, 50)).toFixed(2)}x`, 'budget <= 2x'],
      ['files listed: owner / group member', `${ownerCount} / ${memberCount}`, `${FILES} / ${FILES - FILES / 100}`],
      ['listing as owner p50', ms(percentile(asOwner, 50)), ''],
      ['listing as group member p50', ms(percentile(asMember, 50)), ''],
      ['listing as group member p95', ms(percentile(asMember, 95)), ''],
      ['member p50 / owner p50', `${(percentile(asMember, 50) / percentile(asOwner, 50)).toFixed(2)}x`, 'budget <= 2x'],
    ];
  } finally {
    await bench.stop();
  }
}
