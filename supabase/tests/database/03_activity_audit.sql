-- public.activities (the deal feed) and public.audit_logs (the platform audit log): both are written
-- by the database only (docs/decisions.md decision 6); the audit log is append-only for every role.
-- Actors (fixed ids, unique to this file):
--   ...01 owner of Alpha        ...02 admin (not owner)   ...03 contributor   ...04 viewer
--   ...05 suspended viewer      ...06 signed-in stranger  ...07 super admin, member of nothing
--   ...08 owner of Beta (member of Beta only)
-- Deals: Alpha ...d0a1 (owner ...01), Beta ...d0b2 (owner ...08).
begin;
create extension if not exists pgtap with schema extensions;
select plan(53);

select tests.alpha_beta_deals('03', 'audit03', 'Audit', array['viewer'], 'viewer',
  '03000000-0000-0000-0000-00000000d0a1', '03000000-0000-0000-0000-00000000d0b2');
-- A sign-in of the viewer (active member) and of the suspended member: recorded once each, in no deal's
-- activities (docs/decisions.md decision 23).
do $$ begin
  perform private.record_login('03000000-0000-0000-0000-000000000004');
  perform private.record_login('03000000-0000-0000-0000-000000000005');
end $$;

-- ================================================================= activities
select tests.as_anon();
select throws_ok($$select * from public.activities$$, '42501', null, 'anon cannot select activities');
select throws_ok($$insert into public.activities (deal_id, activity_type, description)
  values ('03000000-0000-0000-0000-00000000d0a1', 'upload', 'anon')$$, '42501', null, 'anon cannot insert an activity');
select throws_ok($$update public.activities set description = 'anon'$$, '42501', null, 'anon cannot update activities');
select throws_ok($$delete from public.activities$$, '42501', null, 'anon cannot delete activities');
select throws_ok($$select private.record_activity('03000000-0000-0000-0000-00000000d0a1', null, 'upload', 'anon')$$,
  '42501', null, 'anon cannot call private.record_activity');
select tests.as_server();

-- ---------------------------------------------------------------- select
select tests.set_eq_as(actor || '@audit03.test', $$select deal_id, activity_type, user_id from public.activities where deal_id::text like '03000000-%'$$,
  $$values ('03000000-0000-0000-0000-00000000d0a1'::uuid, 'deal_create'::text, '03000000-0000-0000-0000-000000000001'::uuid)$$,
  actor || ' sees Alpha''s feed and nothing of Beta''s')
from (values ('owner'), ('admin'), ('contributor'), ('viewer')) v(actor);
select tests.is_empty_as(actor || '@audit03.test', $$select * from public.activities where deal_id::text like '03000000-%'$$, description)
from (values ('suspended', 'suspended member sees no activity'), ('stranger', 'non-member sees no activity'),
             ('super', 'super admin who is not a member sees no activity')) v(actor, description);
select tests.as_user('beta-owner@audit03.test');
select set_eq($$select deal_id, activity_type, user_id from public.activities where deal_id::text like '03000000-%'$$,
  $$values ('03000000-0000-0000-0000-00000000d0b2'::uuid, 'deal_create'::text, '03000000-0000-0000-0000-000000000008'::uuid)$$,
  'cross-deal isolation: the Beta owner sees Beta''s feed and nothing of Alpha''s');

-- ---------------------------------------------------------------- no member writes the feed
select tests.as_user('owner@audit03.test');
select * from tests.feed_refused('03000000-0000-0000-0000-00000000d0a1', '03000000-0000-0000-0000-000000000001', 'upload',
  'owner cannot insert an activity', 'owner cannot update activities', 'owner cannot delete activities');
select tests.as_user('admin@audit03.test');
select * from tests.feed_refused('03000000-0000-0000-0000-00000000d0a1', '03000000-0000-0000-0000-000000000002', 'upload',
  'admin cannot insert an activity', 'admin cannot update activities', 'admin cannot delete activities');
select tests.as_user('contributor@audit03.test');
select * from tests.feed_refused('03000000-0000-0000-0000-00000000d0a1', '03000000-0000-0000-0000-000000000003', 'upload',
  'contributor cannot insert an activity');
select tests.as_user('viewer@audit03.test');
select * from tests.feed_refused('03000000-0000-0000-0000-00000000d0a1', '03000000-0000-0000-0000-000000000004', 'download',
  'viewer cannot insert an activity', null, 'viewer cannot delete activities');
select tests.as_user('super@audit03.test');
select * from tests.feed_refused('03000000-0000-0000-0000-00000000d0a1', '03000000-0000-0000-0000-000000000007', 'upload',
  'super admin cannot insert an activity');
select throws_ok($$truncate public.activities cascade$$, '42501', null, 'authenticated cannot truncate activities');
select tests.as_server();
select set_eq($$select deal_id, activity_type, user_id, description from public.activities where deal_id::text like '03000000-%'$$,
  $$values ('03000000-0000-0000-0000-00000000d0a1'::uuid, 'deal_create'::text, '03000000-0000-0000-0000-000000000001'::uuid, 'Created deal "Audit Alpha"'::text),
           ('03000000-0000-0000-0000-00000000d0b2', 'deal_create', '03000000-0000-0000-0000-000000000008', 'Created deal "Audit Beta"')$$,
  'the feeds are exactly what the database wrote');
select set_eq($$select user_id, times from public.sign_ins where user_id::text like '03000000-%'$$,
  $$values ('03000000-0000-0000-0000-000000000004'::uuid, 1), ('03000000-0000-0000-0000-000000000005'::uuid, 1)$$,
  'a sign-in is one row per person, whatever their deals');
