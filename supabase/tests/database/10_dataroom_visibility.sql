-- Data room: who sees which folders, files, versions, metadata, comments, file permissions and upload grants.
-- Actors (fixed ids, unique to this file, prefix 10000000-):
--   ...01 owner of Alpha        ...02 admin (not owner)   ...03 contributor   ...04 viewer V1
--   ...05 viewer V2             ...06 suspended admin     ...07 signed-in stranger
--   ...08 super admin, member of nothing                   ...09 owner of Beta (member of Beta only)
--   ...10 'member' holding the system set upload_only (added near the end)
-- Deals: Alpha ...a1 (owner ...01), Beta ...b2 (owner ...09).
-- Folders: ...f001 Alpha /Finance, ...f002 Alpha /Finance/Tax, ...f003 Beta /Beta docs.
-- Files:
--   e001 Alpha ready,   'all',    uploaded by the contributor
--   e002 Alpha pending, 'all',    uploaded by V1                 -> only V1 and admins
--   e003 Alpha ready,   'custom', uploaded by V2, allowed [V1], denied [V2]  -> the uploader always sees it
--   e004 Alpha ready,   'custom', uploaded by the owner, allowed [contributor, V1, V2], denied [V1] -> denied wins
--   e005 Alpha ready,   'all',    uploaded by V1
--   e006 Beta  ready,   'all',    uploaded by the Beta owner
--   e007 Beta  ready,   'custom', uploaded by the Beta owner, allowed [V1] (who is no member of Beta)
--   e008 Alpha ready,   'all',    uploaded by the upload_only member (added near the end)
--   e009 Alpha ready,   'custom', allowed group [V1, V2], denied tag [V1] (added at the end)
-- Ready files are inserted by the table owner (no JWT), each with a version row whose size matches; storage keys and
-- grant keys follow deals/<deal>/files/<file>/v<n>. File permissions are read only by edit_files holders and uploaders.
-- At the end, downloads and a delete write activities, which each member reads only about the files they see.
begin;
create extension if not exists pgtap with schema extensions;
select plan(109);

-- ---------------------------------------------------------------- fixture, as the table owner
select tests.alpha_beta_deals('10', 'dataroom10', 'Dataroom', array['viewer1', 'viewer2'], 'admin',
  '10000000-0000-0000-0000-0000000000a1', '10000000-0000-0000-0000-0000000000b2');

insert into public.folders (id, deal_id, parent_id, name, created_by) values
  ('10000000-0000-0000-0000-00000000f001', '10000000-0000-0000-0000-0000000000a1', null, 'Finance', '10000000-0000-0000-0000-000000000001'),
  ('10000000-0000-0000-0000-00000000f003', '10000000-0000-0000-0000-0000000000b2', null, 'Beta docs', '10000000-0000-0000-0000-000000000009');
insert into public.folders (id, deal_id, parent_id, name, created_by) values
  ('10000000-0000-0000-0000-00000000f002', '10000000-0000-0000-0000-0000000000a1', '10000000-0000-0000-0000-00000000f001', 'Tax', '10000000-0000-0000-0000-000000000003');

insert into public.files (id, deal_id, folder_id, name, upload_state, permission_type, current_version, size_bytes, uploaded_by) values
  ('10000000-0000-0000-0000-00000000e001', '10000000-0000-0000-0000-0000000000a1', '10000000-0000-0000-0000-00000000f001', 'budget.xlsx', 'ready', 'all', 1, 10, '10000000-0000-0000-0000-000000000003'),
  ('10000000-0000-0000-0000-00000000e002', '10000000-0000-0000-0000-0000000000a1', '10000000-0000-0000-0000-00000000f002', 'half-uploaded.pdf', 'pending', 'all', 0, 0, '10000000-0000-0000-0000-000000000004'),
  ('10000000-0000-0000-0000-00000000e003', '10000000-0000-0000-0000-0000000000a1', '10000000-0000-0000-0000-00000000f001', 'for-v1.pdf', 'ready', 'custom', 1, 10, '10000000-0000-0000-0000-000000000005'),
  ('10000000-0000-0000-0000-00000000e004', '10000000-0000-0000-0000-0000000000a1', null, 'not-for-v1.pdf', 'ready', 'custom', 1, 10, '10000000-0000-0000-0000-000000000001'),
  ('10000000-0000-0000-0000-00000000e005', '10000000-0000-0000-0000-0000000000a1', '10000000-0000-0000-0000-00000000f002', 'return.pdf', 'ready', 'all', 1, 10, '10000000-0000-0000-0000-000000000004'),
  ('10000000-0000-0000-0000-00000000e006', '10000000-0000-0000-0000-0000000000b2', '10000000-0000-0000-0000-00000000f003', 'beta.pdf', 'ready', 'all', 1, 10, '10000000-0000-0000-0000-000000000009'),
  ('10000000-0000-0000-0000-00000000e007', '10000000-0000-0000-0000-0000000000b2', null, 'beta-custom.pdf', 'ready', 'custom', 1, 10, '10000000-0000-0000-0000-000000000009');

