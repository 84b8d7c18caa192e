-- Locks that hold (docs/decisions.md decision 40):
--   * the API's role holds no verb the API does not use: no UPDATE on group and tag links nor on preset
--     rows (a swap in place moved a member between groups, or changed a preset, past the checks and the
--     audit that an insert and a delete get), and no DELETE on a file's permissions (which would drop
--     its denies);
--   * a deny on a person holds whatever happens to their tags and groups;
--   * a deal deletes with its ready files, folders and everything else in it.
begin;
create extension if not exists pgtap with schema extensions;
select plan(20);

delete from public.platform_admins;
-- manager: custom set {view, manage_users}
-- shut: view, tagged "excluded", in "Bidders", denied by name
select tests.create_actors('43', 'locks43', array['owner', 'manager', 'shut', 'super'], array['super']);
select tests.create_deal('Locks43', '43000000-0000-0000-0000-000000000001', '43000000-0000-0000-0000-0000000000a1');
insert into public.permission_sets (id, deal_id, name, capabilities) values
  ('43000000-0000-0000-0000-0000000005a1', '43000000-0000-0000-0000-0000000000a1', 'managers', '{view,manage_users}'),
  ('43000000-0000-0000-0000-0000000005a2', '43000000-0000-0000-0000-0000000000a1', 'readers', '{view}');
select tests.add_member('43000000-0000-0000-0000-0000000000a1', '43000000-0000-0000-0000-000000000002', 'member', 'active', '43000000-0000-0000-0000-0000000005a1');
select tests.add_member('43000000-0000-0000-0000-0000000000a1', '43000000-0000-0000-0000-000000000003', 'member', 'active', '43000000-0000-0000-0000-0000000005a2');
insert into public.deal_tags (id, deal_id, name) values
  ('43000000-0000-0000-0000-0000000007a1', '43000000-0000-0000-0000-0000000000a1', 'excluded'),
  ('43000000-0000-0000-0000-0000000007a2', '43000000-0000-0000-0000-0000000000a1', 'insiders');
insert into public.deal_member_tags (tag_id, deal_id, user_id) values
  ('43000000-0000-0000-0000-0000000007a1', '43000000-0000-0000-0000-0000000000a1', '43000000-0000-0000-0000-000000000003');
select tests.add_group('43000000-0000-0000-0000-0000000000a1', 'Bidders', '43000000-0000-0000-0000-0000000005a2',
  '{43000000-0000-0000-0000-000000000003}', '43000000-0000-0000-0000-0000000006a1');
select tests.add_group('43000000-0000-0000-0000-0000000000a1', 'Others', '43000000-0000-0000-0000-0000000005a2',
  '{}', '43000000-0000-0000-0000-0000000006a2');
insert into public.folders (id, deal_id, name, full_path, created_by) values
  ('43000000-0000-0000-0000-00000000f001', '43000000-0000-0000-0000-0000000000a1', 'Board', '/Board', '43000000-0000-0000-0000-000000000001');
-- board.pdf lets Bidders in but shuts out the tag "excluded" and the member by name; minutes.pdf shuts
-- out the member by name only.
insert into public.files (id, deal_id, folder_id, name, upload_state, permission_type, current_version, size_bytes, uploaded_by) values
  ('43000000-0000-0000-0000-00000000e001', '43000000-0000-0000-0000-0000000000a1', '43000000-0000-0000-0000-00000000f001',
   'board.pdf', 'ready', 'custom', 1, 10, '43000000-0000-0000-0000-000000000001'),
  ('43000000-0000-0000-0000-00000000e002', '43000000-0000-0000-0000-0000000000a1', null,
   'minutes.pdf', 'ready', 'custom', 1, 10, '43000000-0000-0000-0000-000000000001');
insert into public.file_permissions (file_id, deal_id, allowed_groups, denied_users, denied_tags) values
  ('43000000-0000-0000-0000-00000000e001', '43000000-0000-0000-0000-0000000000a1', '{43000000-0000-0000-0000-0000000006a1}',
   '{43000000-0000-0000-0000-000000000003}', '{43000000-0000-0000-0000-0000000007a1}'),
  ('43000000-0000-0000-0000-00000000e002', '43000000-0000-0000-0000-0000000000a1', '{43000000-0000-0000-0000-0000000006a1}',
   '{43000000-0000-0000-0000-000000000003}', '{}');

-- ---------------------------------------------------------------- verbs the API does not use
select tests.as_user('owner@locks43.test');
select throws_ok($$update public.deal_member_tags set tag_id = '43000000-0000-0000-0000-0000000007a2'
    where user_id = '43000000-0000-0000-0000-000000000003'$$, '42501', null,
  'the owner cannot swap a member''s tag in place (untag, then tag)');
select throws_ok($$update public.deal_group_members set group_id = '43000000-0000-0000-0000-0000000006a2'
    where user_id = '43000000-0000-0000-0000-000000000003'$$, '42501', null,
  'nor move a member between groups in place');
select throws_ok($$delete from public.file_permissions where file_id = '43000000-0000-0000-0000-00000000e001'$$, '42501', null,
  'nor delete a file''s permissions (and its denies with them)');
select tests.as_user('super@locks43.test');
select throws_ok($$update public.preset_items set position = position + 1$$, '42501', null,
  'a super admin cannot rewrite a preset''s rows in place (remove, then add: both audited)');
