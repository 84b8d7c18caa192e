-- Data room: folder subtree operations (folder_subtree_counts, archive_folder, delete_folder) and the
-- cross-deal isolation of every child table (versions, metadata, comments, permissions, grants, folders).
-- Actors (fixed ids, unique to this file, prefix 12000000-):
--   ...01 owner of Alpha        ...02 admin (not owner)   ...03 contributor   ...04 viewer V1
--   ...05 viewer V2             ...06 suspended contributor                   ...07 signed-in stranger
--   ...08 super admin, member of nothing                   ...09 owner of Beta (member of Beta only)
-- Deals: Alpha ...a1 (owner ...01), Beta ...b2 (owner ...09).
-- Alpha folders: f001 /Data, f002 /Data/Sub, f003 /Data/Sub/Deep (the subtree deleted below),
--                f004 /Archive me, f005 /Archive me/Inner (the subtree archived below), f006 /Keep.
-- Beta folder:   f007 /Beta.
-- Files: e001 in /Data, ready, by the contributor, versions 1 and 2
--        e002 in /Data/Sub, ready, custom allowed [V2] (hidden from the contributor and V1), by the owner
--        e003 in /Data/Sub/Deep, pending, by V1, an unfinished upload grant
--        e004 in /Keep, ready            e005 in /Archive me, ready
--        e006 in /Archive me/Inner, ready, custom allowed [V2]
--        e007 in Beta /Beta, ready, by the Beta owner
--        e008 in /Single, ready, and e009 in /Single, pending (a folder deleted with one ready file)
--        e010 at the root, ready (deleted directly after the folder deletes)
-- Alpha also has f008 /Single and f009 /Empty (deleted below). Ready files carry a version of the same size; every
-- storage key is deals/<deal>/files/<file>/v<n>. delete_folder writes one activity for the whole subtree.
begin;
create extension if not exists pgtap with schema extensions;
select plan(72);

-- ---------------------------------------------------------------- fixture, as the table owner
select tests.alpha_beta_deals('12', 'dataroom12', 'Children', array['viewer1', 'viewer2'], 'contributor',
  '12000000-0000-0000-0000-0000000000a1', '12000000-0000-0000-0000-0000000000b2');
insert into public.folders (id, deal_id, parent_id, name) values
  ('12000000-0000-0000-0000-00000000f001', '12000000-0000-0000-0000-0000000000a1', null, 'Data'),
  ('12000000-0000-0000-0000-00000000f004', '12000000-0000-0000-0000-0000000000a1', null, 'Archive me'),
  ('12000000-0000-0000-0000-00000000f006', '12000000-0000-0000-0000-0000000000a1', null, 'Keep'),
  ('12000000-0000-0000-0000-00000000f008', '12000000-0000-0000-0000-0000000000a1', null, 'Single'),
  ('12000000-0000-0000-0000-00000000f009', '12000000-0000-0000-0000-0000000000a1', null, 'Empty'),
  ('12000000-0000-0000-0000-00000000f007', '12000000-0000-0000-0000-0000000000b2', null, 'Beta');
insert into public.folders (id, deal_id, parent_id, name) values
  ('12000000-0000-0000-0000-00000000f002', '12000000-0000-0000-0000-0000000000a1', '12000000-0000-0000-0000-00000000f001', 'Sub'),
  ('12000000-0000-0000-0000-00000000f005', '12000000-0000-0000-0000-0000000000a1', '12000000-0000-0000-0000-00000000f004', 'Inner');
insert into public.folders (id, deal_id, parent_id, name) values
  ('12000000-0000-0000-0000-00000000f003', '12000000-0000-0000-0000-0000000000a1', '12000000-0000-0000-0000-00000000f002', 'Deep');
