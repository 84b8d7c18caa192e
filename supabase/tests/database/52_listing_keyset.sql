-- A data-room level read page by page (docs/architecture.md "Performance"): the keyset compares the stored
-- lower-cased name (`name_key`), which under row-level security can be an index condition (a comparison of
-- lower() itself is not leakproof, so Postgres applied it after the policy, reading every earlier row).
-- The stored key follows the name, and the edit guard leaves it out, so an approver still approves.
begin;
create extension if not exists pgtap with schema extensions;
select plan(7);

select tests.create_actors('52', 'keyset52', array['owner', 'viewer', 'approver']);
select tests.create_deal('Keyset52', '52000000-0000-0000-0000-000000000001', '52000000-0000-0000-0000-0000000000d1');
insert into public.permission_sets (id, deal_id, name, capabilities) values
  ('52000000-0000-0000-0000-0000000005e1', '52000000-0000-0000-0000-0000000000d1', 'Approvers', '{view,approve}');
select tests.add_member('52000000-0000-0000-0000-0000000000d1', '52000000-0000-0000-0000-000000000002');
select tests.add_member('52000000-0000-0000-0000-0000000000d1', '52000000-0000-0000-0000-000000000003', 'member', 'active',
  '52000000-0000-0000-0000-0000000005e1');
insert into public.folders (id, deal_id, name, created_by) values
  ('52000000-0000-0000-0000-0000000000f1', '52000000-0000-0000-0000-0000000000d1', 'Big', '52000000-0000-0000-0000-000000000001');
insert into public.files (id, deal_id, folder_id, name, file_type, size_bytes, current_version, upload_state, uploaded_by)
select ('52000000-0000-0000-0000-0000000' || lpad(n::text, 5, '0'))::uuid, '52000000-0000-0000-0000-0000000000d1',
       '52000000-0000-0000-0000-0000000000f1', name, 'pdf', 0, 0, 'ready', '52000000-0000-0000-0000-000000000001'
from (values (1, 'Alpha.pdf'), (2, 'beta.pdf'), (3, 'ÉTÉ Report.PDF'), (4, 'Gamma.pdf'), (5, 'delta.pdf')) v(n, name);

select is((select name_key from public.files where name = 'ÉTÉ Report.PDF'), lower('ÉTÉ Report.PDF'),
  'the stored key is the lower-cased name');
select tests.act('owner');
update public.files set name = 'Zeta.pdf' where name = 'Gamma.pdf';
select tests.as_server();
select is((select name from public.files where id = '52000000-0000-0000-0000-000000000004'), 'Zeta.pdf', 'the owner renames a file');
select is((select name_key from public.files where name = 'Zeta.pdf'), 'zeta.pdf', 'and its key follows the new name');
select is(tests.try('approver', $$update public.files set approval_status = 'approved' where name = 'Alpha.pdf'$$), '1',
  'an approver without edit_files still approves: the guard leaves the stored key out');
select is(tests.try('approver', $$update public.files set name = 'Renamed.pdf' where name = 'beta.pdf'$$), '42501',
  'but may not rename');

-- As a member, the page after "beta.pdf", in name order, and how Postgres reads it.
create function pg_temp.plan_of(p_sql text) returns text language plpgsql as $$
declare v_line text; v_plan text := '';
begin
  for v_line in execute 'explain ' || p_sql loop v_plan := v_plan || v_line || E'\n'; end loop;
  return v_plan;
end $$;
select tests.act('viewer');
set local enable_seqscan = off;
select is(array(select name from public.files
                where deal_id = '52000000-0000-0000-0000-0000000000d1' and folder_id = '52000000-0000-0000-0000-0000000000f1'
                  and archived_at is null and upload_state = 'ready' and name_key > lower('BETA.pdf')
                order by name_key limit 2),
  array['delta.pdf', 'Zeta.pdf'], 'a member pages by the key, in the order of the listing');
select matches(pg_temp.plan_of($$select id from public.files
                where deal_id = '52000000-0000-0000-0000-0000000000d1' and folder_id = '52000000-0000-0000-0000-0000000000f1'
                  and archived_at is null and upload_state = 'ready' and name_key > lower('beta.pdf')
                order by name_key limit 2$$),
  'Index Cond: .*name_key > ', 'and under the files policy the keyset is an index condition, not a filter after it');

select * from finish();
rollback;
