-- Who read what (docs/decisions.md decision 46): public.file_views and public.file_view_pages are
-- append-only logs. A member inserts only their own rows, of a file they can see (a view-only member
-- can record); a page's deal and viewer are its view's, whatever the caller sends. They read their own;
-- deal admins read all; members holding manage_users read those of the files they can see; nobody may
-- update or delete a row. Each view is a `view` entry of the feed, visible as the file is.
begin;
create extension if not exists pgtap with schema extensions;
select plan(36);

-- manager: {view, manage_users}, denied secret.pdf
-- reader: {view}: view-only, allowed secret.pdf
-- viewer: role viewer, not allowed secret.pdf
-- drop: upload_only
-- outsider: another deal
select tests.create_actors('45', 'views45', array['owner', 'manager', 'reader', 'viewer', 'drop', 'outsider']);
select tests.create_deal('Views45', '45000000-0000-0000-0000-000000000001', '45000000-0000-0000-0000-0000000000a1');
select tests.create_deal('Other45', '45000000-0000-0000-0000-000000000006', '45000000-0000-0000-0000-0000000000a2');
insert into public.permission_sets (id, deal_id, name, capabilities) values
  ('45000000-0000-0000-0000-0000000005a1', '45000000-0000-0000-0000-0000000000a1', 'managers', '{view,manage_users}'),
  ('45000000-0000-0000-0000-0000000005a2', '45000000-0000-0000-0000-0000000000a1', 'readers', '{view}');
select tests.add_member('45000000-0000-0000-0000-0000000000a1', '45000000-0000-0000-0000-000000000002', 'member', 'active', '45000000-0000-0000-0000-0000000005a1');
select tests.add_member('45000000-0000-0000-0000-0000000000a1', '45000000-0000-0000-0000-000000000003', 'member', 'active', '45000000-0000-0000-0000-0000000005a2');
select tests.add_member('45000000-0000-0000-0000-0000000000a1', '45000000-0000-0000-0000-000000000004', 'viewer');
select tests.add_member('45000000-0000-0000-0000-0000000000a1', '45000000-0000-0000-0000-000000000005', 'member', 'active',
  (select id from public.permission_sets where deal_id is null and name = 'upload_only'));
insert into public.folders (id, deal_id, name, full_path, created_by) values
  ('45000000-0000-0000-0000-00000000f001', '45000000-0000-0000-0000-0000000000a1', 'Board', '/Board', '45000000-0000-0000-0000-000000000001');
insert into public.files (id, deal_id, folder_id, name, upload_state, permission_type, current_version, size_bytes, uploaded_by) values
  ('45000000-0000-0000-0000-00000000e001', '45000000-0000-0000-0000-0000000000a1', '45000000-0000-0000-0000-00000000f001',
   'open.pdf', 'ready', 'all', 1, 10, '45000000-0000-0000-0000-000000000001'),
  ('45000000-0000-0000-0000-00000000e002', '45000000-0000-0000-0000-0000000000a1', null,
   'secret.pdf', 'ready', 'custom', 1, 10, '45000000-0000-0000-0000-000000000001'),
  ('45000000-0000-0000-0000-00000000e003', '45000000-0000-0000-0000-0000000000a2', null,
   'elsewhere.pdf', 'ready', 'all', 1, 10, '45000000-0000-0000-0000-000000000006');
insert into public.file_versions (file_id, deal_id, version_number, storage_key, size_bytes, sha256, original_name, uploaded_by)
select f.id, f.deal_id, 1, format('deals/%s/files/%s/v1', f.deal_id, f.id), 10, repeat('ab', 32), f.name, f.uploaded_by
from public.files f where f.id::text like '45000000-%';
insert into public.file_permissions (file_id, deal_id, allowed_users, denied_users) values
  ('45000000-0000-0000-0000-00000000e002', '45000000-0000-0000-0000-0000000000a1',
   '{45000000-0000-0000-0000-000000000003}', '{45000000-0000-0000-0000-000000000002}');

create function tests.view_of45(p_user uuid, p_file uuid) returns uuid
language sql security definer set search_path = '' as $$
  select id from public.file_views where user_id = p_user and file_id = p_file order by started_at limit 1
$$;
grant execute on function tests.view_of45(uuid, uuid) to authenticated;

-- ---------------------------------------------------------------- recording
select tests.as_user('reader@views45.test');
select lives_ok($$insert into public.file_views (deal_id, file_id, version_number, user_id) values
    ('45000000-0000-0000-0000-0000000000a1', '45000000-0000-0000-0000-00000000e001', 1, '45000000-0000-0000-0000-000000000003'),
    ('45000000-0000-0000-0000-0000000000a1', '45000000-0000-0000-0000-00000000e002', 1, '45000000-0000-0000-0000-000000000003')$$,
  'a view-only member records their own views of files they can see');