insert into public.files (id, deal_id, folder_id, name, upload_state, permission_type, current_version, size_bytes, uploaded_by) values
  ('12000000-0000-0000-0000-00000000e001', '12000000-0000-0000-0000-0000000000a1', '12000000-0000-0000-0000-00000000f001', 'data.csv', 'ready', 'all', 2, 10, '12000000-0000-0000-0000-000000000003'),
  ('12000000-0000-0000-0000-00000000e002', '12000000-0000-0000-0000-0000000000a1', '12000000-0000-0000-0000-00000000f002', 'secret.pdf', 'ready', 'custom', 1, 10, '12000000-0000-0000-0000-000000000001'),
  ('12000000-0000-0000-0000-00000000e003', '12000000-0000-0000-0000-0000000000a1', '12000000-0000-0000-0000-00000000f003', 'uploading.pdf', 'pending', 'all', 0, 0, '12000000-0000-0000-0000-000000000004'),
  ('12000000-0000-0000-0000-00000000e004', '12000000-0000-0000-0000-0000000000a1', '12000000-0000-0000-0000-00000000f006', 'keep.pdf', 'ready', 'all', 1, 10, '12000000-0000-0000-0000-000000000003'),
  ('12000000-0000-0000-0000-00000000e005', '12000000-0000-0000-0000-0000000000a1', '12000000-0000-0000-0000-00000000f004', 'old.pdf', 'ready', 'all', 1, 10, '12000000-0000-0000-0000-000000000003'),
  ('12000000-0000-0000-0000-00000000e006', '12000000-0000-0000-0000-0000000000a1', '12000000-0000-0000-0000-00000000f005', 'old-secret.pdf', 'ready', 'custom', 1, 10, '12000000-0000-0000-0000-000000000001'),
  ('12000000-0000-0000-0000-00000000e007', '12000000-0000-0000-0000-0000000000b2', '12000000-0000-0000-0000-00000000f007', 'beta.pdf', 'ready', 'all', 1, 10, '12000000-0000-0000-0000-000000000009'),
  ('12000000-0000-0000-0000-00000000e008', '12000000-0000-0000-0000-0000000000a1', '12000000-0000-0000-0000-00000000f008', 'single.pdf', 'ready', 'all', 1, 10, '12000000-0000-0000-0000-000000000003'),
  ('12000000-0000-0000-0000-00000000e009', '12000000-0000-0000-0000-0000000000a1', '12000000-0000-0000-0000-00000000f008', 'single-pending.pdf', 'pending', 'all', 0, 0, '12000000-0000-0000-0000-000000000004'),
  ('12000000-0000-0000-0000-00000000e010', '12000000-0000-0000-0000-0000000000a1', null, 'loose.pdf', 'ready', 'all', 1, 10, '12000000-0000-0000-0000-000000000003');
insert into public.file_permissions (file_id, deal_id, allowed_users) values
  ('12000000-0000-0000-0000-00000000e002', '12000000-0000-0000-0000-0000000000a1', '{12000000-0000-0000-0000-000000000005}'),
  ('12000000-0000-0000-0000-00000000e004', '12000000-0000-0000-0000-0000000000a1', '{}'),
  ('12000000-0000-0000-0000-00000000e006', '12000000-0000-0000-0000-0000000000a1', '{12000000-0000-0000-0000-000000000005}');
insert into public.file_versions (file_id, deal_id, version_number, storage_key, size_bytes, sha256, original_name, uploaded_by)
select f.id, f.deal_id, v, format('deals/%s/files/%s/v%s', f.deal_id, f.id, v), 10, repeat('ef', 32), f.name, f.uploaded_by
from public.files f cross join generate_series(1, 2) v
where f.id::text like '12000000-%' and v <= f.current_version;
insert into public.file_metadata (file_id, deal_id, document_type)
select f.id, f.deal_id, 'Other' from public.files f where f.id::text like '12000000-%';
insert into public.file_comments (file_id, deal_id, user_id, comment)
select f.id, f.deal_id, f.uploaded_by, 'comment on ' || f.name from public.files f where f.id::text like '12000000-%';
insert into public.upload_grants (storage_key, file_id, deal_id, version_number, original_name, content_type, created_by, expires_at) values
  ('deals/12000000-0000-0000-0000-0000000000a1/files/12000000-0000-0000-0000-00000000e003/v1', '12000000-0000-0000-0000-00000000e003',
   '12000000-0000-0000-0000-0000000000a1', 1, 'uploading.pdf', 'application/pdf', '12000000-0000-0000-0000-000000000004', now() + interval '1 hour');