insert into public.file_permissions (file_id, deal_id, allowed_users, denied_users) values
  ('10000000-0000-0000-0000-00000000e003', '10000000-0000-0000-0000-0000000000a1',
   '{10000000-0000-0000-0000-000000000004}', '{10000000-0000-0000-0000-000000000005}'),
  ('10000000-0000-0000-0000-00000000e004', '10000000-0000-0000-0000-0000000000a1',
   '{10000000-0000-0000-0000-000000000003,10000000-0000-0000-0000-000000000004,10000000-0000-0000-0000-000000000005}',
   '{10000000-0000-0000-0000-000000000004}'),
  ('10000000-0000-0000-0000-00000000e007', '10000000-0000-0000-0000-0000000000b2',
   '{10000000-0000-0000-0000-000000000004}', '{}');

insert into public.file_versions (file_id, deal_id, version_number, storage_key, size_bytes, sha256, original_name, uploaded_by)
select f.id, f.deal_id, 1, format('deals/%s/files/%s/v1', f.deal_id, f.id), 10, repeat('ab', 32), f.name, f.uploaded_by
from public.files f where f.id::text like '10000000-%' and f.upload_state = 'ready';

insert into public.file_metadata (file_id, deal_id, document_type)
select f.id, f.deal_id, 'Report' from public.files f where f.id::text like '10000000-%';

insert into public.file_comments (id, file_id, deal_id, user_id, comment) values
  ('10000000-0000-0000-0000-00000000c001', '10000000-0000-0000-0000-00000000e001', '10000000-0000-0000-0000-0000000000a1', '10000000-0000-0000-0000-000000000003', 'on budget'),
  ('10000000-0000-0000-0000-00000000c003', '10000000-0000-0000-0000-00000000e003', '10000000-0000-0000-0000-0000000000a1', '10000000-0000-0000-0000-000000000004', 'on for-v1'),
  ('10000000-0000-0000-0000-00000000c004', '10000000-0000-0000-0000-00000000e004', '10000000-0000-0000-0000-0000000000a1', '10000000-0000-0000-0000-000000000005', 'on not-for-v1'),
  ('10000000-0000-0000-0000-00000000c005', '10000000-0000-0000-0000-00000000e005', '10000000-0000-0000-0000-0000000000a1', '10000000-0000-0000-0000-000000000004', 'on return'),
  ('10000000-0000-0000-0000-00000000c006', '10000000-0000-0000-0000-00000000e006', '10000000-0000-0000-0000-0000000000b2', '10000000-0000-0000-0000-000000000009', 'on beta'),
  ('10000000-0000-0000-0000-00000000c007', '10000000-0000-0000-0000-00000000e007', '10000000-0000-0000-0000-0000000000b2', '10000000-0000-0000-0000-000000000009', 'on beta-custom');

insert into public.upload_grants (storage_key, file_id, deal_id, version_number, original_name, content_type, created_by, expires_at, completed_at) values
  ('deals/10000000-0000-0000-0000-0000000000a1/files/10000000-0000-0000-0000-00000000e001/v1', '10000000-0000-0000-0000-00000000e001', '10000000-0000-0000-0000-0000000000a1', 1, 'budget.xlsx', 'application/octet-stream', '10000000-0000-0000-0000-000000000003', now() + interval '1 hour', now()),
  ('deals/10000000-0000-0000-0000-0000000000a1/files/10000000-0000-0000-0000-00000000e002/v1', '10000000-0000-0000-0000-00000000e002', '10000000-0000-0000-0000-0000000000a1', 1, 'half-uploaded.pdf', 'application/pdf', '10000000-0000-0000-0000-000000000004', now() + interval '1 hour', null),
  ('deals/10000000-0000-0000-0000-0000000000a1/files/10000000-0000-0000-0000-00000000e005/v1', '10000000-0000-0000-0000-00000000e005', '10000000-0000-0000-0000-0000000000a1', 1, 'return.pdf', 'application/pdf', '10000000-0000-0000-0000-000000000004', now() + interval '1 hour', now()),
  ('deals/10000000-0000-0000-0000-0000000000b2/files/10000000-0000-0000-0000-00000000e006/v1', '10000000-0000-0000-0000-00000000e006', '10000000-0000-0000-0000-0000000000b2', 1, 'beta.pdf', 'application/pdf', '10000000-0000-0000-0000-000000000009', now() + interval '1 hour', now());

-- Every fixture file id, to ask the helpers about each of them.
create temporary table fixture_files (id uuid primary key) on commit drop;
insert into fixture_files select id from public.files where id::text like '10000000-%';
grant select on fixture_files to authenticated, anon;

-- The four assertions that the caller sees nothing of the fixture's deals, the labels naming them as p_who.
create function pg_temp.sees_nothing(p_who text) returns setof text language plpgsql as $f$
begin
  return next is_empty($$select id from public.folders where deal_id::text like '10000000-%'$$, p_who || ' sees no folder');
  return next is_empty($$select id from public.files where deal_id::text like '10000000-%'$$, p_who || ' sees no file');
  return next is_empty($$select file_id from public.file_versions where deal_id::text like '10000000-%'
                         union all select file_id from public.file_metadata where deal_id::text like '10000000-%'
                         union all select file_id from public.file_comments where deal_id::text like '10000000-%'
                         union all select file_id from public.file_permissions where deal_id::text like '10000000-%'
                         union all select file_id from public.upload_grants where deal_id::text like '10000000-%'$$,
    p_who || ' sees no version, metadata, comment, permission or grant');
  return next is_empty($$select id from fixture_files where private.can_see_file(id) or private.can_download_file(id)$$,
    p_who || ' can neither see nor download any file according to the helpers');
