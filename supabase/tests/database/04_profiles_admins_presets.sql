-- public.profiles, public.platform_admins and public.checklist_presets.
-- Actors (fixed ids, unique to this file):
--   ...01 owner of Alpha        ...02 contributor of Alpha (co-member of ...01)   ...03 suspended member of Alpha
--   ...04 signed-in stranger    ...05 super admin, member of nothing              ...06 owner of Beta (Beta only)
--   ...07 a second super admin
-- Deals: Alpha ...d0a1 (owner ...01), Beta ...d0b2 (owner ...06).
-- Presets: ...e1 active, ...e2 inactive, ...e3 created here by the super admin.
begin;
create extension if not exists pgtap with schema extensions;
select plan(59);

-- These four sign up with names in their metadata, which the profile checks below read.
select tests.create_user('Owner@Profiles04.test', '04000000-0000-0000-0000-000000000001', '{"first_name":"Olive","last_name":"Owner"}');
select tests.create_user('contributor@profiles04.test', '04000000-0000-0000-0000-000000000002', '{"first_name":"Cody","last_name":"Contributor"}');
select tests.create_user('suspended@profiles04.test', '04000000-0000-0000-0000-000000000003', '{"first_name":"Sue","last_name":"Suspended"}');
select tests.create_user('stranger@profiles04.test', '04000000-0000-0000-0000-000000000004', '{"first_name":"Stan","last_name":"Stranger"}');
select tests.create_super_admin('super@profiles04.test', '04000000-0000-0000-0000-000000000005');
select tests.create_user('beta-owner@profiles04.test', '04000000-0000-0000-0000-000000000006');
select tests.create_super_admin('super2@profiles04.test', '04000000-0000-0000-0000-000000000007');
select tests.create_deal('Profiles Alpha', '04000000-0000-0000-0000-000000000001', '04000000-0000-0000-0000-00000000d0a1');
select tests.create_deal('Profiles Beta', '04000000-0000-0000-0000-000000000006', '04000000-0000-0000-0000-00000000d0b2');
select tests.add_member('04000000-0000-0000-0000-00000000d0a1', '04000000-0000-0000-0000-000000000002', 'contributor');
select tests.add_member('04000000-0000-0000-0000-00000000d0a1', '04000000-0000-0000-0000-000000000003', 'viewer', 'suspended');
insert into public.checklist_presets (id, name, description, active) values
  ('04000000-0000-0000-0000-0000000000e1', 'Profiles04 Active', 'offered', true),
  ('04000000-0000-0000-0000-0000000000e2', 'Profiles04 Retired', 'withdrawn', false);

-- ================================================================= profiles
select results_eq($$select email, first_name, last_name from public.profiles where id = '04000000-0000-0000-0000-000000000001'$$,
  $$values ('owner@profiles04.test'::text, 'Olive'::text, 'Owner'::text)$$,
  'a new account gets a profile (e-mail lower-cased, names from the sign-up metadata)');

select tests.as_anon();
select throws_ok($$select * from public.profiles$$, '42501', null, 'anon cannot read profiles at all (no privilege, not only no rows)');
select throws_ok($$insert into public.profiles (id, email) values ('04000000-0000-0000-0000-000000000009', 'anon@profiles04.test')$$,
  '42501', null, 'anon cannot insert a profile');
select throws_ok($$update public.profiles set first_name = 'Anon'$$, '42501', null, 'anon cannot update profiles');
select throws_ok($$delete from public.profiles$$, '42501', null, 'anon cannot delete profiles');
select tests.as_server();

-- ---------------------------------------------------------------- select: own, co-members', or all for super admins
select tests.as_user('04000000-0000-0000-0000-000000000001');
select set_eq($$select id from public.profiles where id::text like '04000000-%'$$,
  $$select ('04000000-0000-0000-0000-00000000000' || n)::uuid from unnest(array[1,2,3]) n$$,
  'owner sees their own profile and their co-members'' (the suspended one too), not strangers''');
select tests.as_user('04000000-0000-0000-0000-000000000002');
select set_eq($$select id from public.profiles where id::text like '04000000-%'$$,
  $$select ('04000000-0000-0000-0000-00000000000' || n)::uuid from unnest(array[1,2,3]) n$$,
  'contributor sees their own profile and their co-members''');