-- ---------------------------------------------------------------- folder_subtree_counts: ready files, hidden ones included
select tests.as_user('viewer1@dataroom12.test');
select results_eq($$select folders, files from private.folder_subtree_counts('12000000-0000-0000-0000-00000000f001')$$,
  $$values (2::bigint, 2::bigint)$$,
  'a viewer''s count of /Data: 2 subfolders, 2 ready files (the custom one hidden from them included, the pending one not)');
select tests.as_user('contributor@dataroom12.test');
select results_eq($$select folders, files from private.folder_subtree_counts('12000000-0000-0000-0000-00000000f001')$$,
  $$values (2::bigint, 2::bigint)$$, 'the contributor gets the same counts for /Data');
select results_eq($$select folders, files from private.folder_subtree_counts('12000000-0000-0000-0000-00000000f006')$$,
  $$values (0::bigint, 1::bigint)$$, 'a leaf folder counts no subfolder and its own file');
select results_eq($$select folders, files from private.folder_subtree_counts('12000000-0000-0000-0000-00000000f009')$$,
  $$values (0::bigint, 0::bigint)$$, 'an empty leaf folder counts zero of each');
select results_eq($$select folders, files from private.folder_subtree_counts('12000000-0000-0000-0000-0000000000a1')$$,
  $$values (0::bigint, 0::bigint)$$, 'a folder id that does not exist counts zero of each, never -1');
select tests.results_eq_as(actor || '@dataroom12.test',
  $$select folders, files from private.folder_subtree_counts('12000000-0000-0000-0000-00000000f001')$$,
  $$values (0::bigint, 0::bigint)$$, description)
from (values ('stranger', 'a non-member learns nothing from folder_subtree_counts (zero counts, never negative)'),
             ('suspended', 'a suspended member learns nothing from folder_subtree_counts (zero counts, never negative)'),
             ('super', 'a super admin who is not a member learns nothing from folder_subtree_counts (zero counts, never negative)'),
             ('beta-owner', 'the Beta owner learns nothing from folder_subtree_counts on an Alpha folder (zero counts, never negative)')) v(actor, description);

-- ---------------------------------------------------------------- archive_folder
select tests.throws_ok_as(actor || '@dataroom12.test', $$select * from private.archive_folder('12000000-0000-0000-0000-00000000f004')$$,
  errcode, null, description)
from (values ('viewer1', '42501', 'a viewer cannot archive a folder'),
             ('suspended', 'P0002', 'a suspended contributor cannot archive a folder (not found)'),
             ('stranger', 'P0002', 'a non-member cannot archive a folder (not found)'),
             ('super', 'P0002', 'a super admin who is not a member cannot archive a folder (not found)'),
             ('beta-owner', 'P0002', 'the Beta owner cannot archive an Alpha folder (not found)')) v(actor, errcode, description);
select tests.as_server();
select is((select count(*)::int from public.folders where deal_id = '12000000-0000-0000-0000-0000000000a1' and archived_at is not null)
        + (select count(*)::int from public.files where deal_id = '12000000-0000-0000-0000-0000000000a1' and archived_at is not null), 0,
  'the refused archive calls archived nothing');
select tests.as_user('contributor@dataroom12.test');
select results_eq($$select folders, files from private.archive_folder('12000000-0000-0000-0000-00000000f004')$$,
  $$values (2::bigint, 2::bigint)$$,
  'a contributor archives /Archive me: 2 folders and 2 files, the file hidden from them included');
