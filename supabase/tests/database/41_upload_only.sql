-- private.file_name_taken (docs/decisions.md decision 35): whether a name is taken in a folder, asked
-- at the upload-url step so a name held by a file the caller cannot see is refused before any bytes.
-- It answers yes or no only to a member who may upload into that folder, counts every ready, live
-- file whatever its permissions, and hands out nothing else; upload_only still sees no other file.
-- Actors (prefix 41000000-): ...01 owner; ...02 upload_only; ...03 upload_view; ...04 a member whose
-- deal set holds view only (no upload); ...05 a suspended upload_only member; ...06 a stranger;
-- ...07 upload_only in the archived deal.
-- Deals: ...a1 (live), ...b2 (archived). Folders: ...f1 /Finance, ...f2 /Old (archived), ...f3 in b2.
-- Files in a1: 'Report.pdf' in /Finance by the owner, custom and allowing no one; 'Board.pdf' at the
-- root by the owner; 'Gone.pdf' in /Finance archived; 'Draft.pdf' in /Finance still pending.
begin;
create extension if not exists pgtap with schema extensions;
select plan(25);

select tests.create_actors('41', 'names41', array['owner', 'only', 'view', 'reader', 'suspended', 'stranger', 'archived']);
select tests.create_deal('Names41', '41000000-0000-0000-0000-000000000001', '41000000-0000-0000-0000-0000000000a1');
select tests.create_deal('Names41 closed', '41000000-0000-0000-0000-000000000001', '41000000-0000-0000-0000-0000000000b2');
insert into public.permission_sets (id, deal_id, name, capabilities) values
  ('41000000-0000-0000-0000-0000000005e1', '41000000-0000-0000-0000-0000000000a1', 'Read only', '{view}');
select tests.add_member(d::uuid, u::uuid, 'member', st, coalesce(
         (select id from public.permission_sets where deal_id is null and name = s),
         '41000000-0000-0000-0000-0000000005e1'))
from (values
  ('41000000-0000-0000-0000-0000000000a1', '41000000-0000-0000-0000-000000000002', 'upload_only', 'active'),
  ('41000000-0000-0000-0000-0000000000a1', '41000000-0000-0000-0000-000000000003', 'upload_view', 'active'),
  ('41000000-0000-0000-0000-0000000000a1', '41000000-0000-0000-0000-000000000004', 'custom', 'active'),
  ('41000000-0000-0000-0000-0000000000a1', '41000000-0000-0000-0000-000000000005', 'upload_only', 'suspended'),
  ('41000000-0000-0000-0000-0000000000b2', '41000000-0000-0000-0000-000000000007', 'upload_only', 'active')) m(d, u, s, st);
insert into public.folders (id, deal_id, name) values
  ('41000000-0000-0000-0000-0000000000f1', '41000000-0000-0000-0000-0000000000a1', 'Finance'),
  ('41000000-0000-0000-0000-0000000000f2', '41000000-0000-0000-0000-0000000000a1', 'Old'),
  ('41000000-0000-0000-0000-0000000000f3', '41000000-0000-0000-0000-0000000000b2', 'Closed');
update public.folders set archived_at = now() where id = '41000000-0000-0000-0000-0000000000f2';
insert into public.files (id, deal_id, folder_id, name, upload_state, permission_type, current_version, size_bytes, uploaded_by, archived_at) values
  ('41000000-0000-0000-0000-00000000e001', '41000000-0000-0000-0000-0000000000a1', '41000000-0000-0000-0000-0000000000f1', 'Report.pdf', 'ready', 'custom', 1, 10, '41000000-0000-0000-0000-000000000001', null),
  ('41000000-0000-0000-0000-00000000e002', '41000000-0000-0000-0000-0000000000a1', null, 'Board.pdf', 'ready', 'all', 1, 10, '41000000-0000-0000-0000-000000000001', null),
  ('41000000-0000-0000-0000-00000000e003', '41000000-0000-0000-0000-0000000000a1', '41000000-0000-0000-0000-0000000000f1', 'Gone.pdf', 'ready', 'all', 1, 10, '41000000-0000-0000-0000-000000000001', now()),
  ('41000000-0000-0000-0000-00000000e004', '41000000-0000-0000-0000-0000000000a1', '41000000-0000-0000-0000-0000000000f1', 'Draft.pdf', 'pending', 'all', 0, 0, '41000000-0000-0000-0000-000000000001', null),
  ('41000000-0000-0000-0000-00000000e005', '41000000-0000-0000-0000-0000000000b2', '41000000-0000-0000-0000-0000000000f3', 'Closed.pdf', 'ready', 'all', 1, 10, '41000000-0000-0000-0000-000000000001', null);
insert into public.file_permissions (file_id, deal_id) values
  ('41000000-0000-0000-0000-00000000e001', '41000000-0000-0000-0000-0000000000a1');
update public.deals set archived_at = now() where id = '41000000-0000-0000-0000-0000000000b2';

-- ---------------------------------------------------------------- upload_only: the name, nothing else
select tests.as_user('41000000-0000-0000-0000-000000000002');
select is_empty($$select 1 from public.files where deal_id = '41000000-0000-0000-0000-0000000000a1'$$,
  'upload_only sees no file of the deal');