end $f$;

-- ---------------------------------------------------------------- anonymous: no privilege on any data-room table
select tests.as_anon();
select throws_ok($$select * from public.folders$$, '42501', null, 'anon cannot select folders');
select throws_ok($$select * from public.files$$, '42501', null, 'anon cannot select files');
select throws_ok($$select * from public.file_versions$$, '42501', null, 'anon cannot select file_versions');
select throws_ok($$select * from public.file_metadata$$, '42501', null, 'anon cannot select file_metadata');
select throws_ok($$select * from public.file_comments$$, '42501', null, 'anon cannot select file_comments');
select throws_ok($$select * from public.file_permissions$$, '42501', null, 'anon cannot select file_permissions');
select throws_ok($$select * from public.upload_grants$$, '42501', null, 'anon cannot select upload_grants');
select is_empty($$select id from fixture_files where private.can_see_file(id) or private.can_download_file(id)$$,
  'anon can neither see nor download any file according to the helpers');
select tests.as_server();

-- ---------------------------------------------------------------- owner of Alpha
select tests.as_user('owner@dataroom10.test');
select set_eq($$select id from public.folders where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000f001'::uuid), ('10000000-0000-0000-0000-00000000f002')$$,
  'owner sees Alpha''s folders, none of Beta''s');
select set_eq($$select id from public.files where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e002'), ('10000000-0000-0000-0000-00000000e003'),
           ('10000000-0000-0000-0000-00000000e004'), ('10000000-0000-0000-0000-00000000e005')$$,
  'owner sees every Alpha file: others'' pending uploads and custom files they are not listed in included');
select set_eq($$select file_id from public.file_versions where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e003'),
           ('10000000-0000-0000-0000-00000000e004'), ('10000000-0000-0000-0000-00000000e005')$$,
  'owner sees the versions of every Alpha file');
select set_eq($$select file_id from public.file_metadata where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e002'), ('10000000-0000-0000-0000-00000000e003'),
           ('10000000-0000-0000-0000-00000000e004'), ('10000000-0000-0000-0000-00000000e005')$$,
  'owner sees the metadata of every Alpha file');
select set_eq($$select id from public.file_comments where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000c001'::uuid), ('10000000-0000-0000-0000-00000000c003'),
           ('10000000-0000-0000-0000-00000000c004'), ('10000000-0000-0000-0000-00000000c005')$$,
  'owner sees the comments on every Alpha file');
select set_eq($$select file_id from public.file_permissions where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000e003'::uuid), ('10000000-0000-0000-0000-00000000e004')$$,
  'owner sees the permissions of every custom Alpha file');
select is_empty($$select storage_key from public.upload_grants where deal_id::text like '10000000-%'$$,
  'owner sees no upload grant: grants are visible to their creator only');
select set_eq($$select id from fixture_files where private.can_see_file(id)$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e002'), ('10000000-0000-0000-0000-00000000e003'),
           ('10000000-0000-0000-0000-00000000e004'), ('10000000-0000-0000-0000-00000000e005')$$,
  'can_see_file agrees with the files policy for the owner');
select set_eq($$select id from fixture_files where private.can_download_file(id)$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e002'), ('10000000-0000-0000-0000-00000000e003'),
           ('10000000-0000-0000-0000-00000000e004'), ('10000000-0000-0000-0000-00000000e005')$$,
  'can_download_file: the owner can download every Alpha file and nothing of Beta');

-- ---------------------------------------------------------------- admin (not owner)
select tests.as_user('admin@dataroom10.test');
select set_eq($$select id from public.folders where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000f001'::uuid), ('10000000-0000-0000-0000-00000000f002')$$,
  'admin sees Alpha''s folders, none of Beta''s');
select set_eq($$select id from public.files where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e002'), ('10000000-0000-0000-0000-00000000e003'),
           ('10000000-0000-0000-0000-00000000e004'), ('10000000-0000-0000-0000-00000000e005')$$,
  'admin sees every Alpha file, pending and custom ones included, though listed in no permission');
select set_eq($$select file_id from public.file_versions where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e003'),
           ('10000000-0000-0000-0000-00000000e004'), ('10000000-0000-0000-0000-00000000e005')$$,
  'admin sees the versions of every Alpha file');
select set_eq($$select file_id from public.file_metadata where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e002'), ('10000000-0000-0000-0000-00000000e003'),
           ('10000000-0000-0000-0000-00000000e004'), ('10000000-0000-0000-0000-00000000e005')$$,
  'admin sees the metadata of every Alpha file');
select set_eq($$select id from public.file_comments where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000c001'::uuid), ('10000000-0000-0000-0000-00000000c003'),
           ('10000000-0000-0000-0000-00000000c004'), ('10000000-0000-0000-0000-00000000c005')$$,
  'admin sees the comments on every Alpha file');