select tests.as_server();
select set_eq($$select id from public.folders where deal_id = '12000000-0000-0000-0000-0000000000a1' and archived_at is not null
               union all select id from public.files where deal_id = '12000000-0000-0000-0000-0000000000a1' and archived_at is not null$$,
  $$values ('12000000-0000-0000-0000-00000000f004'::uuid), ('12000000-0000-0000-0000-00000000f005'),
           ('12000000-0000-0000-0000-00000000e005'), ('12000000-0000-0000-0000-00000000e006')$$,
  'exactly the subtree and its files are archived, nothing else');
select tests.as_user('contributor@dataroom12.test');
select throws_ok($$select * from private.archive_folder('12000000-0000-0000-0000-00000000f004')$$,
  'P0002', null, 'an archived folder cannot be archived again');

-- ---------------------------------------------------------------- delete_folder
select tests.as_anon();
select throws_ok($$select * from private.delete_folder('12000000-0000-0000-0000-00000000f001')$$,
  'P0002', null, 'anon cannot delete a folder');
select tests.throws_ok_as(actor || '@dataroom12.test', format($$select * from private.delete_folder('12000000-0000-0000-0000-00000000%s')$$, folder),
  errcode, null, description)
from (values ('viewer1', 'f001', '42501', 'a viewer cannot delete a folder'),
             ('suspended', 'f001', 'P0002', 'a suspended contributor cannot delete a folder (not found)'),
             ('stranger', 'f001', 'P0002', 'a non-member cannot delete a folder (not found)'),
             ('super', 'f001', 'P0002', 'a super admin who is not a member cannot delete a folder (not found)'),
             ('beta-owner', 'f001', 'P0002', 'the Beta owner cannot delete an Alpha folder (not found)'),
             ('contributor', 'f007', 'P0002', 'an Alpha contributor cannot delete a Beta folder (not found)')) v(actor, folder, errcode, description);
select tests.as_server();
select is((select count(*)::int from public.folders where id in ('12000000-0000-0000-0000-00000000f001', '12000000-0000-0000-0000-00000000f002',
            '12000000-0000-0000-0000-00000000f003', '12000000-0000-0000-0000-00000000f007')), 4,
  'the refused delete calls removed no folder');
select is((select count(*)::int from public.activities where deal_id::text like '12000000-%' and activity_type = 'delete'), 0,
  'the refused delete calls wrote no delete activity');

select tests.as_user('contributor@dataroom12.test');
select set_eq($$select storage_key from private.delete_folder('12000000-0000-0000-0000-00000000f001')$$,
  $$values ('deals/12000000-0000-0000-0000-0000000000a1/files/12000000-0000-0000-0000-00000000e001/v1'::text),
           ('deals/12000000-0000-0000-0000-0000000000a1/files/12000000-0000-0000-0000-00000000e001/v2'),
           ('deals/12000000-0000-0000-0000-0000000000a1/files/12000000-0000-0000-0000-00000000e002/v1'),
           ('deals/12000000-0000-0000-0000-0000000000a1/files/12000000-0000-0000-0000-00000000e003/v1')$$,
  'a contributor deletes /Data and gets back the storage key of every version and grant in the subtree, the hidden file''s included');
select tests.as_server();
select is_empty($$select id from public.folders where id in ('12000000-0000-0000-0000-00000000f001', '12000000-0000-0000-0000-00000000f002',
                                                             '12000000-0000-0000-0000-00000000f003')$$,
  'the folder and its subfolders are gone');
select is_empty($$select id from public.files where id in ('12000000-0000-0000-0000-00000000e001', '12000000-0000-0000-0000-00000000e002',
                                                           '12000000-0000-0000-0000-00000000e003')$$,
  'every file of the subtree is gone, the hidden and the pending one included');
