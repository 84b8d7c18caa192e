-- public.deal_members and the capability helpers every policy calls.
-- Actors (fixed ids, unique to this file):
--   ...01 owner of Alpha        ...02 admin (not owner)   ...03 contributor   ...04 viewer
--   ...05 suspended admin       ...06 signed-in stranger  ...07 super admin, member of nothing
--   ...08 owner of Beta (member of Beta only)            ...09 second viewer of Alpha (removed below)
-- Deals: Alpha ...d0a1 (owner ...01), Beta ...d0b2 (owner ...08).
begin;
create extension if not exists pgtap with schema extensions;
select plan(58);

select tests.alpha_beta_deals('02', 'members02', 'Members', array['viewer'], 'admin',
  '02000000-0000-0000-0000-00000000d0a1', '02000000-0000-0000-0000-00000000d0b2');
select tests.create_user('viewer2@members02.test', '02000000-0000-0000-0000-000000000009');
select tests.add_member('02000000-0000-0000-0000-00000000d0a1', '02000000-0000-0000-0000-000000000009', 'viewer');

-- ---------------------------------------------------------------- anonymous
select tests.as_anon();
select throws_ok($$select * from public.deal_members$$, '42501', null, 'anon cannot select deal_members');
select throws_ok($$insert into public.deal_members (deal_id, user_id, role)
  values ('02000000-0000-0000-0000-00000000d0a1', '02000000-0000-0000-0000-000000000006', 'admin')$$,
  '42501', null, 'anon cannot insert a member');
select throws_ok($$update public.deal_members set role = 'viewer' where deal_id = '02000000-0000-0000-0000-00000000d0a1'$$,
  '42501', null, 'anon cannot update members');
select throws_ok($$delete from public.deal_members where deal_id = '02000000-0000-0000-0000-00000000d0a1'$$,
  '42501', null, 'anon cannot delete members');
select throws_ok($$truncate public.deal_members$$, '42501', null, 'anon cannot truncate deal_members');
select is(private.has_capability('02000000-0000-0000-0000-00000000d0a1', 'view'), false, 'anon has no capability in any deal');
select tests.as_server();

-- ---------------------------------------------------------------- select
select tests.set_eq_as(actor || '@members02.test', $$select deal_id, user_id from public.deal_members where deal_id::text like '02000000-%'$$,
  $$select '02000000-0000-0000-0000-00000000d0a1'::uuid as deal_id, ('02000000-0000-0000-0000-00000000000' || n)::uuid as user_id from unnest(array[1,2,3,4,5,9]) n$$,
  description)
from (values ('owner', 'owner sees every member of Alpha (the suspended one too) and none of Beta'),
             ('admin', 'admin sees every member of Alpha and none of Beta'),
             ('contributor', 'contributor sees every member of Alpha and none of Beta'),
             ('viewer', 'viewer sees every member of Alpha and none of Beta')) v(actor, description);
select tests.is_empty_as(actor || '@members02.test', $$select * from public.deal_members where deal_id::text like '02000000-%'$$, description)
from (values ('suspended', 'suspended member sees no member rows, not even their own'),
             ('stranger', 'non-member sees no member rows'),
             ('super', 'super admin who is not a member sees no member rows')) v(actor, description);
select tests.as_user('beta-owner@members02.test');
select set_eq($$select deal_id, user_id from public.deal_members where deal_id::text like '02000000-%'$$,
  $$values ('02000000-0000-0000-0000-00000000d0b2'::uuid, '02000000-0000-0000-0000-000000000008'::uuid)$$,
  'cross-deal isolation: the Beta owner sees Beta''s members and nothing of Alpha');

-- ---------------------------------------------------------------- capabilities per role
-- caps(deal) = the capabilities the caller holds in that deal, in C order.
select tests.as_user('owner@members02.test');
select is(array(select c from unnest(array['view','download','comment','approve','upload','edit_files','edit_folders','edit_checklist','manage_users']) c
                where private.has_capability('02000000-0000-0000-0000-00000000d0a1', c) order by c collate "C"),
  array['approve','comment','download','edit_checklist','edit_files','edit_folders','manage_users','upload','view'],
  'owner holds all nine capabilities');