select throws_ok($$insert into public.file_views (deal_id, file_id, version_number, user_id) values
    ('45000000-0000-0000-0000-0000000000a1', '45000000-0000-0000-0000-00000000e001', 1, '45000000-0000-0000-0000-000000000004')$$,
  '42501', null, 'but never one in another member''s name');
select throws_ok($$insert into public.file_views (deal_id, file_id, version_number, user_id, started_at) values
    ('45000000-0000-0000-0000-0000000000a1', '45000000-0000-0000-0000-00000000e001', 1, '45000000-0000-0000-0000-000000000003', now() - interval '1 year')$$,
  '42501', null, 'nor chooses when it started');
select throws_ok($$insert into public.file_views (deal_id, file_id, version_number, user_id) values
    ('45000000-0000-0000-0000-0000000000a1', '45000000-0000-0000-0000-00000000e001', 7, '45000000-0000-0000-0000-000000000003')$$,
  '23503', null, 'a version that does not exist is refused');
select throws_ok($$insert into public.file_views (deal_id, file_id, version_number, user_id) values
    ('45000000-0000-0000-0000-0000000000a2', '45000000-0000-0000-0000-00000000e001', 1, '45000000-0000-0000-0000-000000000003')$$,
  '23503', null, 'the view''s deal is its file''s');

select tests.as_user('viewer@views45.test');
select lives_ok($$insert into public.file_views (deal_id, file_id, version_number, user_id) values
    ('45000000-0000-0000-0000-0000000000a1', '45000000-0000-0000-0000-00000000e001', 1, '45000000-0000-0000-0000-000000000004')$$,
  'a viewer records a view of an open file');
select throws_ok($$insert into public.file_views (deal_id, file_id, version_number, user_id) values
    ('45000000-0000-0000-0000-0000000000a1', '45000000-0000-0000-0000-00000000e002', 1, '45000000-0000-0000-0000-000000000004')$$,
  '42501', null, 'no view of a file the member cannot see');

select tests.as_user('drop@views45.test');
select throws_ok($$insert into public.file_views (deal_id, file_id, version_number, user_id) values
    ('45000000-0000-0000-0000-0000000000a1', '45000000-0000-0000-0000-00000000e001', 1, '45000000-0000-0000-0000-000000000005')$$,
  '42501', null, 'upload_only sees no file, so records no view');

select tests.as_user('outsider@views45.test');
select throws_ok($$insert into public.file_views (deal_id, file_id, version_number, user_id) values
    ('45000000-0000-0000-0000-0000000000a1', '45000000-0000-0000-0000-00000000e001', 1, '45000000-0000-0000-0000-000000000006')$$,
  '42501', null, 'a member of another deal records nothing here');
select lives_ok($$insert into public.file_views (deal_id, file_id, version_number, user_id) values
    ('45000000-0000-0000-0000-0000000000a2', '45000000-0000-0000-0000-00000000e003', 1, '45000000-0000-0000-0000-000000000006')$$,
  'but records in their own deal');

select tests.as_user('manager@views45.test');
select lives_ok($$insert into public.file_views (deal_id, file_id, version_number, user_id) values
    ('45000000-0000-0000-0000-0000000000a1', '45000000-0000-0000-0000-00000000e001', 1, '45000000-0000-0000-0000-000000000002')$$,
  'a manager records their own view');

-- ---------------------------------------------------------------- page times
select tests.as_user('reader@views45.test');
select lives_ok(format($$insert into public.file_view_pages (view_id, page, seconds) values (%L, 1, 12.5), (%L, 2, 30), (%L, 1, 4)$$,
    tests.view_of45('45000000-0000-0000-0000-000000000003', '45000000-0000-0000-0000-00000000e001'),
    tests.view_of45('45000000-0000-0000-0000-000000000003', '45000000-0000-0000-0000-00000000e001'),
    tests.view_of45('45000000-0000-0000-0000-000000000003', '45000000-0000-0000-0000-00000000e002')),
  'the viewer adds page times to their own views');
select is((select count(*)::int from public.file_view_pages
           where user_id = '45000000-0000-0000-0000-000000000003' and deal_id = '45000000-0000-0000-0000-0000000000a1'), 3,
  'each page row carries its view''s deal and viewer');
select throws_ok(format($$insert into public.file_view_pages (view_id, page, seconds) values (%L, 1, 601)$$,
    tests.view_of45('45000000-0000-0000-0000-000000000003', '45000000-0000-0000-0000-00000000e001')),
  '23514', null, 'more than 600 seconds on a page in one entry is refused');
select throws_ok(format($$insert into public.file_view_pages (view_id, page, seconds) values (%L, 0, 5)$$,
    tests.view_of45('45000000-0000-0000-0000-000000000003', '45000000-0000-0000-0000-00000000e001')),
  '23514', null, 'pages count from 1');