select is_empty($$select file_id from public.file_versions where file_id in ('12000000-0000-0000-0000-00000000e001', '12000000-0000-0000-0000-00000000e002', '12000000-0000-0000-0000-00000000e003')
    union all select file_id from public.file_metadata where file_id in ('12000000-0000-0000-0000-00000000e001', '12000000-0000-0000-0000-00000000e002', '12000000-0000-0000-0000-00000000e003')
    union all select file_id from public.file_comments where file_id in ('12000000-0000-0000-0000-00000000e001', '12000000-0000-0000-0000-00000000e002', '12000000-0000-0000-0000-00000000e003')
    union all select file_id from public.file_permissions where file_id in ('12000000-0000-0000-0000-00000000e001', '12000000-0000-0000-0000-00000000e002', '12000000-0000-0000-0000-00000000e003')
    union all select file_id from public.upload_grants where file_id in ('12000000-0000-0000-0000-00000000e001', '12000000-0000-0000-0000-00000000e002', '12000000-0000-0000-0000-00000000e003')$$,
  'their versions, metadata, comments, permissions and grants are gone');
select set_eq($$select id from public.files where deal_id::text like '12000000-%'$$,
  $$values ('12000000-0000-0000-0000-00000000e004'::uuid), ('12000000-0000-0000-0000-00000000e005'),
           ('12000000-0000-0000-0000-00000000e006'), ('12000000-0000-0000-0000-00000000e007'),
           ('12000000-0000-0000-0000-00000000e008'), ('12000000-0000-0000-0000-00000000e009'), ('12000000-0000-0000-0000-00000000e010')$$,
  'files outside the subtree (and Beta''s) are untouched');
select results_eq($$select user_id, description, metadata ->> 'path' from public.activities
    where deal_id::text like '12000000-%' and activity_type = 'delete' and metadata ->> 'folder_id' = '12000000-0000-0000-0000-00000000f001'$$,
  $$values ('12000000-0000-0000-0000-000000000003'::uuid, 'Deleted folder "Data" with 2 files'::text, '/Data'::text)$$,
  'deleting a folder writes a delete activity for it, in the deleter''s name, counting its ready files (the hidden one included, the pending one not)');
select results_eq($$select count(*)::int from public.activities where deal_id::text like '12000000-%' and activity_type = 'delete'$$,
  $$values (1)$$, 'delete_folder writes exactly one delete activity: none per subfolder, none per file');

-- Another folder with one ready and one pending file, an empty one, then a file deleted directly in the same transaction.
select tests.as_user('contributor@dataroom12.test');
select set_eq($$select storage_key from private.delete_folder('12000000-0000-0000-0000-00000000f008')$$,
  $$values ('deals/12000000-0000-0000-0000-0000000000a1/files/12000000-0000-0000-0000-00000000e008/v1'::text)$$,
  'a contributor deletes /Single and gets back its one storage key');
select is_empty($$select * from private.delete_folder('12000000-0000-0000-0000-00000000f009')$$,
  'a contributor deletes /Empty: no storage key to remove');
select results_eq($$delete from public.files where id = '12000000-0000-0000-0000-00000000e010' returning name$$,
  $$values ('loose.pdf'::text)$$, 'then the contributor deletes a file directly');
select tests.as_server();
select set_eq($$select description, coalesce(metadata ->> 'folder_id', metadata ->> 'file_id'), metadata ->> 'path' from public.activities
    where deal_id::text like '12000000-%' and activity_type = 'delete'$$,
  $$values ('Deleted folder "Data" with 2 files'::text, '12000000-0000-0000-0000-00000000f001'::text, '/Data'::text),
           ('Deleted folder "Single" with 1 file', '12000000-0000-0000-0000-00000000f008', '/Single'),
           ('Deleted folder "Empty"', '12000000-0000-0000-0000-00000000f009', '/Empty'),
           ('Deleted "loose.pdf"', '12000000-0000-0000-0000-00000000e010', '/')$$,
  'one activity per deleted folder ("with 1 file" singular, nothing for an empty one); a direct file delete afterwards is still recorded');
select is_empty($$select id from public.files where id in ('12000000-0000-0000-0000-00000000e008', '12000000-0000-0000-0000-00000000e009',
                                                           '12000000-0000-0000-0000-00000000e010')
    union all select id from public.folders where id in ('12000000-0000-0000-0000-00000000f008', '12000000-0000-0000-0000-00000000f009')$$,
  'those folders and files are gone');