select tests.as_user('admin@members02.test');
select is(array(select c from unnest(array['view','download','comment','approve','upload','edit_files','edit_folders','edit_checklist','manage_users']) c
                where private.has_capability('02000000-0000-0000-0000-00000000d0a1', c) order by c collate "C"),
  array['approve','comment','download','edit_checklist','edit_files','edit_folders','manage_users','upload','view'],
  'admin holds all nine capabilities');
select is(private.has_capability('02000000-0000-0000-0000-00000000d0a1', 'delete_everything'), false,
  'an unknown capability is never held, not even by an admin');
select is(private.is_deal_admin('02000000-0000-0000-0000-00000000d0a1'), true, 'is_deal_admin is true for an active admin');
select tests.as_user('contributor@members02.test');
select is(array(select c from unnest(array['view','download','comment','approve','upload','edit_files','edit_folders','edit_checklist','manage_users']) c
                where private.has_capability('02000000-0000-0000-0000-00000000d0a1', c) order by c collate "C"),
  array['approve','comment','download','edit_checklist','edit_files','edit_folders','upload','view'],
  'contributor holds every capability but manage_users');
select is(private.is_deal_admin('02000000-0000-0000-0000-00000000d0a1'), false, 'is_deal_admin is false for a contributor');
select tests.as_user('viewer@members02.test');
select is(array(select c from unnest(array['view','download','comment','approve','upload','edit_files','edit_folders','edit_checklist','manage_users']) c
                where private.has_capability('02000000-0000-0000-0000-00000000d0a1', c) order by c collate "C"),
  array['comment','download','upload','view'],
  'viewer holds view, download, comment and upload only');
select is(private.is_deal_member('02000000-0000-0000-0000-00000000d0a1'), true, 'is_deal_member is true for an active viewer');
select tests.as_user('suspended@members02.test');
select is(array(select c from unnest(array['view','download','comment','approve','upload','edit_files','edit_folders','edit_checklist','manage_users']) c
                where private.has_capability('02000000-0000-0000-0000-00000000d0a1', c)),
  array[]::text[], 'a suspended admin holds no capability');
select is(array[private.is_deal_member('02000000-0000-0000-0000-00000000d0a1'), private.is_deal_admin('02000000-0000-0000-0000-00000000d0a1')],
  array[false, false], 'a suspended admin is neither member nor admin for the helpers');
select tests.as_user('stranger@members02.test');
select is(array(select c from unnest(array['view','download','comment','approve','upload','edit_files','edit_folders','edit_checklist','manage_users']) c
                where private.has_capability('02000000-0000-0000-0000-00000000d0a1', c)),
  array[]::text[], 'a non-member holds no capability');
select tests.as_user('super@members02.test');
select is(array(select c from unnest(array['view','download','comment','approve','upload','edit_files','edit_folders','edit_checklist','manage_users']) c
                where private.has_capability('02000000-0000-0000-0000-00000000d0a1', c)),
  array[]::text[], 'a super admin who is not a member holds no capability');
select tests.as_user('beta-owner@members02.test');
select is(array(select c from unnest(array['view','download','comment','approve','upload','edit_files','edit_folders','edit_checklist','manage_users']) c
                where private.has_capability('02000000-0000-0000-0000-00000000d0a1', c)),
  array[]::text[], 'cross-deal isolation: the Beta owner holds no capability in Alpha');
select is(array(select c from unnest(array['view','download','comment','approve','upload','edit_files','edit_folders','edit_checklist','manage_users']) c
                where private.has_capability('02000000-0000-0000-0000-00000000d0b2', c) order by c collate "C"),
  array['approve','comment','download','edit_checklist','edit_files','edit_folders','manage_users','upload','view'],
  'the Beta owner holds all nine capabilities in Beta');