select set_eq($$select file_id from public.file_permissions where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000e003'::uuid), ('10000000-0000-0000-0000-00000000e004')$$,
  'admin sees the permissions of every custom Alpha file');
select is_empty($$select storage_key from public.upload_grants where deal_id::text like '10000000-%'$$,
  'admin sees no upload grant of others');
select set_eq($$select id from fixture_files where private.can_see_file(id)$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e002'), ('10000000-0000-0000-0000-00000000e003'),
           ('10000000-0000-0000-0000-00000000e004'), ('10000000-0000-0000-0000-00000000e005')$$,
  'can_see_file agrees with the files policy for the admin');
select set_eq($$select id from fixture_files where private.can_download_file(id)$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e002'), ('10000000-0000-0000-0000-00000000e003'),
           ('10000000-0000-0000-0000-00000000e004'), ('10000000-0000-0000-0000-00000000e005')$$,
  'can_download_file: the admin can download every Alpha file');

-- ---------------------------------------------------------------- contributor
select tests.as_user('contributor@dataroom10.test');
select set_eq($$select id from public.folders where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000f001'::uuid), ('10000000-0000-0000-0000-00000000f002')$$,
  'contributor sees Alpha''s folders, none of Beta''s');
select set_eq($$select id from public.files where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e004'), ('10000000-0000-0000-0000-00000000e005')$$,
  'contributor sees ready files open to all and custom files allowing them; not a viewer''s pending upload, not a custom file they are not listed in');
select set_eq($$select file_id from public.file_versions where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e004'), ('10000000-0000-0000-0000-00000000e005')$$,
  'contributor sees the versions of the files they can see only');
select set_eq($$select file_id from public.file_metadata where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e004'), ('10000000-0000-0000-0000-00000000e005')$$,
  'contributor sees the metadata of the files they can see only');
select set_eq($$select id from public.file_comments where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000c001'::uuid), ('10000000-0000-0000-0000-00000000c004'), ('10000000-0000-0000-0000-00000000c005')$$,
  'contributor sees the comments on the files they can see only');
select set_eq($$select file_id from public.file_permissions where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000e004'::uuid)$$,
  'contributor sees the permissions of the custom file allowing them, not of the one hidden from them');
select set_eq($$select storage_key from public.upload_grants where deal_id::text like '10000000-%'$$,
  $$values ('deals/10000000-0000-0000-0000-0000000000a1/files/10000000-0000-0000-0000-00000000e001/v1'::text)$$, 'contributor sees only their own upload grant');
select set_eq($$select id from fixture_files where private.can_see_file(id)$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e004'), ('10000000-0000-0000-0000-00000000e005')$$,
  'can_see_file agrees with the files policy for the contributor');
select set_eq($$select id from fixture_files where private.can_download_file(id)$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e004'), ('10000000-0000-0000-0000-00000000e005')$$,
  'can_download_file agrees for the contributor');

-- ---------------------------------------------------------------- viewer V1 (upload_view)
select tests.as_user('viewer1@dataroom10.test');
select set_eq($$select id from public.folders where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000f001'::uuid), ('10000000-0000-0000-0000-00000000f002')$$,
  'viewer sees Alpha''s folders, none of Beta''s');
select set_eq($$select id from public.files where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e002'),
           ('10000000-0000-0000-0000-00000000e003'), ('10000000-0000-0000-0000-00000000e005')$$,
  'viewer V1 sees files open to all, their own pending upload, the custom file allowing them; not the one denying them, nothing of Beta (though Beta''s custom file lists them)');
select set_eq($$select file_id from public.file_versions where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e003'), ('10000000-0000-0000-0000-00000000e005')$$,
  'viewer V1 sees the versions of the files they can see only');
select set_eq($$select file_id from public.file_metadata where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e002'),
           ('10000000-0000-0000-0000-00000000e003'), ('10000000-0000-0000-0000-00000000e005')$$,
  'viewer V1 sees the metadata of the files they can see (their pending upload''s included)');
select set_eq($$select id from public.file_comments where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000c001'::uuid), ('10000000-0000-0000-0000-00000000c003'), ('10000000-0000-0000-0000-00000000c005')$$,
  'viewer V1 sees the comments on the files they can see only');
select is_empty($$select file_id from public.file_permissions
    where file_id in ('10000000-0000-0000-0000-00000000e004', '10000000-0000-0000-0000-00000000e007')$$,
  'viewer V1 cannot read the permissions of the file denying them, nor of Beta''s file listing them');
select ok(private.can_see_file('10000000-0000-0000-0000-00000000e003')
          and not exists (select 1 from public.file_permissions where file_id = '10000000-0000-0000-0000-00000000e003'),
  'viewer V1 sees the custom file allowing them but cannot read its permissions (no edit_files, not the uploader)');
select is_empty($$select file_id from public.file_permissions where deal_id::text like '10000000-%'$$,
  'viewer V1, uploader of no custom file, reads no file_permissions row at all');
select set_eq($$select storage_key from public.upload_grants where deal_id::text like '10000000-%'$$,
  $$values ('deals/10000000-0000-0000-0000-0000000000a1/files/10000000-0000-0000-0000-00000000e002/v1'::text),
           ('deals/10000000-0000-0000-0000-0000000000a1/files/10000000-0000-0000-0000-00000000e005/v1')$$, 'viewer V1 sees only their own upload grants');
