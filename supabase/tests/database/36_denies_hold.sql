-- A deny never fails open (docs/decisions.md decision 26): a group or tag that a file's deny names cannot
-- be deleted, renumbered or moved, by anyone, alone or in bulk; the member it excludes stays out. An allow
-- does not hold a group or tag back. A deny can only name groups and tags of its deal. The whole deal still
-- deletes with everything in it. And decision 12 covers groups: a manager who is not an admin cannot
-- delete, or strip the set of, a group whose set holds rights they lack.
begin;
create extension if not exists pgtap with schema extensions;
select plan(24);

-- manager: custom set {view, manage_users}
-- excluded: upload_view, tagged "excluded", in group "Bidders"
-- editor: system set edit
select tests.create_actors('36', 'deny36', array['owner', 'manager', 'excluded', 'editor']);
select tests.create_deal('Deny36', '36000000-0000-0000-0000-000000000001', '36000000-0000-0000-0000-0000000000a1');
insert into public.permission_sets (id, deal_id, name, capabilities) values
  ('36000000-0000-0000-0000-0000000005a1', '36000000-0000-0000-0000-0000000000a1', 'managers', '{view,manage_users}'),
  ('36000000-0000-0000-0000-0000000005a2', '36000000-0000-0000-0000-0000000000a1', 'readers', '{view}');
select tests.add_member('36000000-0000-0000-0000-0000000000a1', '36000000-0000-0000-0000-000000000002', 'member', 'active', '36000000-0000-0000-0000-0000000005a1');
select tests.add_member('36000000-0000-0000-0000-0000000000a1', '36000000-0000-0000-0000-000000000003', 'member', 'active',
  (select id from public.permission_sets where deal_id is null and name = 'upload_view'));
select tests.add_member('36000000-0000-0000-0000-0000000000a1', '36000000-0000-0000-0000-000000000004', 'member', 'active',
  (select id from public.permission_sets where deal_id is null and name = 'edit'));
insert into public.deal_tags (id, deal_id, name) values
  ('36000000-0000-0000-0000-0000000007a1', '36000000-0000-0000-0000-0000000000a1', 'excluded'),
  ('36000000-0000-0000-0000-0000000007a2', '36000000-0000-0000-0000-0000000000a1', 'insiders'),
  ('36000000-0000-0000-0000-0000000007a3', '36000000-0000-0000-0000-0000000000a1', 'unused');
insert into public.deal_member_tags (tag_id, deal_id, user_id) values
  ('36000000-0000-0000-0000-0000000007a1', '36000000-0000-0000-0000-0000000000a1', '36000000-0000-0000-0000-000000000003');
select tests.add_group('36000000-0000-0000-0000-0000000000a1', 'Bidders', '36000000-0000-0000-0000-0000000005a2',
  '{36000000-0000-0000-0000-000000000003}', '36000000-0000-0000-0000-0000000006a1');
select tests.add_group('36000000-0000-0000-0000-0000000000a1', 'Editors', (select id from public.permission_sets where deal_id is null and name = 'edit'),
  '{}', '36000000-0000-0000-0000-0000000006a2');
select tests.add_group('36000000-0000-0000-0000-0000000000a1', 'Readers', '36000000-0000-0000-0000-0000000005a2',
  '{}', '36000000-0000-0000-0000-0000000006a3');
select tests.add_group('36000000-0000-0000-0000-0000000000a1', 'Mixed', '36000000-0000-0000-0000-0000000005a2',
  '{36000000-0000-0000-0000-000000000004}', '36000000-0000-0000-0000-0000000006a4');
-- board.pdf denies the tag "excluded" and allows "insiders"; minutes.pdf denies the group "Bidders"; memo.pdf is
-- an "all members" file that keeps a deny on "excluded" (it comes back when the file turns custom again).
insert into public.files (id, deal_id, name, upload_state, permission_type, current_version, size_bytes, uploaded_by) values
  ('36000000-0000-0000-0000-00000000e001', '36000000-0000-0000-0000-0000000000a1', 'board.pdf', 'ready', 'custom', 1, 10, '36000000-0000-0000-0000-000000000001'),
  ('36000000-0000-0000-0000-00000000e002', '36000000-0000-0000-0000-0000000000a1', 'minutes.pdf', 'ready', 'custom', 1, 10, '36000000-0000-0000-0000-000000000001'),
  ('36000000-0000-0000-0000-00000000e003', '36000000-0000-0000-0000-0000000000a1', 'memo.pdf', 'ready', 'all', 1, 10, '36000000-0000-0000-0000-000000000001');