select tests.as_user('viewer1@dataroom12.test');
select set_eq($$select description from public.activities where deal_id = '12000000-0000-0000-0000-0000000000a1' and activity_type = 'delete'$$,
  $$values ('Deleted folder "Data" with 2 files'::text), ('Deleted folder "Single" with 1 file'), ('Deleted folder "Empty"')$$,
  'a viewer reads the folder deletes, not the delete of a file that no longer exists (no edit_files)');
select tests.as_user('contributor@dataroom12.test');
select results_eq($$select count(*)::int from public.activities where deal_id = '12000000-0000-0000-0000-0000000000a1' and activity_type = 'delete'$$,
  $$values (4)$$, 'the contributor (edit_files) reads all four, the deleted file''s included');
select tests.as_server();

-- ---------------------------------------------------------------- cross-deal isolation of the child tables
-- Rows carry their file's deal: pointing an Alpha row at Beta's file is refused by child_matches_file_deal.
select tests.as_user('viewer1@dataroom12.test');
select throws_ok($$insert into public.file_comments (file_id, deal_id, user_id, comment)
  values ('12000000-0000-0000-0000-00000000e007', '12000000-0000-0000-0000-0000000000a1', '12000000-0000-0000-0000-000000000004', 'cross')$$,
  '23503', null, 'a comment on Beta''s file carrying Alpha''s deal_id is refused (child_matches_file_deal)');
select throws_ok($$insert into public.file_comments (file_id, deal_id, user_id, comment)
  values ('12000000-0000-0000-0000-00000000e007', '12000000-0000-0000-0000-0000000000b2', '12000000-0000-0000-0000-000000000004', 'cross')$$,
  '42501', null, 'a comment on Beta''s file carrying Beta''s deal_id is refused (RLS)');
select throws_ok($$insert into public.upload_grants (storage_key, file_id, deal_id, version_number, original_name, content_type, created_by, expires_at)
  values ('deals/12000000-0000-0000-0000-0000000000a1/files/12000000-0000-0000-0000-00000000e007/v5',
          '12000000-0000-0000-0000-00000000e007', '12000000-0000-0000-0000-0000000000a1', 5, 'x.pdf', 'application/pdf',
          '12000000-0000-0000-0000-000000000004', now() + interval '1 hour')$$,
  '23503', null, 'an upload grant for Beta''s file carrying Alpha''s deal_id is refused');
select throws_ok($$insert into public.upload_grants (storage_key, file_id, deal_id, version_number, original_name, content_type, created_by, expires_at)
  values ('deals/12000000-0000-0000-0000-0000000000b2/files/12000000-0000-0000-0000-00000000e007/v5',
          '12000000-0000-0000-0000-00000000e007', '12000000-0000-0000-0000-0000000000b2', 5, 'x.pdf', 'application/pdf',
          '12000000-0000-0000-0000-000000000004', now() + interval '1 hour')$$,
  '42501', null, 'an upload grant for Beta''s file carrying Beta''s deal_id is refused');
select tests.as_user('contributor@dataroom12.test');
select throws_ok($$insert into public.file_versions (file_id, deal_id, version_number, storage_key, size_bytes, sha256, original_name, uploaded_by)
  values ('12000000-0000-0000-0000-00000000e007', '12000000-0000-0000-0000-0000000000a1', 2,
          'deals/12000000-0000-0000-0000-0000000000a1/files/12000000-0000-0000-0000-00000000e007/v2', 1, repeat('0', 64), 'x',
          '12000000-0000-0000-0000-000000000003')$$,
  '23503', null, 'a version of Beta''s file carrying Alpha''s deal_id is refused');
select throws_ok($$insert into public.file_versions (file_id, deal_id, version_number, storage_key, size_bytes, sha256, original_name, uploaded_by)
  values ('12000000-0000-0000-0000-00000000e007', '12000000-0000-0000-0000-0000000000b2', 2,
          'deals/12000000-0000-0000-0000-0000000000b2/files/12000000-0000-0000-0000-00000000e007/v2', 1, repeat('0', 64), 'x',
          '12000000-0000-0000-0000-000000000003')$$,
  '42501', null, 'a version of Beta''s file carrying Beta''s deal_id is refused');