do $$ begin perform private.record_login('03000000-0000-0000-0000-000000000004'); end $$;
select is((select times from public.sign_ins where user_id = '03000000-0000-0000-0000-000000000004'), 2,
  'a second sign-in within the hour adds to the first');
select tests.as_user('owner@audit03.test');
select set_eq($$select user_id from public.sign_ins where user_id::text like '03000000-%'$$,
  $$values ('03000000-0000-0000-0000-000000000004'::uuid), ('03000000-0000-0000-0000-000000000005'::uuid)$$,
  'the owner sees the sign-ins of the deal''s people');
select tests.is_empty_as(actor || '@audit03.test', $$select * from public.sign_ins where user_id::text like '03000000-%'$$, description)
from (values ('stranger', 'a non-member sees no one''s sign-ins'),
             ('beta-owner', 'the owner of another deal sees none of this deal''s people''s sign-ins')) v(actor, description);
select throws_ok($$insert into public.sign_ins (user_id) values ('03000000-0000-0000-0000-000000000008')$$, '42501', null,
  'no one writes a sign-in directly');
select tests.as_server();

-- ================================================================= audit_logs
select tests.as_anon();
select throws_ok($$select * from public.audit_logs$$, '42501', null, 'anon cannot select audit_logs');
select tests.as_server();

-- ---------------------------------------------------------------- select: super admins only
select tests.as_user('super@audit03.test');
select set_eq($$select action, entity_type, entity_id from public.audit_logs where entity_id::text like '03000000-%' and entity_type = 'deal'$$,
  $$values ('deal_created'::text, 'deal'::text, '03000000-0000-0000-0000-00000000d0a1'::uuid),
           ('deal_created', 'deal', '03000000-0000-0000-0000-00000000d0b2')$$,
  'super admin reads the audit log');
select tests.is_empty_as(actor || '@audit03.test', $$select * from public.audit_logs$$, description)
from (values ('owner', 'owner reads no audit row, not even of their own deal'), ('admin', 'admin reads no audit row'),
             ('viewer', 'viewer reads no audit row'), ('suspended', 'suspended member reads no audit row'),
             ('stranger', 'non-member reads no audit row')) v(actor, description);

-- ---------------------------------------------------------------- nobody rewrites history
select tests.as_user('super@audit03.test');
select throws_ok($$insert into public.audit_logs (action, entity_type) values ('forged', 'deal')$$,
  '42501', null, 'authenticated (even a super admin) cannot insert audit rows');
select throws_ok($$update public.audit_logs set action = 'rewritten' where entity_id = '03000000-0000-0000-0000-00000000d0a1'$$,
  '42501', null, 'authenticated (even a super admin) cannot update audit rows');
select throws_ok($$delete from public.audit_logs where entity_id = '03000000-0000-0000-0000-00000000d0a1'$$,
  '42501', null, 'authenticated (even a super admin) cannot delete audit rows');
select throws_ok($$truncate public.audit_logs$$, '42501', null, 'authenticated cannot truncate audit_logs');
select tests.as_service();
select throws_ok($$insert into public.audit_logs (action, entity_type) values ('forged', 'deal')$$,
  '42501', null, 'service_role cannot insert audit rows');
select throws_ok($$update public.audit_logs set action = 'rewritten' where entity_id = '03000000-0000-0000-0000-00000000d0a1'$$,
  '42501', null, 'service_role cannot update audit rows');
select throws_ok($$delete from public.audit_logs where entity_id = '03000000-0000-0000-0000-00000000d0a1'$$,
  '42501', null, 'service_role cannot delete audit rows');
select throws_ok($$truncate public.audit_logs$$, '42501', null, 'service_role cannot truncate audit_logs');
select tests.as_server();
select throws_ok($$update public.audit_logs set action = 'rewritten' where entity_id = '03000000-0000-0000-0000-00000000d0a1'$$,
  '42501', 'audit_logs is append-only', 'not even the table owner can update audit rows');
select throws_ok($$delete from public.audit_logs where entity_id = '03000000-0000-0000-0000-00000000d0a1'$$,
  '42501', 'audit_logs is append-only', 'not even the table owner can delete audit rows');
select throws_ok($$truncate public.audit_logs$$,
  '42501', 'audit_logs is append-only', 'not even the table owner can truncate audit_logs');
select set_eq($$select action, entity_id, performed_by from public.audit_logs where entity_id::text like '03000000-%' and entity_type = 'deal'$$,
  $$values ('deal_created'::text, '03000000-0000-0000-0000-00000000d0a1'::uuid, null::uuid),
           ('deal_created', '03000000-0000-0000-0000-00000000d0b2', null)$$,
  'the audit rows are untouched');

-- ================================================================= known holes, last (a failure here changes state)
select tests.as_user('viewer@audit03.test');

select throws_ok($$select private.record_activity('03000000-0000-0000-0000-00000000d0b2', '03000000-0000-0000-0000-000000000008', 'download', 'forged')$$,
  '42501', null, 'authenticated cannot call private.record_activity (forge a feed entry in any deal)');
select throws_ok($$select private.record_login('03000000-0000-0000-0000-000000000001')$$,
  '42501', null, 'authenticated cannot call private.record_login (forge sign-ins of anyone)');

select throws_ok($$create trigger zz_block_audit before insert on public.audit_logs
    for each row execute function private.audit_logs_immutable()$$,
  '42501', null, 'authenticated cannot attach a trigger to audit_logs');
select tests.as_server();

select * from finish();
rollback;