-- ---------------------------------------------------------------- insert: only holders of manage_users
-- As p_actor, adding account 02…00<p_n> to Alpha with p_role is refused (42501).
create function pg_temp.cannot_add(p_actor text, p_n text, p_role text, p_label text) returns text language plpgsql as $f$
begin
  perform tests.as_user(p_actor || '@members02.test');
  return throws_ok(format($$insert into public.deal_members (deal_id, user_id, role)
    values ('02000000-0000-0000-0000-00000000d0a1', '02000000-0000-0000-0000-0000000000%s', %L)$$, p_n, p_role),
    '42501', null, p_label);
end $f$;

select pg_temp.cannot_add('contributor', '06', 'viewer', 'contributor cannot add a member');
select pg_temp.cannot_add('viewer', '06', 'viewer', 'viewer cannot add a member');
select pg_temp.cannot_add('suspended', '06', 'viewer', 'suspended admin cannot add a member');
select pg_temp.cannot_add('stranger', '06', 'admin', 'non-member cannot add themselves to a deal');
select pg_temp.cannot_add('super', '07', 'admin', 'super admin cannot add themselves to a deal');
select pg_temp.cannot_add('beta-owner', '08', 'admin', 'the admin of another deal cannot add themselves to Alpha');
select tests.as_user('admin@members02.test');
select lives_ok($$insert into public.deal_members (deal_id, user_id, role)
  values ('02000000-0000-0000-0000-00000000d0a1', '02000000-0000-0000-0000-000000000006', 'viewer')$$,
  'admin can add a member');
select throws_ok($$insert into public.deal_members (deal_id, user_id, role)
  values ('02000000-0000-0000-0000-00000000d0b2', '02000000-0000-0000-0000-000000000002', 'admin')$$,
  '42501', null, 'an admin of Alpha cannot add anyone (themselves included) to Beta');
select tests.as_server();
select set_eq($$select deal_id, user_id, role from public.deal_members where deal_id::text like '02000000-%'
    and user_id in ('02000000-0000-0000-0000-000000000002', '02000000-0000-0000-0000-000000000006',
                    '02000000-0000-0000-0000-000000000007', '02000000-0000-0000-0000-000000000008')$$,
  $$values ('02000000-0000-0000-0000-00000000d0a1'::uuid, '02000000-0000-0000-0000-000000000002'::uuid, 'admin'::text),
           ('02000000-0000-0000-0000-00000000d0a1', '02000000-0000-0000-0000-000000000006', 'viewer'),
           ('02000000-0000-0000-0000-00000000d0b2', '02000000-0000-0000-0000-000000000008', 'admin')$$,
  'only the admin''s insert took effect');

-- ---------------------------------------------------------------- update
select tests.as_user('admin@members02.test');
select results_eq($$update public.deal_members set role = 'contributor'
    where deal_id = '02000000-0000-0000-0000-00000000d0a1' and user_id = '02000000-0000-0000-0000-000000000004' returning role$$,
  $$values ('contributor'::text)$$, 'admin can change a member''s role');
select is_empty($$update public.deal_members set role = 'viewer'
    where deal_id = '02000000-0000-0000-0000-00000000d0a1' and user_id = '02000000-0000-0000-0000-000000000001' returning user_id$$,
  'admin cannot demote the owner (0 rows)');
select is_empty($$update public.deal_members set status = 'suspended'
    where deal_id = '02000000-0000-0000-0000-00000000d0a1' and user_id = '02000000-0000-0000-0000-000000000001' returning user_id$$,
  'admin cannot suspend the owner (0 rows)');
select throws_ok($$update public.deal_members set deal_id = '02000000-0000-0000-0000-00000000d0b2'
    where deal_id = '02000000-0000-0000-0000-00000000d0a1' and user_id = '02000000-0000-0000-0000-000000000009'$$,
  '42501', null, 'admin cannot move a member into a deal they do not manage');