-- What the API does do: an upsert of the file's permissions, links and preset rows added and removed.
select tests.as_user('owner@locks43.test');
select lives_ok($$insert into public.file_permissions (file_id, deal_id, allowed_groups, denied_users, denied_tags)
    values ('43000000-0000-0000-0000-00000000e002', '43000000-0000-0000-0000-0000000000a1', '{43000000-0000-0000-0000-0000000006a1}',
            '{43000000-0000-0000-0000-000000000003}', '{}')
    on conflict (file_id) do update set allowed_groups = excluded.allowed_groups, denied_users = excluded.denied_users,
      denied_tags = excluded.denied_tags, updated_at = now()$$,
  'the owner still saves a file''s permissions as the API does (insert, on conflict update)');
select lives_ok($$insert into public.deal_member_tags (tag_id, deal_id, user_id)
    values ('43000000-0000-0000-0000-0000000007a1', '43000000-0000-0000-0000-0000000000a1', '43000000-0000-0000-0000-000000000003')
    on conflict do nothing$$,
  'and tags a member as the API does (insert, on conflict do nothing)');
select tests.as_user('super@locks43.test');
select lives_ok($$with p as (insert into public.checklist_presets (id, name) values ('43000000-0000-0000-0000-00000000b001', 'Locks43 preset') returning id),
                      c as (insert into public.catalog_items (id, code, title, description, category) values
                              ('43000000-0000-0000-0000-00000000c001', 'LK.43', 'Locks item', 'A request', 'Tax Matters') returning id)
                 insert into public.preset_items (preset_id, catalog_item_id, position) select p.id, c.id, 1 from p, c on conflict do nothing$$,
  'a super admin still adds items to a preset');
select lives_ok($$delete from public.preset_items where preset_id = '43000000-0000-0000-0000-00000000b001'$$,
  'and removes them');

-- ---------------------------------------------------------------- a deny on a person outlives their tags and groups
select tests.as_user('shut@locks43.test');
select ok(not private.can_see_file('43000000-0000-0000-0000-00000000e001') and not private.can_see_file('43000000-0000-0000-0000-00000000e002'),
  'the member denied by name (and by tag on board.pdf) sees neither file');
select tests.as_user('manager@locks43.test');
select results_eq($$delete from public.deal_member_tags where user_id = '43000000-0000-0000-0000-000000000003' returning tag_id$$,
  $$values ('43000000-0000-0000-0000-0000000007a1'::uuid)$$, 'a manager untags the member');
select tests.as_user('shut@locks43.test');
select ok(not private.can_see_file('43000000-0000-0000-0000-00000000e001'),
  'untagged, the member is still denied board.pdf by name');
select is_empty($$select id from public.files where deal_id = '43000000-0000-0000-0000-0000000000a1'$$,
  'and lists no file of the deal');
select tests.as_user('manager@locks43.test');
select lives_ok($$insert into public.deal_group_members (group_id, deal_id, user_id)
    values ('43000000-0000-0000-0000-0000000006a2', '43000000-0000-0000-0000-0000000000a1', '43000000-0000-0000-0000-000000000003')$$,
  'a manager adds the member to another group');
select tests.as_user('shut@locks43.test');
select ok(not private.can_see_file('43000000-0000-0000-0000-00000000e001') and not private.can_see_file('43000000-0000-0000-0000-00000000e002'),
  'in another group too, the member is still denied both files by name');
select tests.as_server();
select is((select array[cardinality(denied_users), cardinality(denied_tags)] from public.file_permissions
            where file_id = '43000000-0000-0000-0000-00000000e001'), array[1, 1],
  'board.pdf keeps its deny on the member and on the tag');

-- ---------------------------------------------------------------- the whole deal goes, ready files and all
select tests.as_user('owner@locks43.test');
select throws_ok($$delete from public.deals where id = '43000000-0000-0000-0000-0000000000a1'$$, '42501', null,
  'the owner cannot delete the deal (deals are archived, never deleted: docs/product.md)');
select tests.as_server();
select lives_ok($$delete from public.deals where id = '43000000-0000-0000-0000-0000000000a1'$$,
  'the server deletes a deal with ready files in a folder and a denied tag');
select is((select count(*)::int from public.files where deal_id = '43000000-0000-0000-0000-0000000000a1')
          + (select count(*)::int from public.folders where deal_id = '43000000-0000-0000-0000-0000000000a1')
          + (select count(*)::int from public.file_permissions where deal_id = '43000000-0000-0000-0000-0000000000a1')
          + (select count(*)::int from public.deal_tags where deal_id = '43000000-0000-0000-0000-0000000000a1')
          + (select count(*)::int from public.deal_members where deal_id = '43000000-0000-0000-0000-0000000000a1'), 0,
  'nothing of the deal is left');
select is((select count(*)::int from public.activities where deal_id = '43000000-0000-0000-0000-0000000000a1'), 0,
  'and no activity was recorded for it on the way out');
-- A single file or folder deleted still leaves its activity row (only a deal going away records none).
select tests.create_deal('Locks43 b', '43000000-0000-0000-0000-000000000001', '43000000-0000-0000-0000-0000000000a2');
insert into public.files (id, deal_id, name, upload_state, permission_type, current_version, size_bytes, uploaded_by) values
  ('43000000-0000-0000-0000-00000000e003', '43000000-0000-0000-0000-0000000000a2', 'notes.pdf', 'ready', 'all', 1, 10, '43000000-0000-0000-0000-000000000001');
delete from public.files where id = '43000000-0000-0000-0000-00000000e003';
select is((select description from public.activities where deal_id = '43000000-0000-0000-0000-0000000000a2' and activity_type = 'delete'),
  'Deleted "notes.pdf"', 'a file deleted on its own is still recorded');

select * from finish();
rollback;