select throws_ok($$insert into public.file_metadata (file_id, deal_id, quick_summary)
  values ('12000000-0000-0000-0000-00000000e007', '12000000-0000-0000-0000-0000000000a1', 'cross')$$,
  '23503', null, 'metadata of Beta''s file carrying Alpha''s deal_id is refused');
select throws_ok($$insert into public.file_permissions (file_id, deal_id, allowed_users)
  values ('12000000-0000-0000-0000-00000000e007', '12000000-0000-0000-0000-0000000000a1', '{12000000-0000-0000-0000-000000000003}')$$,
  '23503', null, 'permissions of Beta''s file carrying Alpha''s deal_id are refused');
select throws_ok($$update public.file_metadata set deal_id = '12000000-0000-0000-0000-0000000000b2'
    where file_id = '12000000-0000-0000-0000-00000000e004'$$,
  '23503', null, 'Alpha metadata cannot be moved to Beta');
select throws_ok($$update public.file_permissions set deal_id = '12000000-0000-0000-0000-0000000000b2'
    where file_id = '12000000-0000-0000-0000-00000000e004'$$,
  '23503', null, 'Alpha file permissions cannot be moved to Beta');
select throws_ok($$update public.files set deal_id = '12000000-0000-0000-0000-0000000000b2'
    where id = '12000000-0000-0000-0000-00000000e004'$$,
  '42501', null, 'an Alpha file cannot be moved to Beta');
select throws_ok($$insert into public.folders (deal_id, parent_id, name, created_by)
  values ('12000000-0000-0000-0000-0000000000a1', '12000000-0000-0000-0000-00000000f007', 'Inside Beta', '12000000-0000-0000-0000-000000000003')$$,
  '23503', null, 'an Alpha folder cannot be created under a Beta folder');

-- Alpha's owner cannot touch Beta's rows.
select tests.as_user('owner@dataroom12.test');
select is_empty($$update public.folders set archived_at = now() where id = '12000000-0000-0000-0000-00000000f007' returning id$$,
  'Alpha''s owner cannot archive Beta''s folder (0 rows)');
select throws_ok($$update public.folders set name = 'Owned' where id = '12000000-0000-0000-0000-00000000f007'$$,
  '42501', 'permission denied for table folders', 'Alpha''s owner cannot rename Beta''s folder (no one renames folders)');
select throws_ok($$update public.folders set parent_id = '12000000-0000-0000-0000-00000000f007' where id = '12000000-0000-0000-0000-00000000f006'$$,
  '42501', 'permission denied for table folders', 'Alpha''s owner cannot move an Alpha folder under Beta''s folder');
select throws_ok($$update public.files set folder_id = '12000000-0000-0000-0000-00000000f007' where id = '12000000-0000-0000-0000-00000000e004'$$,
  '23503', 'The folder belongs to another deal', 'Alpha''s owner cannot move an Alpha file into Beta''s folder');
select throws_ok($$delete from public.folders where id = '12000000-0000-0000-0000-00000000f007'$$,
  '42501', null, 'Alpha''s owner cannot delete Beta''s folder');
select is_empty($$update public.files set tags = '{owned}' where id = '12000000-0000-0000-0000-00000000e007' returning id$$,
  'Alpha''s owner cannot edit Beta''s file (0 rows)');
select is_empty($$delete from public.files where id = '12000000-0000-0000-0000-00000000e007' returning id$$,
  'Alpha''s owner cannot delete Beta''s file (0 rows)');
select is_empty($$update public.file_metadata set quick_summary = 'owned' where file_id = '12000000-0000-0000-0000-00000000e007' returning file_id$$,
  'Alpha''s owner cannot edit Beta''s metadata (0 rows)');
select throws_ok($$delete from public.file_permissions where deal_id = '12000000-0000-0000-0000-0000000000b2'$$,
  '42501', null, 'Alpha''s owner cannot delete Beta''s file permissions (no one deletes them: decision 40)');
