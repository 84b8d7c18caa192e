-- ZIP exports (docs/decisions.md decision 48): an export row is read by its requester alone; it is made
-- only through private.create_export, which takes only files the caller may download and writes the
-- feed's `export` entry with the file count and size.
begin;
create extension if not exists pgtap with schema extensions;
select plan(14);

-- looker: view only
select tests.create_actors('47', 'exports47', array['owner', 'viewer', 'looker', 'outsider']);
select tests.create_deal('Exports47', '47000000-0000-0000-0000-000000000001', '47000000-0000-0000-0000-0000000000a1');
insert into public.permission_sets (id, deal_id, name, capabilities) values
  ('47000000-0000-0000-0000-0000000005a1', '47000000-0000-0000-0000-0000000000a1', 'lookers', '{view}');
select tests.add_member('47000000-0000-0000-0000-0000000000a1', '47000000-0000-0000-0000-000000000002', 'viewer');
select tests.add_member('47000000-0000-0000-0000-0000000000a1', '47000000-0000-0000-0000-000000000003', 'member', 'active',
  '47000000-0000-0000-0000-0000000005a1');
insert into public.files (id, deal_id, folder_id, name, upload_state, permission_type, current_version, size_bytes, uploaded_by) values
  ('47000000-0000-0000-0000-00000000e001', '47000000-0000-0000-0000-0000000000a1', null, 'open.pdf', 'ready', 'all', 1, 10,
   '47000000-0000-0000-0000-000000000001'),
  ('47000000-0000-0000-0000-00000000e002', '47000000-0000-0000-0000-0000000000a1', null, 'secret.pdf', 'ready', 'custom', 1, 20,
   '47000000-0000-0000-0000-000000000001');
insert into public.file_versions (file_id, deal_id, version_number, storage_key, size_bytes, sha256, original_name) values
  ('47000000-0000-0000-0000-00000000e001', '47000000-0000-0000-0000-0000000000a1', 1,
   'deals/47000000-0000-0000-0000-0000000000a1/files/47000000-0000-0000-0000-00000000e001/v1', 10, repeat('a', 64), 'open.pdf'),
  ('47000000-0000-0000-0000-00000000e002', '47000000-0000-0000-0000-0000000000a1', 1,
   'deals/47000000-0000-0000-0000-0000000000a1/files/47000000-0000-0000-0000-00000000e002/v1', 20, repeat('b', 64), 'secret.pdf');
insert into public.file_permissions (file_id, deal_id, denied_users) values
  ('47000000-0000-0000-0000-00000000e002', '47000000-0000-0000-0000-0000000000a1', '{47000000-0000-0000-0000-000000000002}');

create function pg_temp.export_of(p_file text, p_mode text default 'direct') returns uuid language sql as $$
  select private.create_export('47000000-0000-0000-0000-0000000000a1', p_mode,
    jsonb_build_array(jsonb_build_object('file_id', p_file, 'version', 1, 'archive_path', 'x.pdf', 'original_path', '/x.pdf')),
    '[]', '[]', null, null)
$$;

-- ---------------------------------------------------------------- making one
select tests.as_user('viewer@exports47.test');
select isnt(pg_temp.export_of('47000000-0000-0000-0000-00000000e001'), null, 'a viewer exports a file they may download');
select throws_ok($$select pg_temp.export_of('47000000-0000-0000-0000-00000000e002')$$, '42501', null,
  'but not a file denied to them: create_export checks every file');
select throws_ok($$insert into public.exports (deal_id, user_id, mode, file_count, total_bytes, storage_key)
    values ('47000000-0000-0000-0000-0000000000a1', '47000000-0000-0000-0000-000000000002', 'job', 1, 1,
            'deals/47000000-0000-0000-0000-0000000000a1/files/47000000-0000-0000-0000-00000000e002/v1')$$, '42501', null,
  'nor write an export row of their own making');
select tests.as_user('looker@exports47.test');
select throws_ok($$select pg_temp.export_of('47000000-0000-0000-0000-00000000e001')$$, '42501',
  'You don''t have permission to download one of these files.', 'a view-only member exports no one else''s file');
select tests.as_user('outsider@exports47.test');
select throws_ok($$select pg_temp.export_of('47000000-0000-0000-0000-00000000e001')$$, '42501', null,
  'nor does someone outside the deal');
select tests.as_user('owner@exports47.test');
select isnt(pg_temp.export_of('47000000-0000-0000-0000-00000000e002', 'job'), null, 'the owner exports the denied file, as a job');

-- ---------------------------------------------------------------- reading
select tests.as_user('viewer@exports47.test');
select results_eq($$select file_count, total_bytes, status, mode from public.exports$$,
  $$values (1, 10::bigint, 'ready', 'direct')$$, 'the viewer reads their own export, and only theirs');
select is((select entries -> 0 ->> 'storage_key' from public.exports),
  'deals/47000000-0000-0000-0000-0000000000a1/files/47000000-0000-0000-0000-00000000e001/v1',
  'its entries name the stored version, taken from the database');
select tests.as_user('owner@exports47.test');
select results_eq($$select file_count, total_bytes, status, mode from public.exports$$,
  $$values (1, 20::bigint, 'queued', 'job')$$, 'the owner sees their own, not the viewer''s');
select tests.as_user('outsider@exports47.test');
select is((select count(*)::int from public.exports), 0, 'someone outside the deal sees none');
select throws_ok($$update public.exports set status = 'ready'$$, '42501', null, 'no member changes an export');

-- ---------------------------------------------------------------- the feed
select tests.as_user('owner@exports47.test');
select results_eq($$select user_id, (metadata ->> 'file_count')::int, (metadata ->> 'total_bytes')::bigint, description
    from public.activities where activity_type = 'export' order by (metadata ->> 'total_bytes')::bigint$$,
  $$values ('47000000-0000-0000-0000-000000000002'::uuid, 1, 10::bigint, 'Exported 1 file as ZIP (10 bytes)'),
           ('47000000-0000-0000-0000-000000000001'::uuid, 1, 20::bigint, 'Exported 1 file as ZIP (20 bytes)')$$,
  'each export is in the feed with its file count and size');
select tests.as_user('outsider@exports47.test');
select is((select count(*)::int from public.activities where activity_type = 'export'), 0,
  'someone outside the deal sees no export in its feed');
select tests.as_server();
select is((select count(*)::int from public.exports where status = 'queued' and storage_key is null), 1,
  'the worker (privileged) finds the queued job');

select * from finish();
rollback;