select is(private.file_name_taken('41000000-0000-0000-0000-0000000000a1', '41000000-0000-0000-0000-0000000000f1', 'Report.pdf'), true,
  'yet learns that a name is taken in a folder it may upload to, by a file it cannot see');
select is(private.file_name_taken('41000000-0000-0000-0000-0000000000a1', '41000000-0000-0000-0000-0000000000f1', 'REPORT.PDF'), true,
  'names compare without case, as the unique key does');
select is(private.file_name_taken('41000000-0000-0000-0000-0000000000a1', null, 'Board.pdf'), true, 'at the root too');
select is(private.file_name_taken('41000000-0000-0000-0000-0000000000a1', '41000000-0000-0000-0000-0000000000f1', 'Board.pdf'), false,
  'a name is taken per folder: Board.pdf is free in /Finance');
select is(private.file_name_taken('41000000-0000-0000-0000-0000000000a1', '41000000-0000-0000-0000-0000000000f1', 'Report (2).pdf'), false,
  'the next name is free');
select is(private.file_name_taken('41000000-0000-0000-0000-0000000000a1', '41000000-0000-0000-0000-0000000000f1', 'Gone.pdf'), false,
  'an archived file holds no name');
select is(private.file_name_taken('41000000-0000-0000-0000-0000000000a1', '41000000-0000-0000-0000-0000000000f1', 'Draft.pdf'), false,
  'nor does an upload not yet complete');
select is(private.file_name_taken('41000000-0000-0000-0000-0000000000a1', '41000000-0000-0000-0000-0000000000f2', 'Anything.pdf'), null,
  'no answer about an archived folder');
select is(private.file_name_taken('41000000-0000-0000-0000-0000000000a1', '41000000-0000-0000-0000-0000000000f3', 'Closed.pdf'), null,
  'nor about another deal''s folder');
select is(private.file_name_taken('41000000-0000-0000-0000-0000000000b2', '41000000-0000-0000-0000-0000000000f3', 'Closed.pdf'), null,
  'nor in a deal where it is not a member');
select is((select count(*)::int from private.file_name_taken('41000000-0000-0000-0000-0000000000a1', '41000000-0000-0000-0000-0000000000f1', 'Report.pdf')), 1,
  'one value: a yes or no, no row of the file');
select is_empty($$select 1 from public.files where id = '41000000-0000-0000-0000-00000000e001'$$,
  'and the file stays hidden after asking');
select lives_ok($$insert into public.files (deal_id, folder_id, name, uploaded_by)
  values ('41000000-0000-0000-0000-0000000000a1', '41000000-0000-0000-0000-0000000000f1', 'Report (2).pdf', '41000000-0000-0000-0000-000000000002')$$,
  'it may upload into that folder');
select is((select array_agg(name) from public.files where deal_id = '41000000-0000-0000-0000-0000000000a1'), array['Report (2).pdf'],
  'and sees its own file only');

-- ---------------------------------------------------------------- upload_view (control): same answers
select tests.as_user('41000000-0000-0000-0000-000000000003');
select is(private.file_name_taken('41000000-0000-0000-0000-0000000000a1', '41000000-0000-0000-0000-0000000000f1', 'Report.pdf'), true,
  'upload_view is told about the file its permissions hide');
select is(private.file_name_taken('41000000-0000-0000-0000-0000000000a1', null, 'board.pdf'), true, 'and about the one it sees');

-- ---------------------------------------------------------------- who gets no answer
select tests.as_user('41000000-0000-0000-0000-000000000001');
select is(private.file_name_taken('41000000-0000-0000-0000-0000000000a1', null, 'Board.pdf'), true, 'the owner is answered');
select is(private.file_name_taken('41000000-0000-0000-0000-0000000000b2', '41000000-0000-0000-0000-0000000000f3', 'Closed.pdf'), null,
  'but not in an archived deal, where nobody uploads');
select tests.as_user('41000000-0000-0000-0000-000000000004');
select is(private.file_name_taken('41000000-0000-0000-0000-0000000000a1', '41000000-0000-0000-0000-0000000000f1', 'Report.pdf'), null,
  'a member without upload gets no answer');
select tests.as_user('41000000-0000-0000-0000-000000000005');
select is(private.file_name_taken('41000000-0000-0000-0000-0000000000a1', '41000000-0000-0000-0000-0000000000f1', 'Report.pdf'), null,
  'nor a suspended uploader');
select tests.as_user('41000000-0000-0000-0000-000000000006');
select is(private.file_name_taken('41000000-0000-0000-0000-0000000000a1', null, 'Board.pdf'), null, 'nor a stranger');
select tests.as_user('41000000-0000-0000-0000-000000000007');
select is(private.file_name_taken('41000000-0000-0000-0000-0000000000b2', '41000000-0000-0000-0000-0000000000f3', 'Closed.pdf'), null,
  'nor upload_only in an archived deal');
select tests.as_anon();
select throws_ok($$select private.file_name_taken('41000000-0000-0000-0000-0000000000a1', null, 'Board.pdf')$$, '42501', null,
  'anon may not call it');

select tests.as_server();
select ok(not has_function_privilege('service_role', 'private.file_name_taken(uuid,uuid,text)', 'execute'),
  'nor the service role: only authenticated holds execute');

select * from finish();
rollback;