select is_empty($$update public.upload_grants set completed_at = now() where deal_id = '12000000-0000-0000-0000-0000000000b2' returning storage_key$$,
  'Alpha''s owner cannot touch Beta''s upload grants (0 rows)');
select throws_ok($$insert into public.file_comments (file_id, deal_id, user_id, comment)
  values ('12000000-0000-0000-0000-00000000e007', '12000000-0000-0000-0000-0000000000b2', '12000000-0000-0000-0000-000000000001', 'cross')$$,
  '42501', null, 'Alpha''s owner cannot comment on Beta''s file');

select tests.as_user('beta-owner@dataroom12.test');
select throws_ok($$insert into public.file_comments (file_id, deal_id, user_id, comment)
  values ('12000000-0000-0000-0000-00000000e004', '12000000-0000-0000-0000-0000000000a1', '12000000-0000-0000-0000-000000000009', 'cross')$$,
  '42501', null, 'Beta''s owner cannot comment on an Alpha file');
select throws_ok($$insert into public.file_comments (file_id, deal_id, user_id, comment)
  values ('12000000-0000-0000-0000-00000000e004', '12000000-0000-0000-0000-0000000000b2', '12000000-0000-0000-0000-000000000009', 'cross')$$,
  '23503', null, 'Beta''s owner cannot comment on an Alpha file by labelling it with Beta''s deal');
select throws_ok($$insert into public.file_permissions (file_id, deal_id, allowed_users)
  values ('12000000-0000-0000-0000-00000000e005', '12000000-0000-0000-0000-0000000000b2', '{12000000-0000-0000-0000-000000000009}')$$,
  '23503', null, 'Beta''s owner cannot grant themselves an Alpha file by labelling its permissions with Beta''s deal');
select is_empty($$update public.file_permissions set allowed_users = '{12000000-0000-0000-0000-000000000009}'
    where deal_id = '12000000-0000-0000-0000-0000000000a1' returning file_id$$,
  'Beta''s owner cannot rewrite Alpha''s file permissions (0 rows)');
-- Each owner sees no row of the other's deal in any data-room table, nor its activities.
select tests.is_empty_as(actor || '@dataroom12.test', format($$select id from public.folders where deal_id = %1$L
    union all select id from public.files where deal_id = %1$L
    union all select file_id from public.file_versions where deal_id = %1$L
    union all select file_id from public.file_metadata where deal_id = %1$L
    union all select file_id from public.file_comments where deal_id = %1$L
    union all select file_id from public.file_permissions where deal_id = %1$L
    union all select file_id from public.upload_grants where deal_id = %1$L
    union all select id from public.activities where deal_id = %1$L$$, deal), description)
from (values ('owner', '12000000-0000-0000-0000-0000000000b2', 'Alpha''s owner sees no Beta row in any data-room table, nor Beta''s activities'),
             ('beta-owner', '12000000-0000-0000-0000-0000000000a1', 'Beta''s owner sees no Alpha row in any data-room table, nor Alpha''s activities'))
  v(actor, deal, description);
select tests.as_server();
select results_eq($$select (select name || ' ' || full_path || ' ' || (archived_at is null) from public.folders where id = '12000000-0000-0000-0000-00000000f007'),
                           (select tags from public.files where id = '12000000-0000-0000-0000-00000000e007'),
                           (select count(*)::int from public.file_permissions where deal_id = '12000000-0000-0000-0000-0000000000b2'),
                           (select count(*)::int from public.file_comments where deal_id = '12000000-0000-0000-0000-0000000000b2')$$,
  $$values ('Beta /Beta true'::text, '{}'::text[], 0, 1)$$,
  'Beta''s rows are exactly as they were');
select results_eq($$select count(*)::int from public.file_permissions where deal_id = '12000000-0000-0000-0000-0000000000a1'
                     and '12000000-0000-0000-0000-000000000009' = any (allowed_users)$$,
  $$values (0)$$, 'no Alpha permission lists Beta''s owner');

select * from finish();
rollback;