select tests.as_user('04000000-0000-0000-0000-000000000003');
select set_eq($$select id from public.profiles where id::text like '04000000-%'$$,
  $$values ('04000000-0000-0000-0000-000000000003'::uuid)$$, 'suspended member sees only their own profile');
select tests.as_user('04000000-0000-0000-0000-000000000004');
select set_eq($$select id from public.profiles where id::text like '04000000-%'$$,
  $$values ('04000000-0000-0000-0000-000000000004'::uuid)$$, 'a user in no deal sees only their own profile');
select tests.as_user('04000000-0000-0000-0000-000000000006');
select set_eq($$select id from public.profiles where id::text like '04000000-%'$$,
  $$values ('04000000-0000-0000-0000-000000000006'::uuid)$$, 'cross-deal isolation: the Beta owner sees nobody of Alpha');
select tests.as_user('04000000-0000-0000-0000-000000000005');
select set_eq($$select id from public.profiles where id::text like '04000000-%'$$,
  $$select ('04000000-0000-0000-0000-00000000000' || n)::uuid from generate_series(1, 7) n$$,
  'super admin sees every profile');

-- ---------------------------------------------------------------- update: own display fields only
select tests.as_user('04000000-0000-0000-0000-000000000001');
select results_eq($$update public.profiles set first_name = 'Olivia', last_name = 'Owens', title = 'Partner', preferred_color = '#10B981'
    where id = '04000000-0000-0000-0000-000000000001' returning first_name, last_name, title, preferred_color$$,
  $$values ('Olivia'::text, 'Owens'::text, 'Partner'::text, '#10B981'::text)$$,
  'a user can update their own first_name, last_name, title and preferred_color');
select throws_ok($$update public.profiles set email = 'someone-else@profiles04.test' where id = '04000000-0000-0000-0000-000000000001'$$,
  '42501', null, 'a user cannot change their profile e-mail');
select throws_ok($$update public.profiles set last_active_at = now() - interval '1 day' where id = '04000000-0000-0000-0000-000000000001'$$,
  '42501', null, 'a user cannot change last_active_at');
select throws_ok($$update public.profiles set id = '04000000-0000-0000-0000-000000000009' where id = '04000000-0000-0000-0000-000000000001'$$,
  '42501', null, 'a user cannot change their profile id');
select throws_ok($$update public.profiles set preferred_color = 'red' where id = '04000000-0000-0000-0000-000000000001'$$,
  '23514', null, 'preferred_color must be a #RRGGBB colour');
select is_empty($$update public.profiles set first_name = 'Hijacked' where id = '04000000-0000-0000-0000-000000000002' returning id$$,
  'a user cannot update a co-member''s profile (0 rows)');
select is_empty($$update public.profiles set first_name = 'Hijacked' where id = '04000000-0000-0000-0000-000000000004' returning id$$,
  'a user cannot update a stranger''s profile (0 rows)');
select tests.as_user('04000000-0000-0000-0000-000000000005');
select is_empty($$update public.profiles set first_name = 'Hijacked' where id = '04000000-0000-0000-0000-000000000001' returning id$$,
  'a super admin cannot update someone else''s profile through RLS (0 rows)');
select throws_ok($$insert into public.profiles (id, email) values ('04000000-0000-0000-0000-000000000009', 'new@profiles04.test')$$,
  '42501', null, 'authenticated (even a super admin) cannot insert a profile');
select throws_ok($$delete from public.profiles where id = '04000000-0000-0000-0000-000000000001'$$,
  '42501', null, 'a super admin cannot delete a profile');
select tests.as_user('04000000-0000-0000-0000-000000000004');
select throws_ok($$delete from public.profiles where id = '04000000-0000-0000-0000-000000000004'$$,
  '42501', null, 'a user cannot delete their own profile');