select set_eq($$select id from fixture_files where private.can_see_file(id)$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e002'),
           ('10000000-0000-0000-0000-00000000e003'), ('10000000-0000-0000-0000-00000000e005')$$,
  'can_see_file agrees with the files policy for viewer V1 (denied wins; a Beta allow-list entry grants nothing to a non-member)');
select set_eq($$select id from fixture_files where private.can_download_file(id)$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e002'),
           ('10000000-0000-0000-0000-00000000e003'), ('10000000-0000-0000-0000-00000000e005')$$,
  'can_download_file agrees for viewer V1');

-- ---------------------------------------------------------------- viewer V2 (upload_view)
select tests.as_user('viewer2@dataroom10.test');
select set_eq($$select id from public.files where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e003'),
           ('10000000-0000-0000-0000-00000000e004'), ('10000000-0000-0000-0000-00000000e005')$$,
  'viewer V2 sees the file they uploaded although its permissions deny them, the custom file allowing them, not V1''s pending upload');
select set_eq($$select file_id from public.file_versions where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e003'),
           ('10000000-0000-0000-0000-00000000e004'), ('10000000-0000-0000-0000-00000000e005')$$,
  'viewer V2 sees the versions of the files they can see');
select set_eq($$select file_id from public.file_metadata where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e003'),
           ('10000000-0000-0000-0000-00000000e004'), ('10000000-0000-0000-0000-00000000e005')$$,
  'viewer V2 sees the metadata of the files they can see, not of V1''s pending upload');
select set_eq($$select id from public.file_comments where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000c001'::uuid), ('10000000-0000-0000-0000-00000000c003'),
           ('10000000-0000-0000-0000-00000000c004'), ('10000000-0000-0000-0000-00000000c005')$$,
  'viewer V2 sees the comments on the files they can see');
select ok(exists (select 1 from public.file_permissions where file_id = '10000000-0000-0000-0000-00000000e003')
          and not exists (select 1 from public.file_permissions where deal_id = '10000000-0000-0000-0000-0000000000b2'),
  'viewer V2 reads the permissions of the file they uploaded, nothing of Beta');
select ok(private.can_see_file('10000000-0000-0000-0000-00000000e004')
          and not exists (select 1 from public.file_permissions where file_id = '10000000-0000-0000-0000-00000000e004'),
  'viewer V2 sees the custom file allowing them but cannot read its permissions (only edit_files or the uploader may)');
select is_empty($$select storage_key from public.upload_grants where deal_id::text like '10000000-%'$$,
  'viewer V2 created no grant and sees none');
select set_eq($$select id from fixture_files where private.can_see_file(id)$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e003'),
           ('10000000-0000-0000-0000-00000000e004'), ('10000000-0000-0000-0000-00000000e005')$$,
  'can_see_file agrees with the files policy for viewer V2 (the uploader always sees their file)');
select set_eq($$select id from fixture_files where private.can_download_file(id)$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::uuid), ('10000000-0000-0000-0000-00000000e003'),
           ('10000000-0000-0000-0000-00000000e004'), ('10000000-0000-0000-0000-00000000e005')$$,
  'can_download_file agrees for viewer V2');

-- ---------------------------------------------------------------- suspended admin, stranger, super admin: nothing at all
select tests.as_user('suspended@dataroom10.test');
select pg_temp.sees_nothing('suspended admin');

select tests.as_user('stranger@dataroom10.test');
select pg_temp.sees_nothing('non-member');

select tests.as_user('super@dataroom10.test');
select pg_temp.sees_nothing('super admin who is not a member');