insert into public.file_permissions (file_id, deal_id, allowed_users, allowed_tags, denied_tags, denied_groups) values
  ('36000000-0000-0000-0000-00000000e001', '36000000-0000-0000-0000-0000000000a1', '{36000000-0000-0000-0000-000000000003}',
   '{36000000-0000-0000-0000-0000000007a2}', '{36000000-0000-0000-0000-0000000007a1}', '{}'),
  ('36000000-0000-0000-0000-00000000e002', '36000000-0000-0000-0000-0000000000a1', '{36000000-0000-0000-0000-000000000003}',
   '{}', '{}', '{36000000-0000-0000-0000-0000000006a1}'),
  ('36000000-0000-0000-0000-00000000e003', '36000000-0000-0000-0000-0000000000a1', '{}', '{}', '{36000000-0000-0000-0000-0000000007a1}', '{}');

-- ---------------------------------------------------------------- the attack: delete the denied tag
select tests.as_user('excluded@deny36.test');
select ok(not private.can_see_file('36000000-0000-0000-0000-00000000e001'), 'the excluded member cannot see board.pdf');
select tests.as_user('owner@deny36.test');
select throws_ok($$delete from public.deal_tags where id = '36000000-0000-0000-0000-0000000007a1'$$, '55000',
  'This tag is used to deny access on 2 files: board.pdf, memo.pdf. Remove it from those files'' permissions first.',
  'the owner cannot delete a tag a deny names: refused, naming the files');
select throws_ok($$delete from public.deal_groups where id = '36000000-0000-0000-0000-0000000006a1'$$, '55000',
  'This group is used to deny access on 1 file: minutes.pdf. Remove it from that file''s permissions first.',
  'nor a group a deny names');
select throws_ok($$delete from public.deal_tags where deal_id = '36000000-0000-0000-0000-0000000000a1'$$, '55000', null,
  'a bulk delete of the deal''s tags is refused whole');
select throws_ok($$update public.deal_tags set id = gen_random_uuid() where id = '36000000-0000-0000-0000-0000000007a1'$$, 'P0001',
  'A tag cannot change its id or move to another deal', 'a tag cannot be given a new id (a delete and a create in one)');
select lives_ok($$update public.deal_tags set name = 'excluded parties', color = '#112233' where id = '36000000-0000-0000-0000-0000000007a1'$$,
  'renaming a denied tag is fine');
select tests.as_user('manager@deny36.test');
select throws_ok($$delete from public.deal_tags where id = '36000000-0000-0000-0000-0000000007a1'$$, '55000',
  'This tag is used to deny access on 2 files: memo.pdf and 1 more. Remove it from those files'' permissions first.',
  'a manager is refused too, and told only the names of files they can see');
select tests.as_service();
select throws_ok($$delete from public.deal_tags where id = '36000000-0000-0000-0000-0000000007a1'$$, '42501', null,
  'the service role is refused too (it holds no privilege on deal tables: decision 31)');
select tests.as_server();
select throws_ok($$delete from public.deal_groups where id = '36000000-0000-0000-0000-0000000006a1'$$, '55000', null,
  'and so is the server');
select tests.as_user('excluded@deny36.test');
select ok(not private.can_see_file('36000000-0000-0000-0000-00000000e001') and not private.can_see_file('36000000-0000-0000-0000-00000000e002'),
  'the excluded member still cannot see board.pdf or minutes.pdf');

-- ---------------------------------------------------------------- allows do not hold a tag; unused tags go
select tests.as_user('owner@deny36.test');
select lives_ok($$delete from public.deal_tags where id in ('36000000-0000-0000-0000-0000000007a2', '36000000-0000-0000-0000-0000000007a3')$$,
  'a tag only an allow names, or none, is deleted');
select lives_ok($$update public.file_permissions set denied_tags = '{}' where file_id in ('36000000-0000-0000-0000-00000000e001', '36000000-0000-0000-0000-00000000e003')$$,
  'once the files drop the deny…');
select lives_ok($$delete from public.deal_tags where id = '36000000-0000-0000-0000-0000000007a1'$$, '…the tag is deleted');

-- ---------------------------------------------------------------- a deny names only groups and tags of its deal
select throws_ok($$update public.file_permissions set denied_tags = '{36000000-0000-0000-0000-0000000007a1}'
  where file_id = '36000000-0000-0000-0000-00000000e001'$$, 'P0001', 'A denied tag does not exist in this deal',
  'a deny cannot name a deleted tag');
