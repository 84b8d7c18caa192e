-- A manager acts on members only within their own rights: a member holding view + manage_users cannot
-- suspend, downgrade, remove or regroup a member with more rights, nor add anyone to a group above them;
-- they still manage members whose rights they cover; a deal admin manages everyone but the owner.
begin;
create extension if not exists pgtap with schema extensions;
select plan(12);

-- manager: custom set {view, manage_users}
-- editor: system set edit: more than the manager
-- reader: custom set {view}: covered by the manager
-- admin: deal admin
select tests.create_actors('25', 'rights25', array['owner', 'manager', 'editor', 'reader', 'admin']);
select tests.create_deal('Rights25', '25000000-0000-0000-0000-000000000001', '25000000-0000-0000-0000-0000000000a1');
insert into public.permission_sets (id, deal_id, name, capabilities) values
  ('25000000-0000-0000-0000-0000000005a1', '25000000-0000-0000-0000-0000000000a1', 'managers', '{view,manage_users}'),
  ('25000000-0000-0000-0000-0000000005a2', '25000000-0000-0000-0000-0000000000a1', 'readers', '{view}');
select tests.add_member('25000000-0000-0000-0000-0000000000a1', '25000000-0000-0000-0000-000000000002', 'member', 'active', '25000000-0000-0000-0000-0000000005a1');
select tests.add_member('25000000-0000-0000-0000-0000000000a1', '25000000-0000-0000-0000-000000000003', 'member', 'active',
  (select id from public.permission_sets where deal_id is null and name = 'edit'));
select tests.add_member('25000000-0000-0000-0000-0000000000a1', '25000000-0000-0000-0000-000000000004', 'member', 'active', '25000000-0000-0000-0000-0000000005a2');
select tests.add_member('25000000-0000-0000-0000-0000000000a1', '25000000-0000-0000-0000-000000000005', 'admin');
select tests.add_group('25000000-0000-0000-0000-0000000000a1', 'Editors', (select id from public.permission_sets where deal_id is null and name = 'edit'),
  '{25000000-0000-0000-0000-000000000003}', '25000000-0000-0000-0000-0000000006a1');
select tests.add_group('25000000-0000-0000-0000-0000000000a1', 'Readers', '25000000-0000-0000-0000-0000000005a2',
  '{}', '25000000-0000-0000-0000-0000000006a2');


-- ---------------------------------------------------------------- the manager, on a member above them
select tests.as_user('25000000-0000-0000-0000-000000000002');
select throws_ok($$update public.deal_members set status = 'suspended' where user_id = '25000000-0000-0000-0000-000000000003'$$,
  '42501', 'You can only change members whose rights you hold yourself', 'the manager cannot suspend a member with more rights');
select throws_ok($$update public.deal_members set permission_set_id = '25000000-0000-0000-0000-0000000005a2' where user_id = '25000000-0000-0000-0000-000000000003'$$,
  '42501', 'You can only change members whose rights you hold yourself', 'nor downgrade them');
select throws_ok($$delete from public.deal_members where user_id = '25000000-0000-0000-0000-000000000003'$$,
  '42501', 'You can only change members whose rights you hold yourself', 'nor remove them');
select throws_ok($$delete from public.deal_group_members where user_id = '25000000-0000-0000-0000-000000000003'$$,
  '42501', 'You can only change members whose rights you hold yourself', 'nor take them out of their group');
select throws_ok($$insert into public.deal_group_members (group_id, deal_id, user_id)
  values ('25000000-0000-0000-0000-0000000006a1', '25000000-0000-0000-0000-0000000000a1', '25000000-0000-0000-0000-000000000004')$$,
  '42501', 'You can only give others rights you hold yourself', 'nor put a member into a group holding more than the manager');

-- ---------------------------------------------------------------- the manager, on a member they cover
select lives_ok($$insert into public.deal_group_members (group_id, deal_id, user_id)
  values ('25000000-0000-0000-0000-0000000006a2', '25000000-0000-0000-0000-0000000000a1', '25000000-0000-0000-0000-000000000004')$$,
  'the manager adds a member to a group within their rights');
select lives_ok($$update public.deal_members set status = 'suspended' where user_id = '25000000-0000-0000-0000-000000000004'$$,
  'the manager suspends a member whose rights they hold');

-- ---------------------------------------------------------------- a deal admin
select tests.as_user('25000000-0000-0000-0000-000000000005');
select lives_ok($$update public.deal_members set status = 'suspended' where user_id = '25000000-0000-0000-0000-000000000003'$$,
  'a deal admin suspends any member');
select lives_ok($$delete from public.deal_group_members where user_id = '25000000-0000-0000-0000-000000000003'$$,
  'and regroups them');
select lives_ok($$delete from public.deal_members where user_id = '25000000-0000-0000-0000-000000000001'$$,
  'a delete of the owner''s membership runs…');

select tests.as_server();
select is((select status from public.deal_members where user_id = '25000000-0000-0000-0000-000000000003'), 'suspended',
  'only the admin''s change took effect on the editor');
select is((select count(*)::int from public.deal_members where user_id = '25000000-0000-0000-0000-000000000001'), 1,
  '…and removes nothing: the owner stays a member');
select * from finish();
rollback;