select throws_ok(format($$insert into public.file_view_pages (view_id, deal_id, user_id, page, seconds) values (%L, %L, %L, 1, 5)$$,
    tests.view_of45('45000000-0000-0000-0000-000000000003', '45000000-0000-0000-0000-00000000e001'),
    '45000000-0000-0000-0000-0000000000a1', '45000000-0000-0000-0000-000000000003'),
  '42501', null, 'the caller cannot name a page''s deal or viewer');

select tests.as_user('viewer@views45.test');
select throws_ok(format($$insert into public.file_view_pages (view_id, page, seconds) values (%L, 3, 5)$$,
    tests.view_of45('45000000-0000-0000-0000-000000000003', '45000000-0000-0000-0000-00000000e001')),
  '42501', null, 'another member cannot add time to someone else''s view');
select lives_ok(format($$insert into public.file_view_pages (view_id, page, seconds) values (%L, 1, 8)$$,
    tests.view_of45('45000000-0000-0000-0000-000000000004', '45000000-0000-0000-0000-00000000e001')),
  'the viewer adds time to their own');

-- ---------------------------------------------------------------- reads
select tests.as_user('owner@views45.test');
select results_eq($$select p.email from public.file_views v join public.profiles p on p.id = v.user_id
                    where v.deal_id = '45000000-0000-0000-0000-0000000000a1' order by p.email, v.file_id$$,
  $$values ('manager@views45.test'::text), ('reader@views45.test'), ('reader@views45.test'), ('viewer@views45.test')$$,
  'a deal admin reads every view of the deal');
select is((select sum(seconds)::float8 from public.file_view_pages), 54.5::float8, 'and every page time');

select tests.as_user('manager@views45.test');
select results_eq($$select p.email from public.file_views v join public.profiles p on p.id = v.user_id
                    where v.deal_id = '45000000-0000-0000-0000-0000000000a1' order by p.email$$,
  $$values ('manager@views45.test'::text), ('reader@views45.test'), ('viewer@views45.test')$$,
  'a manager (manage_users) reads the views of files they can see, not of secret.pdf');
select is((select sum(seconds)::float8 from public.file_view_pages), 50.5::float8, 'and their page times alone');

select tests.as_user('reader@views45.test');
select is((select count(*)::int from public.file_views where user_id <> '45000000-0000-0000-0000-000000000003'), 0,
  'a member without manage_users reads no one else''s views');
select is((select count(*)::int from public.file_views), 2, 'but reads their own');
select is((select count(*)::int from public.file_view_pages where user_id <> '45000000-0000-0000-0000-000000000003'), 0,
  'nor anyone else''s page times');

select tests.as_user('drop@views45.test');
select is((select count(*)::int from public.file_views), 0, 'upload_only reads none');

select tests.as_user('outsider@views45.test');
select is((select count(*)::int from public.file_views where deal_id = '45000000-0000-0000-0000-0000000000a1'), 0,
  'a member of another deal reads none of this deal''s');

select tests.as_anon();
select throws_ok($$select count(*) from public.file_views$$, '42501', null, 'signed out: nothing');

-- ---------------------------------------------------------------- append-only
select tests.as_user('owner@views45.test');
select throws_ok($$update public.file_views set version_number = 1$$, '42501', null, 'not even a deal admin updates a view');
select throws_ok($$delete from public.file_views$$, '42501', null, 'nor deletes one');
select throws_ok($$update public.file_view_pages set seconds = 1$$, '42501', null, 'nor changes a page time');
select throws_ok($$delete from public.file_view_pages$$, '42501', null, 'nor deletes one');
select tests.as_user('reader@views45.test');
select throws_ok($$delete from public.file_views where user_id = '45000000-0000-0000-0000-000000000003'$$, '42501', null,
  'the viewer cannot delete their own views either');

-- ---------------------------------------------------------------- the feed
select tests.as_server();
select is((select count(*)::int from public.activities where activity_type = 'view' and deal_id = '45000000-0000-0000-0000-0000000000a1'),
  4, 'each view is a `view` entry of the feed');
select is((select description from public.activities where activity_type = 'view'
             and user_id = '45000000-0000-0000-0000-000000000004'), 'Viewed "open.pdf"', 'named after the file');
select tests.as_user('viewer@views45.test');
select results_eq($$select metadata ->> 'file_id' from public.activities where activity_type = 'view' order by 1$$,
  $$values ('45000000-0000-0000-0000-00000000e001'::text), ('45000000-0000-0000-0000-00000000e001'), ('45000000-0000-0000-0000-00000000e001')$$,
  'the feed shows views as it shows downloads: of the files the reader can see (not secret.pdf)');

select * from finish();
rollback;
