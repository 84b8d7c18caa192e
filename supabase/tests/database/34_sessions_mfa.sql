-- Sessions and two-step verification, decided in the database: a deal that requires a second factor
-- is no deal at all (files, folders, people, checklist, activity, writes) to a member whose session has
-- not proved one; only such a session may turn the requirement on; a super admin who enrolled is one
-- only in a session that proved it; every cutoff ends the person's sessions; sessions and recovery codes
-- are the owner's alone.
begin;
create extension if not exists pgtap with schema extensions;
select plan(31);

delete from public.platform_admins;
select tests.create_actors('34', 'mfa34', array['admin', 'member', 'root', 'other'], array['root']);
select tests.create_deal('Mfa34 strict', '34000000-0000-0000-0000-000000000001', '34000000-0000-0000-0000-0000000000a1');
select tests.create_deal('Mfa34 relaxed', '34000000-0000-0000-0000-000000000001', '34000000-0000-0000-0000-0000000000a2');
select tests.add_member('34000000-0000-0000-0000-0000000000a1', '34000000-0000-0000-0000-000000000002', 'contributor');
select tests.add_member('34000000-0000-0000-0000-0000000000a2', '34000000-0000-0000-0000-000000000002', 'contributor');
insert into public.folders (id, deal_id, name, full_path) values
  ('34000000-0000-0000-0000-0000000000b1', '34000000-0000-0000-0000-0000000000a1', 'Finance', '/Finance');
insert into public.files (id, deal_id, name, uploaded_by, upload_state) values
  ('34000000-0000-0000-0000-0000000000f1', '34000000-0000-0000-0000-0000000000a1', 'Model.xlsx', '34000000-0000-0000-0000-000000000001', 'ready');
-- Signed in a minute ago (a cutoff ends the sessions that began before it).
insert into auth.sessions (id, user_id, created_at, updated_at, aal) values
  ('34000000-0000-0000-0000-0000000000c1', '34000000-0000-0000-0000-000000000002', now() - interval '1 minute', now(), 'aal1'),
  ('34000000-0000-0000-0000-0000000000c2', '34000000-0000-0000-0000-000000000002', now() - interval '1 minute', now(), 'aal1'),
  ('34000000-0000-0000-0000-0000000000c3', '34000000-0000-0000-0000-000000000004', now() - interval '1 minute', now(), 'aal1');