-- The refused writes below: one statement on Alpha's member rows (one member's, or all of them) per actor.
select tests.is_empty_as(actor || '@members02.test',
  format($$update public.deal_members set %s where deal_id = '02000000-0000-0000-0000-00000000d0a1'$$, change)
    || coalesce(' and user_id = ''02000000-0000-0000-0000-0000000000' || target || '''', '') || ' returning user_id',
  description)
from (values ('owner', $$role = 'viewer'$$, '01', 'the owner row cannot be edited, not even by the owner (0 rows)'),
             ('contributor', $$role = 'admin'$$, '03', 'contributor cannot promote themselves (0 rows)'),
             ('viewer2', $$role = 'admin'$$, '09', 'viewer cannot promote themselves (0 rows)'),
             ('suspended', $$status = 'active'$$, '05', 'suspended admin cannot reactivate themselves (0 rows)'),
             ('super', $$role = 'viewer'$$, null, 'super admin who is not a member cannot change members (0 rows)'),
             ('beta-owner', $$role = 'viewer'$$, null, 'the admin of another deal cannot change Alpha''s members (0 rows)'))
  v(actor, change, target, description);
select tests.as_server();
select set_eq($$select user_id, role, status from public.deal_members where deal_id = '02000000-0000-0000-0000-00000000d0a1'$$,
  $$values ('02000000-0000-0000-0000-000000000001'::uuid, 'admin'::text, 'active'::text),
           ('02000000-0000-0000-0000-000000000002', 'admin', 'active'),
           ('02000000-0000-0000-0000-000000000003', 'contributor', 'active'),
           ('02000000-0000-0000-0000-000000000004', 'contributor', 'active'),
           ('02000000-0000-0000-0000-000000000005', 'admin', 'suspended'),
           ('02000000-0000-0000-0000-000000000006', 'viewer', 'active'),
           ('02000000-0000-0000-0000-000000000009', 'viewer', 'active')$$,
  'after the updates only the admin''s role change took effect');

-- ---------------------------------------------------------------- delete
select tests.is_empty_as(actor || '@members02.test',
  $$delete from public.deal_members where deal_id = '02000000-0000-0000-0000-00000000d0a1'$$
    || coalesce(' and user_id = ''02000000-0000-0000-0000-0000000000' || target || '''', '') || ' returning user_id',
  description)
from (values ('contributor', '09', 'contributor cannot remove a member (0 rows)'),
             ('viewer2', '04', 'viewer cannot remove a member (0 rows)'),
             ('suspended', '09', 'suspended admin cannot remove a member (0 rows)'),
             ('super', null, 'super admin who is not a member cannot remove members (0 rows)'),
             ('beta-owner', null, 'the admin of another deal cannot remove Alpha''s members (0 rows)'),
             ('owner', '01', 'the owner cannot remove their own row (0 rows)'),
             ('admin', '01', 'admin cannot remove the owner (0 rows)')) v(actor, target, description);
select results_eq($$delete from public.deal_members
    where deal_id = '02000000-0000-0000-0000-00000000d0a1' and user_id = '02000000-0000-0000-0000-000000000009' returning user_id$$,
  $$values ('02000000-0000-0000-0000-000000000009'::uuid)$$, 'admin can remove a member');
select tests.as_server();
select set_eq($$select user_id from public.deal_members where deal_id = '02000000-0000-0000-0000-00000000d0a1'$$,
  $$select ('02000000-0000-0000-0000-00000000000' || n)::uuid from unnest(array[1,2,3,4,5,6]) n$$,
  'after the deletes only the removed viewer is gone; the owner row remains');

-- Last, as a failure here would empty the table: TRUNCATE bypasses RLS, so it must not be granted.
select tests.as_user('admin@members02.test');

select throws_ok($$truncate public.deal_members$$, '42501', null, 'authenticated cannot truncate deal_members');
select tests.as_server();

select * from finish();
rollback;