select tests.as_server();
select set_eq($$select id, email, first_name, last_name, title from public.profiles where id::text like '04000000-%' and id::text < '04000000-0000-0000-0000-000000000005'$$,
  $$values ('04000000-0000-0000-0000-000000000001'::uuid, 'owner@profiles04.test'::text, 'Olivia'::text, 'Owens'::text, 'Partner'::text),
           ('04000000-0000-0000-0000-000000000002', 'contributor@profiles04.test', 'Cody', 'Contributor', ''),
           ('04000000-0000-0000-0000-000000000003', 'suspended@profiles04.test', 'Sue', 'Suspended', ''),
           ('04000000-0000-0000-0000-000000000004', 'stranger@profiles04.test', 'Stan', 'Stranger', '')$$,
  'only the owner''s own edit took effect');
select is((select last_active_at from public.profiles where id = '04000000-0000-0000-0000-000000000001'), null,
  'last_active_at was not changed');

-- ================================================================= platform_admins: nobody makes themselves a super admin
select tests.as_anon();
select throws_ok($$select * from public.platform_admins$$, '42501', null, 'anon cannot select platform_admins');
select throws_ok($$insert into public.platform_admins (user_id) values ('04000000-0000-0000-0000-000000000004')$$,
  '42501', null, 'anon cannot insert into platform_admins');
select tests.as_server();

select tests.as_user('04000000-0000-0000-0000-000000000004');
select is_empty($$select * from public.platform_admins$$, 'a regular user sees no platform admin');
select is(private.is_super_admin(), false, 'is_super_admin is false for a regular user');
select throws_ok($$insert into public.platform_admins (user_id) values ('04000000-0000-0000-0000-000000000004')$$,
  '42501', null, 'a regular user cannot make themselves a super admin');
select throws_ok($$delete from public.platform_admins$$, '42501', null, 'a regular user cannot delete platform admins');
select throws_ok($$update auth.users set is_super_admin = true where id = '04000000-0000-0000-0000-000000000004'$$,
  '42501', null, 'a regular user cannot touch auth.users (is_super_admin there included)');
select tests.as_user('04000000-0000-0000-0000-000000000001');
select is_empty($$select * from public.platform_admins$$, 'a deal owner sees no platform admin');
select throws_ok($$insert into public.platform_admins (user_id) values ('04000000-0000-0000-0000-000000000001')$$,
  '42501', null, 'a deal owner cannot make themselves a super admin');
select tests.as_user('04000000-0000-0000-0000-000000000005');
select is(private.is_super_admin(), true, 'is_super_admin is true for a super admin');
select set_eq($$select user_id from public.platform_admins where user_id::text like '04000000-%'$$,
  $$values ('04000000-0000-0000-0000-000000000005'::uuid), ('04000000-0000-0000-0000-000000000007')$$,
  'a super admin sees every platform admin');
select throws_ok($$insert into public.platform_admins (user_id) values ('04000000-0000-0000-0000-000000000004')$$,
  '42501', null, 'a super admin cannot grant super admin through the API role');
select throws_ok($$update public.platform_admins set granted_by = user_id$$,
  '42501', null, 'a super admin cannot update platform_admins');
select throws_ok($$delete from public.platform_admins where user_id = '04000000-0000-0000-0000-000000000007'$$,
  '42501', null, 'a super admin cannot revoke another super admin through the API role');
select tests.as_server();
select set_eq($$select user_id, granted_by from public.platform_admins where user_id::text like '04000000-%'$$,
  $$values ('04000000-0000-0000-0000-000000000005'::uuid, null::uuid), ('04000000-0000-0000-0000-000000000007', null)$$,
  'platform_admins is unchanged');

-- ================================================================= checklist_presets: read by all, written by super admins
select tests.as_anon();
select throws_ok($$select * from public.checklist_presets$$, '42501', null, 'anon cannot select presets');
select throws_ok($$insert into public.checklist_presets (name) values ('Profiles04 Anon')$$, '42501', null, 'anon cannot insert a preset');
select tests.as_server();

select tests.as_user('04000000-0000-0000-0000-000000000004');
select set_eq($$select id from public.checklist_presets where id::text like '04000000-%'$$,
  $$values ('04000000-0000-0000-0000-0000000000e1'::uuid)$$, 'a regular user sees active presets only');
select throws_ok($$insert into public.checklist_presets (name) values ('Profiles04 Mine')$$,
  '42501', null, 'a regular user cannot create a preset');