select throws_ok($$update public.file_permissions set denied_groups = denied_groups || gen_random_uuid()
  where file_id = '36000000-0000-0000-0000-00000000e002'$$, 'P0001', 'A denied group does not exist in this deal',
  'nor a group that does not exist');

-- A deny left dangling before this guard (the attack's aftermath) keeps the file's permissions editable:
-- only ids a write adds are checked, in an update and in an upsert alike.
select tests.as_server();
alter table public.file_permissions disable trigger file_permissions_denies_exist;
update public.file_permissions set denied_tags = '{36000000-0000-0000-0000-0000000007ff}' where file_id = '36000000-0000-0000-0000-00000000e003';
alter table public.file_permissions enable trigger file_permissions_denies_exist;
select tests.as_user('owner@deny36.test');
select lives_ok($$insert into public.file_permissions (file_id, deal_id, allowed_users, denied_tags)
  values ('36000000-0000-0000-0000-00000000e003', '36000000-0000-0000-0000-0000000000a1', '{36000000-0000-0000-0000-000000000004}',
          '{36000000-0000-0000-0000-0000000007ff}')
  on conflict (file_id) do update set allowed_users = excluded.allowed_users, denied_tags = excluded.denied_tags$$,
  'a file whose deny already dangles is still saved with it (as the API''s upsert does)');

-- ---------------------------------------------------------------- decision 12: groups
select tests.as_user('manager@deny36.test');
select throws_ok($$delete from public.deal_groups where id = '36000000-0000-0000-0000-0000000006a2'$$, '42501',
  'You cannot delete this group: its permission set grants approve, comment, download, edit_checklist, edit_files, edit_folders, upload, which you do not hold',
  'a view + manage_users manager cannot delete a group whose set holds more than they do');
select throws_ok($$update public.deal_groups set permission_set_id = '36000000-0000-0000-0000-0000000005a2' where id = '36000000-0000-0000-0000-0000000006a2'$$, '42501',
  'You cannot change this group''s permission set: its permission set grants approve, comment, download, edit_checklist, edit_files, edit_folders, upload, which you do not hold',
  'nor strip its set');
select lives_ok($$update public.deal_groups set name = 'Mixed (renamed)', description = 'renamed' where id = '36000000-0000-0000-0000-0000000006a4'$$,
  'renaming a group is fine');
select lives_ok($$delete from public.deal_groups where id in ('36000000-0000-0000-0000-0000000006a3', '36000000-0000-0000-0000-0000000006a4')$$,
  'a group whose set is within the manager''s rights is deleted, even with a richer member (who loses only what the manager holds)');
-- A deal set too: stripping it strips everyone holding it.
select tests.as_server();
insert into public.permission_sets (id, deal_id, name, capabilities) values
  ('36000000-0000-0000-0000-0000000005a3', '36000000-0000-0000-0000-0000000000a1', 'advisors', '{view,download,approve}');
select tests.as_user('manager@deny36.test');
select throws_ok($$update public.permission_sets set capabilities = '{view}' where id = '36000000-0000-0000-0000-0000000005a3'$$, '42501',
  'You cannot change this permission set: it grants approve, download, which you do not hold',
  'nor strip a deal set that grants rights they lack');
select tests.as_user('owner@deny36.test');
select lives_ok($$delete from public.deal_groups where id = '36000000-0000-0000-0000-0000000006a2'$$,
  'the owner (an admin) deletes any group no deny names');

-- ---------------------------------------------------------------- the whole deal still goes
select tests.as_server();
insert into public.deal_tags (id, deal_id, name) values
  ('36000000-0000-0000-0000-0000000007a4', '36000000-0000-0000-0000-0000000000a1', 'late');
update public.file_permissions set denied_tags = '{36000000-0000-0000-0000-0000000007a4}'
 where file_id = '36000000-0000-0000-0000-00000000e001';
select lives_ok($$delete from public.deals where id = '36000000-0000-0000-0000-0000000000a1'$$,
  'deleting the deal takes its denied groups and tags with it');
select is((select count(*)::int from public.deal_groups where deal_id = '36000000-0000-0000-0000-0000000000a1')
          + (select count(*)::int from public.deal_tags where deal_id = '36000000-0000-0000-0000-0000000000a1')
          + (select count(*)::int from public.file_permissions where deal_id = '36000000-0000-0000-0000-0000000000a1'), 0,
  'nothing of the deal is left');
select * from finish();
rollback;