insert into auth.mfa_factors (id, user_id, factor_type, status, created_at, updated_at, secret) values
  ('34000000-0000-0000-0000-0000000000d1', '34000000-0000-0000-0000-000000000003', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP');


-- ---------------------------------------------------------------- turning the requirement on
select tests.as_user('34000000-0000-0000-0000-000000000001', 'aal1');
select throws_ok($$update public.deals set require_mfa = true where id = '34000000-0000-0000-0000-0000000000a1'$$,
  '42501', 'Set up two-step verification for yourself and sign in with it before requiring it for this deal',
  'an admin whose session proved no second factor cannot require one');
select tests.as_user('34000000-0000-0000-0000-000000000002', 'aal2');
update public.deals set require_mfa = true where id = '34000000-0000-0000-0000-0000000000a1';
select tests.as_server();
select is((select require_mfa from public.deals where id = '34000000-0000-0000-0000-0000000000a1'), false,
  'a contributor cannot turn it on, even at aal2 (only admins update the deal)');
select tests.as_user('34000000-0000-0000-0000-000000000001', 'aal2');
select lives_ok($$update public.deals set require_mfa = true where id = '34000000-0000-0000-0000-0000000000a1'$$,
  'an admin at aal2 turns it on');
select tests.as_server();
select is((select count(*)::int from public.audit_logs where entity_id = '34000000-0000-0000-0000-0000000000a1' and action = 'deal_mfa_required'),
  1, 'turning it on is audited once');

-- ---------------------------------------------------------------- a member at aal1 sees no deal
select tests.as_user('34000000-0000-0000-0000-000000000002', 'aal1');
select is((select count(*)::int from public.deals where id = '34000000-0000-0000-0000-0000000000a1'), 0, 'the deal is hidden at aal1');
select is((select count(*)::int from public.deals where id = '34000000-0000-0000-0000-0000000000a2'), 1, 'a deal without the requirement is not');
select is((select count(*)::int from public.files where deal_id = '34000000-0000-0000-0000-0000000000a1'), 0, 'no file of it');
select is((select count(*)::int from public.folders where deal_id = '34000000-0000-0000-0000-0000000000a1'), 0, 'no folder of it');
select is((select count(*)::int from public.deal_members where deal_id = '34000000-0000-0000-0000-0000000000a1'), 0, 'none of its people');
select is((select count(*)::int from public.checklist_items where deal_id = '34000000-0000-0000-0000-0000000000a1'), 0, 'none of its checklist');
select is((select count(*)::int from public.activities where deal_id = '34000000-0000-0000-0000-0000000000a1'), 0, 'none of its activity');
select is(private.member_capabilities('34000000-0000-0000-0000-0000000000a1', '34000000-0000-0000-0000-000000000002'), '{}'::text[],
  'no capability in it');
select throws_ok($$insert into public.folders (deal_id, name, full_path) values ('34000000-0000-0000-0000-0000000000a1', 'Sneaky', '/Sneaky')$$,
  '42501', null, 'no write into it');
select is((select array_agg(id) from public.my_deals_needing_mfa()), array['34000000-0000-0000-0000-0000000000a1'::uuid],
  'it is named among the deals needing verification');

-- ---------------------------------------------------------------- the same member at aal2 sees it all
select tests.as_user('34000000-0000-0000-0000-000000000002', 'aal2');
select is((select count(*)::int from public.deals where id = '34000000-0000-0000-0000-0000000000a1'), 1, 'the deal shows at aal2');
select is((select count(*)::int from public.files where deal_id = '34000000-0000-0000-0000-0000000000a1'), 1, 'and its file');
select is((select count(*)::int from public.my_deals_needing_mfa()), 0, 'nothing needs verification');

-- ---------------------------------------------------------------- super admins who enrolled
select tests.as_user('34000000-0000-0000-0000-000000000003', 'aal1');
select is(private.is_super_admin(), false, 'an enrolled super admin at aal1 is no super admin');
select throws_ok($$select public.admin_update_user('34000000-0000-0000-0000-000000000004', 'X', null, null)$$, '42501', null,
  'and cannot use the admin functions');
select tests.as_user('34000000-0000-0000-0000-000000000003', 'aal2');
select is(private.is_super_admin(), true, 'at aal2 they are');

-- ---------------------------------------------------------------- sessions are their owner's
select tests.as_user('34000000-0000-0000-0000-000000000002', 'aal1', '34000000-0000-0000-0000-0000000000c1');
select is((select array_agg(id order by id) from public.my_sessions()),
  array['34000000-0000-0000-0000-0000000000c1'::uuid, '34000000-0000-0000-0000-0000000000c2'::uuid], 'my sessions are mine only');
select is((select id from public.my_sessions() where is_current), '34000000-0000-0000-0000-0000000000c1'::uuid, 'this one is marked');
select is(public.end_my_session('34000000-0000-0000-0000-0000000000c3'), false, 'another person''s session cannot be ended');
select is(public.end_my_session('34000000-0000-0000-0000-0000000000c2'), true, 'one of my other sessions can');
select is((select count(*)::int from public.my_sessions()), 1, 'and it is gone from my list');
select throws_ok($$select * from auth.sessions$$, '42501', null, 'the sessions table itself is out of reach');
select throws_ok($$select public.replace_my_recovery_codes(array['a','b','c','d','e','f','g','h','i','j'])$$, '42501', null,
  'recovery codes are made only from a session that proved a factor');

-- ---------------------------------------------------------------- every cutoff ends the sessions
select tests.as_user('34000000-0000-0000-0000-000000000002', 'aal1', '34000000-0000-0000-0000-0000000000c1');
select public.end_my_sessions('signed_out_everywhere');
select tests.as_server();
select is((select count(*)::int from auth.sessions where user_id = '34000000-0000-0000-0000-000000000002'), 0,
  'signing out everywhere deletes every session of the person');
select is((select count(*)::int from auth.sessions where user_id = '34000000-0000-0000-0000-000000000004'), 1,
  'and nobody else''s');

-- ---------------------------------------------------------------- where the row cannot be deleted
-- (Supabase: GoTrue owns auth.sessions) a session still dies with a cutoff, or ended one by one.
insert into auth.sessions (id, user_id, created_at, updated_at, aal) values
  ('34000000-0000-0000-0000-0000000000c4', '34000000-0000-0000-0000-000000000004', now() - interval '1 minute', now(), 'aal1'),
  ('34000000-0000-0000-0000-0000000000c5', '34000000-0000-0000-0000-000000000001', now() - interval '1 minute', now(), 'aal1');
alter table private.session_cutoffs disable trigger end_sessions_at_cutoff;
insert into private.session_cutoffs (user_id, not_before) values ('34000000-0000-0000-0000-000000000004', date_trunc('second', now()));
select is(private.session_is_live('34000000-0000-0000-0000-0000000000c4'), false, 'a session begun before a cutoff is dead, row or not');
insert into private.ended_sessions (session_id, user_id) values ('34000000-0000-0000-0000-0000000000c5', '34000000-0000-0000-0000-000000000001');
select is(private.session_is_live('34000000-0000-0000-0000-0000000000c5'), false, 'a session ended from the list is dead, row or not');

select * from finish();
rollback;