select is_empty($$update public.checklist_presets set description = 'changed' where id = '04000000-0000-0000-0000-0000000000e1' returning id$$,
  'a regular user cannot update a preset (0 rows)');
select is_empty($$delete from public.checklist_presets where id = '04000000-0000-0000-0000-0000000000e1' returning id$$,
  'a regular user cannot delete a preset (0 rows)');
select tests.as_user('04000000-0000-0000-0000-000000000001');
select set_eq($$select id from public.checklist_presets where id::text like '04000000-%'$$,
  $$values ('04000000-0000-0000-0000-0000000000e1'::uuid)$$, 'a deal owner sees active presets only');
select throws_ok($$insert into public.checklist_presets (name) values ('Profiles04 Owner')$$,
  '42501', null, 'a deal owner cannot create a preset');
select is_empty($$update public.checklist_presets set active = true where id = '04000000-0000-0000-0000-0000000000e2' returning id$$,
  'a deal owner cannot re-activate a preset (0 rows)');
select is_empty($$update public.checklist_presets set description = 'changed' where id = '04000000-0000-0000-0000-0000000000e1' returning id$$,
  'a deal owner cannot update a preset (0 rows)');
select tests.as_server();
select set_eq($$select id, name, description, active from public.checklist_presets where id::text like '04000000-%'$$,
  $$values ('04000000-0000-0000-0000-0000000000e1'::uuid, 'Profiles04 Active'::text, 'offered'::text, true),
           ('04000000-0000-0000-0000-0000000000e2', 'Profiles04 Retired', 'withdrawn', false)$$,
  'the presets are unchanged after the refused writes');

select tests.as_user('04000000-0000-0000-0000-000000000005');
select set_eq($$select id from public.checklist_presets where id::text like '04000000-%'$$,
  $$values ('04000000-0000-0000-0000-0000000000e1'::uuid), ('04000000-0000-0000-0000-0000000000e2')$$,
  'a super admin sees inactive presets too');
select lives_ok($$insert into public.checklist_presets (id, name) values ('04000000-0000-0000-0000-0000000000e3', 'Profiles04 New')$$,
  'a super admin can create a preset');
select results_eq($$update public.checklist_presets set active = true where id = '04000000-0000-0000-0000-0000000000e2' returning active$$,
  $$values (true)$$, 'a super admin can update a preset');
select results_eq($$delete from public.checklist_presets where id = '04000000-0000-0000-0000-0000000000e3' returning name$$,
  $$values ('Profiles04 New'::text)$$, 'a super admin can delete a preset');
select tests.as_server();
select set_eq($$select action, entity_id, performed_by, performed_by_email from public.audit_logs
    where entity_type = 'preset' and entity_id::text like '04000000-%'$$,
  $$values ('preset_created'::text, '04000000-0000-0000-0000-0000000000e1'::uuid, null::uuid, null::text),
           ('preset_created', '04000000-0000-0000-0000-0000000000e2', null, null),
           ('preset_created', '04000000-0000-0000-0000-0000000000e3', '04000000-0000-0000-0000-000000000005', 'super@profiles04.test'),
           ('preset_updated', '04000000-0000-0000-0000-0000000000e2', '04000000-0000-0000-0000-000000000005', 'super@profiles04.test'),
           ('preset_deleted', '04000000-0000-0000-0000-0000000000e3', '04000000-0000-0000-0000-000000000005', 'super@profiles04.test')$$,
  'every preset change is audited with who did it');

-- ================================================================= known holes, last (a failure here empties tables)
-- TRUNCATE is not subject to RLS, so it must not be granted on any of these tables.
select tests.as_user('04000000-0000-0000-0000-000000000004');

select throws_ok($$truncate public.profiles$$, '42501', null, 'authenticated cannot truncate profiles');
select throws_ok($$truncate public.platform_admins$$, '42501', null, 'authenticated cannot truncate platform_admins');
select throws_ok($$truncate public.checklist_presets$$, '42501', null, 'authenticated cannot truncate checklist_presets');
select tests.as_server();
select tests.as_anon();

select throws_ok($$truncate public.profiles$$, '42501', null, 'anon cannot truncate profiles');
select tests.as_server();

select * from finish();
rollback;
