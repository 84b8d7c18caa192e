-- An upload_only member (no view) sees itself and the deal's admins, no one else: not in members,
-- profiles, groups, group links, tags, tag links, invitations or other people's feed entries. An
-- upload_view member of the same deal (control) sees everyone.
begin;
create extension if not exists pgtap with schema extensions;
select plan(14);

-- uploader: upload_only
-- analyst: upload_view (control)
-- counsel: edit
select tests.create_actors('26', 'people26', array['owner', 'admin', 'uploader', 'analyst', 'counsel']);
select tests.create_deal('People26', '26000000-0000-0000-0000-000000000001', '26000000-0000-0000-0000-0000000000a1');
select tests.add_member('26000000-0000-0000-0000-0000000000a1', u::uuid, r, 'active', (select id from public.permission_sets where deal_id is null and name = s))
from (values ('26000000-0000-0000-0000-000000000002', 'admin', null), ('26000000-0000-0000-0000-000000000003', 'member', 'upload_only'),
             ('26000000-0000-0000-0000-000000000004', 'member', 'upload_view'), ('26000000-0000-0000-0000-000000000005', 'member', 'edit')) m(u, r, s);
insert into public.deal_groups (id, deal_id, name) values ('26000000-0000-0000-0000-0000000006a1', '26000000-0000-0000-0000-0000000000a1', 'Counsel');
insert into public.deal_group_members (group_id, deal_id, user_id) values
  ('26000000-0000-0000-0000-0000000006a1', '26000000-0000-0000-0000-0000000000a1', '26000000-0000-0000-0000-000000000003'),
  ('26000000-0000-0000-0000-0000000006a1', '26000000-0000-0000-0000-0000000000a1', '26000000-0000-0000-0000-000000000005');
insert into public.deal_tags (id, deal_id, name) values ('26000000-0000-0000-0000-0000000007a1', '26000000-0000-0000-0000-0000000000a1', 'Buyer');
insert into public.deal_member_tags (tag_id, deal_id, user_id) values
  ('26000000-0000-0000-0000-0000000007a1', '26000000-0000-0000-0000-0000000000a1', '26000000-0000-0000-0000-000000000005');
insert into public.invitations (deal_id, email, permission_set_id, invited_by)
select '26000000-0000-0000-0000-0000000000a1', 'newcomer@people26.test', id, '26000000-0000-0000-0000-000000000001'
from public.permission_sets where deal_id is null and name = 'upload_view';
select private.record_activity('26000000-0000-0000-0000-0000000000a1', '26000000-0000-0000-0000-000000000005', 'user_invite',
  'Invited newcomer@people26.test', '{}'::jsonb);


-- ---------------------------------------------------------------- upload_only
select tests.as_user('26000000-0000-0000-0000-000000000003');
select set_eq($$select right(user_id::text, 2) from public.deal_members where deal_id = '26000000-0000-0000-0000-0000000000a1'$$,
  $$values ('01'), ('02'), ('03')$$, 'upload_only sees itself, the owner and the admin among the members');
select set_eq($$select email from public.profiles where email like '%@people26.test'$$,
  $$values ('owner@people26.test'), ('admin@people26.test'), ('uploader@people26.test')$$, 'and only their profiles');
select is_empty($$select 1 from public.deal_groups where deal_id = '26000000-0000-0000-0000-0000000000a1'$$, 'no group');
select is_empty($$select 1 from public.deal_group_members where deal_id = '26000000-0000-0000-0000-0000000000a1'$$, 'no group link, not even its own');
select is_empty($$select 1 from public.deal_tags where deal_id = '26000000-0000-0000-0000-0000000000a1'$$, 'no tag');
select is_empty($$select 1 from public.deal_member_tags where deal_id = '26000000-0000-0000-0000-0000000000a1'$$, 'no tag link');
select is_empty($$select 1 from public.invitations where deal_id = '26000000-0000-0000-0000-0000000000a1'$$, 'no invitation');
select is_empty($$select 1 from public.activities where deal_id = '26000000-0000-0000-0000-0000000000a1'$$,
  'no one else''s feed entry (an invite names the invitee)');
select is((select count(*)::int from private.co_member_ids() x where x::text like '26000000-%'), 3, 'co-members: itself and the two admins');

-- ---------------------------------------------------------------- upload_view (control)
select tests.as_user('26000000-0000-0000-0000-000000000004');
select is((select count(*)::int from public.deal_members where deal_id = '26000000-0000-0000-0000-0000000000a1'), 5, 'upload_view sees every member');
select is((select count(*)::int from public.profiles where email like '%@people26.test'), 5, 'and every profile');
select is((select count(*)::int from public.deal_group_members where deal_id = '26000000-0000-0000-0000-0000000000a1'), 2, 'and the group links');
select is((select count(*)::int from public.deal_member_tags where deal_id = '26000000-0000-0000-0000-0000000000a1'), 1, 'and the tag links');
select is((select count(*)::int from public.activities where deal_id = '26000000-0000-0000-0000-0000000000a1' and activity_type = 'user_invite'), 1,
  'and the feed');

select * from finish();
rollback;