-- ---------------------------------------------------------------- Beta owner: Beta only (cross-deal isolation)
select tests.as_user('beta-owner@dataroom10.test');
select set_eq($$select id from public.folders where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000f003'::uuid)$$, 'Beta owner sees Beta''s folder and none of Alpha''s');
select set_eq($$select id from public.files where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000e006'::uuid), ('10000000-0000-0000-0000-00000000e007')$$,
  'Beta owner sees Beta''s files and none of Alpha''s');
select set_eq($$select file_id from public.file_versions where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000e006'::uuid), ('10000000-0000-0000-0000-00000000e007')$$,
  'Beta owner sees Beta''s versions only');
select set_eq($$select file_id from public.file_metadata where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000e006'::uuid), ('10000000-0000-0000-0000-00000000e007')$$,
  'Beta owner sees Beta''s metadata only');
select set_eq($$select id from public.file_comments where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000c006'::uuid), ('10000000-0000-0000-0000-00000000c007')$$,
  'Beta owner sees Beta''s comments only');
select set_eq($$select file_id from public.file_permissions where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000e007'::uuid)$$, 'Beta owner sees Beta''s file permissions only');
select set_eq($$select storage_key from public.upload_grants where deal_id::text like '10000000-%'$$,
  $$values ('deals/10000000-0000-0000-0000-0000000000b2/files/10000000-0000-0000-0000-00000000e006/v1'::text)$$, 'Beta owner sees their own Beta grant only');
select set_eq($$select id from fixture_files where private.can_see_file(id)$$,
  $$values ('10000000-0000-0000-0000-00000000e006'::uuid), ('10000000-0000-0000-0000-00000000e007')$$,
  'can_see_file agrees with the files policy for the Beta owner');
select set_eq($$select id from fixture_files where private.can_download_file(id)$$,
  $$values ('10000000-0000-0000-0000-00000000e006'::uuid), ('10000000-0000-0000-0000-00000000e007')$$,
  'can_download_file: the Beta owner can download Beta''s files and nothing of Alpha');

-- ---------------------------------------------------------------- the custom-permission helper itself
select tests.as_user('viewer1@dataroom10.test');
select ok(private.custom_permission_allows('10000000-0000-0000-0000-00000000e003', '10000000-0000-0000-0000-0000000000a1')
          and not private.custom_permission_allows('10000000-0000-0000-0000-00000000e004', '10000000-0000-0000-0000-0000000000a1'),
  'custom_permission_allows: allowed for V1 on e003, and denied wins on e004 where V1 is both allowed and denied');
select tests.as_user('admin@dataroom10.test');
select ok(not private.custom_permission_allows('10000000-0000-0000-0000-00000000e003', '10000000-0000-0000-0000-0000000000a1')
          and private.can_see_file('10000000-0000-0000-0000-00000000e003'),
  'an admin passes can_see_file on a custom file whose permissions do not list them');

-- ---------------------------------------------------------------- the uploader versus others
-- V1's pending upload is visible to V1 (its uploader) and to admins, and to no other member, whatever their role.
select ok(private.can_see_file('10000000-0000-0000-0000-00000000e002'), 'an admin sees V1''s pending upload');
select tests.as_user('viewer1@dataroom10.test');
select ok(private.can_see_file('10000000-0000-0000-0000-00000000e002') and private.can_download_file('10000000-0000-0000-0000-00000000e002'),
  'the uploader sees and may download their own pending upload');
select tests.as_user('viewer2@dataroom10.test');
select ok(not private.can_see_file('10000000-0000-0000-0000-00000000e002'), 'another viewer does not see V1''s pending upload');
select tests.as_user('contributor@dataroom10.test');
select ok(not private.can_see_file('10000000-0000-0000-0000-00000000e002'), 'a contributor does not see V1''s pending upload');

-- ---------------------------------------------------------------- upload_only: a member without view
-- ...10 joins Alpha as a 'member' holding the system set upload_only {upload}, and uploads a file of their own.
select tests.as_server();
select tests.create_user('upload-only@dataroom10.test', '10000000-0000-0000-0000-000000000010');
select tests.add_member('10000000-0000-0000-0000-0000000000a1', '10000000-0000-0000-0000-000000000010', 'member', 'active',
  (select ps.id from public.permission_sets ps where ps.deal_id is null and ps.name = 'upload_only'));
insert into public.files (id, deal_id, folder_id, name, upload_state, permission_type, current_version, size_bytes, uploaded_by) values
  ('10000000-0000-0000-0000-00000000e008', '10000000-0000-0000-0000-0000000000a1', '10000000-0000-0000-0000-00000000f002',
   'upload-only.pdf', 'ready', 'all', 1, 10, '10000000-0000-0000-0000-000000000010');
insert into public.file_versions (file_id, deal_id, version_number, storage_key, size_bytes, sha256, original_name, uploaded_by) values
  ('10000000-0000-0000-0000-00000000e008', '10000000-0000-0000-0000-0000000000a1', 1,
   'deals/10000000-0000-0000-0000-0000000000a1/files/10000000-0000-0000-0000-00000000e008/v1', 10, repeat('ab', 32), 'upload-only.pdf', '10000000-0000-0000-0000-000000000010');
insert into public.file_comments (id, file_id, deal_id, user_id, comment) values
  ('10000000-0000-0000-0000-00000000c008', '10000000-0000-0000-0000-00000000e008', '10000000-0000-0000-0000-0000000000a1',
   '10000000-0000-0000-0000-000000000001', 'on upload-only');
insert into fixture_files values ('10000000-0000-0000-0000-00000000e008');
select tests.as_user('upload-only@dataroom10.test');
select set_eq($$select id from public.folders where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000f001'::uuid), ('10000000-0000-0000-0000-00000000f002')$$,
  'upload_only: the member sees every folder of the deal');
select set_eq($$select id from public.files where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000e008'::uuid)$$,
  'upload_only: the member sees their own upload and no one else''s file, open or custom');
select set_eq($$select file_id from public.file_versions where deal_id::text like '10000000-%'
                union all select file_id from public.file_comments where deal_id::text like '10000000-%'$$,
  $$values ('10000000-0000-0000-0000-00000000e008'::uuid), ('10000000-0000-0000-0000-00000000e008')$$,
  'upload_only: the member sees the versions and comments of their own upload only');
select set_eq($$select id from fixture_files where private.can_see_file(id)$$,
  $$values ('10000000-0000-0000-0000-00000000e008'::uuid)$$, 'can_see_file agrees with the files policy for the upload_only member');
select ok(private.can_download_file('10000000-0000-0000-0000-00000000e008')
          and not private.can_download_file('10000000-0000-0000-0000-00000000e001'),
  'upload_only: the member may download their own upload, not an open file of someone else');
select lives_ok($$insert into public.files (deal_id, name, uploaded_by, upload_state)
  values ('10000000-0000-0000-0000-0000000000a1', 'second.pdf', '10000000-0000-0000-0000-000000000010', 'pending')$$,
  'upload_only: the member can start an upload');
select tests.as_user('viewer1@dataroom10.test');
select ok(exists (select 1 from public.files where id = '10000000-0000-0000-0000-00000000e008')
          and not exists (select 1 from public.files where name = 'second.pdf' and deal_id = '10000000-0000-0000-0000-0000000000a1'),
  'a viewer sees the upload_only member''s ready upload, not their pending one');

-- ---------------------------------------------------------------- custom permissions by group and tag
-- Group G holds V1 and V2; tag T is V1's. e009 allows group G and denies tag T: V2 sees it, V1 does not (denied wins),
-- the contributor (in neither) does not, the admin does.
select tests.as_server();
insert into public.deal_groups (id, deal_id, name) values
  ('10000000-0000-0000-0000-0000000009a1', '10000000-0000-0000-0000-0000000000a1', 'Buyers');
insert into public.deal_group_members (group_id, deal_id, user_id) values
  ('10000000-0000-0000-0000-0000000009a1', '10000000-0000-0000-0000-0000000000a1', '10000000-0000-0000-0000-000000000004'),
  ('10000000-0000-0000-0000-0000000009a1', '10000000-0000-0000-0000-0000000000a1', '10000000-0000-0000-0000-000000000005');
insert into public.deal_tags (id, deal_id, name) values
  ('10000000-0000-0000-0000-0000000007a1', '10000000-0000-0000-0000-0000000000a1', 'Conflicted');
insert into public.deal_member_tags (tag_id, deal_id, user_id) values
  ('10000000-0000-0000-0000-0000000007a1', '10000000-0000-0000-0000-0000000000a1', '10000000-0000-0000-0000-000000000004');
insert into public.files (id, deal_id, name, upload_state, permission_type, current_version, size_bytes, uploaded_by) values
  ('10000000-0000-0000-0000-00000000e009', '10000000-0000-0000-0000-0000000000a1', 'buyers-only.pdf', 'ready', 'custom', 1, 10,
   '10000000-0000-0000-0000-000000000001');
insert into public.file_permissions (file_id, deal_id, allowed_groups, denied_tags) values
  ('10000000-0000-0000-0000-00000000e009', '10000000-0000-0000-0000-0000000000a1',
   '{10000000-0000-0000-0000-0000000009a1}', '{10000000-0000-0000-0000-0000000007a1}');
select tests.as_user('viewer2@dataroom10.test');
select ok(exists (select 1 from public.files where id = '10000000-0000-0000-0000-00000000e009')
          and private.can_see_file('10000000-0000-0000-0000-00000000e009'),
  'a member of an allowed group sees the custom file (policy and helper)');
select is_empty($$select file_id from public.file_permissions where file_id = '10000000-0000-0000-0000-00000000e009'$$,
  'a member of an allowed group (a viewer) cannot read that file''s permissions');
select tests.as_user('viewer1@dataroom10.test');
select ok(not exists (select 1 from public.files where id = '10000000-0000-0000-0000-00000000e009')
          and not private.can_see_file('10000000-0000-0000-0000-00000000e009'),
  'a denied tag wins over an allowed group (policy and helper)');
select tests.as_user('contributor@dataroom10.test');
select ok(not exists (select 1 from public.files where id = '10000000-0000-0000-0000-00000000e009')
          and not private.can_see_file('10000000-0000-0000-0000-00000000e009'),
  'a contributor in no allowed group does not see the custom file (policy and helper)');
select tests.as_user('admin@dataroom10.test');
select ok(exists (select 1 from public.files where id = '10000000-0000-0000-0000-00000000e009')
          and private.can_see_file('10000000-0000-0000-0000-00000000e009'),
  'the admin sees the custom file regardless of groups and tags (policy and helper)');
select ok(exists (select 1 from public.file_permissions where file_id = '10000000-0000-0000-0000-00000000e009'),
  'the admin reads the permissions of that file');

-- ---------------------------------------------------------------- activities about a file follow the file's visibility
-- Written by the database as people act: downloads of e001 (open), e003 (allowed V1, denied V2, V2 uploaded it),
-- e004 (allowed contributor and V2, denied V1), e008 (the upload_only member's own), e009 (group, denied tag V1),
-- e005 (open, V1's); then the owner deletes e005, so its two rows name a file that no longer exists.
select tests.as_user('admin@dataroom10.test');
select ok(private.record_download('10000000-0000-0000-0000-00000000e004', 1)
          and private.record_download('10000000-0000-0000-0000-00000000e009', 1),
  'the admin downloads e004 and e009');
select tests.as_user('viewer1@dataroom10.test');
select ok(private.record_download('10000000-0000-0000-0000-00000000e001', 1)
          and private.record_download('10000000-0000-0000-0000-00000000e003', 1)
          and private.record_download('10000000-0000-0000-0000-00000000e005', 1),
  'viewer V1 downloads e001, e003 and e005');
select tests.as_user('upload-only@dataroom10.test');
select ok(private.record_download('10000000-0000-0000-0000-00000000e008', 1), 'the upload_only member downloads their own e008');
select tests.as_user('owner@dataroom10.test');
select results_eq($$delete from public.files where id = '10000000-0000-0000-0000-00000000e005' returning id$$,
  $$values ('10000000-0000-0000-0000-00000000e005'::uuid)$$, 'the owner deletes e005');

-- The rows every member may read (no file_id) and the rows about each file, as each member reads them.
select tests.as_user('viewer1@dataroom10.test');
select results_eq($$select count(*)::int from public.activities
    where deal_id = '10000000-0000-0000-0000-0000000000a1' and metadata ->> 'file_id' is null and activity_type = 'deal_create'$$,
  $$values (1)$$, 'viewer V1 reads the deal''s activity that names no file');
select is_empty($$select id from public.activities where metadata ->> 'file_id' = '10000000-0000-0000-0000-00000000e004'$$,
  'viewer V1, denied e004 by custom permissions, cannot read the activity about e004');
select set_eq($$select metadata ->> 'file_id', description from public.activities
    where deal_id = '10000000-0000-0000-0000-0000000000a1' and metadata ? 'file_id'$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::text, 'Downloaded "budget.xlsx"'::text),
           ('10000000-0000-0000-0000-00000000e003', 'Downloaded "for-v1.pdf"'),
           ('10000000-0000-0000-0000-00000000e008', 'Downloaded "upload-only.pdf"')$$,
  'viewer V1 reads the activity about the files they see only: not e004 nor e009 (denied), not e005 (deleted, no edit_files)');
select tests.as_user('viewer2@dataroom10.test');
select set_eq($$select metadata ->> 'file_id' from public.activities
    where deal_id = '10000000-0000-0000-0000-0000000000a1' and metadata ? 'file_id'$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::text), ('10000000-0000-0000-0000-00000000e003'), ('10000000-0000-0000-0000-00000000e004'),
           ('10000000-0000-0000-0000-00000000e008'), ('10000000-0000-0000-0000-00000000e009')$$,
  'viewer V2 reads the activity about e003 (their upload, though denied), e004 and e009 (allowed), not about deleted e005');
select tests.as_user('upload-only@dataroom10.test');
select is_empty($$select 1 from public.activities
    where deal_id = '10000000-0000-0000-0000-0000000000a1' and user_id is distinct from '10000000-0000-0000-0000-000000000010'$$,
  'the upload_only member reads only its own entries of the feed: no one else''s name, no file it cannot see (decision 10)');
select tests.as_user('admin@dataroom10.test');
select set_eq($$select metadata ->> 'file_id', activity_type from public.activities
    where deal_id = '10000000-0000-0000-0000-0000000000a1' and metadata ? 'file_id'$$,
  $$values ('10000000-0000-0000-0000-00000000e001'::text, 'download'::text), ('10000000-0000-0000-0000-00000000e003', 'download'),
           ('10000000-0000-0000-0000-00000000e004', 'download'), ('10000000-0000-0000-0000-00000000e005', 'download'),
           ('10000000-0000-0000-0000-00000000e005', 'delete'), ('10000000-0000-0000-0000-00000000e008', 'download'),
           ('10000000-0000-0000-0000-00000000e009', 'download')$$,
  'the admin reads the activity about every file, the denied, custom and deleted ones included');
select tests.as_user('contributor@dataroom10.test');
select set_eq($$select metadata ->> 'file_id', description from public.activities
    where metadata ->> 'file_id' in ('10000000-0000-0000-0000-00000000e004', '10000000-0000-0000-0000-00000000e005')$$,
  $$values ('10000000-0000-0000-0000-00000000e004'::text, 'Downloaded "not-for-v1.pdf"'::text),
           ('10000000-0000-0000-0000-00000000e005', 'Downloaded "return.pdf"'), ('10000000-0000-0000-0000-00000000e005', 'Deleted "return.pdf"')$$,
  'the contributor reads the activity about e004 (allowed) and, holding edit_files, about deleted e005');
select tests.as_user('suspended@dataroom10.test');
select is_empty($$select id from public.activities where deal_id::text like '10000000-%'$$, 'the suspended admin reads no activity');
select tests.as_user('beta-owner@dataroom10.test');
select is_empty($$select id from public.activities where deal_id = '10000000-0000-0000-0000-0000000000a1'$$,
  'the Beta owner reads no Alpha activity');

-- ================================================================= known holes, last
-- activities_select asks `not exists (select 1 from public.files ...)` as the caller, under the files policy: a file
-- hidden from the caller looks deleted, so anyone with edit_files reads the activity about custom files hidden from them.
select tests.as_user('contributor@dataroom10.test');
select is_empty($$select id from public.activities
    where metadata ->> 'file_id' in ('10000000-0000-0000-0000-00000000e003', '10000000-0000-0000-0000-00000000e009')$$,
  'the contributor (edit_files) cannot read the activity about e003 and e009, custom files hidden from them');
select tests.as_server();

select * from finish();
rollback;
