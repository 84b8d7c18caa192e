-- More than one deal admin (docs/decisions.md decision 34): deal admins grant and revoke the admin role,
-- managers who are not admins cannot, the owner's row never changes, a deal keeps an active admin on
-- every path (the server's too), each change writes an activity entry and an audit record, and a member
-- made admin holds the admin's rights wherever the database asks.
-- Actors (prefix 40000000-0000-0000-0000-0000000000NN):
--   01 owner   02 counsel (upload_view, made admin here)   03 manager (custom set {view, manage_users})
--   04 banker (edit)   05 viewer (upload_view)
-- Deal ...a1 "Admins40".
begin;
create extension if not exists pgtap with schema extensions;
select plan(38);

select tests.create_actors('40', 'admins40', array['owner', 'counsel', 'manager', 'banker', 'viewer']);
select tests.create_deal('Admins40', '40000000-0000-0000-0000-000000000001', '40000000-0000-0000-0000-0000000000a1');
insert into public.permission_sets (id, deal_id, name, capabilities) values
  ('40000000-0000-0000-0000-0000000005a1', '40000000-0000-0000-0000-0000000000a1', 'managers', '{view,manage_users}');
select tests.add_member('40000000-0000-0000-0000-0000000000a1', ('40000000-0000-0000-0000-0000000000' || u)::uuid, 'member', 'active',
       case when ps like '4%' then ps::uuid else (select id from public.permission_sets where deal_id is null and name = ps) end)
from (values ('02', 'upload_view'), ('03', '40000000-0000-0000-0000-0000000005a1'), ('04', 'edit'),
             ('05', 'upload_view')) m(u, ps);

create function pg_temp.role_of(p_user text) returns text language sql security definer as $$
  select role from public.deal_members
  where deal_id = '40000000-0000-0000-0000-0000000000a1' and user_id = ('40000000-0000-0000-0000-0000000000' || p_user)::uuid
$$;
create function pg_temp.feed() returns setof text language sql security definer as $$
  select a.description || ' by ' || coalesce(p.email, 'nobody') from public.activities a
  left join public.profiles p on p.id = a.user_id
  where a.deal_id = '40000000-0000-0000-0000-0000000000a1' and a.activity_type = 'role_change' order by a.description  -- one transaction: one created_at
$$;
create function pg_temp.audits() returns setof text language sql security definer as $$
  select concat_ws(' ', l.action, l.entity_type, l.entity_id, l.performed_by_email, l.metadata ->> 'email',
                   l.changes -> 'role' ->> 'old', l.changes -> 'role' ->> 'new')
  from public.audit_logs l where l.action like 'deal_admin_%' and l.entity_id = '40000000-0000-0000-0000-0000000000a1'
  order by l.created_at, l.action
$$;

-- ---------------------------------------------------------------- before: counsel is no admin
select tests.as_user('counsel@admins40.test');
select ok(not private.is_deal_admin('40000000-0000-0000-0000-0000000000a1'), 'before: counsel is not a deal admin');
select is_empty($$update public.deals set name = 'Renamed' where id = '40000000-0000-0000-0000-0000000000a1' returning 1$$,
  'before: counsel cannot edit the deal');

-- ---------------------------------------------------------------- a manager who is not an admin cannot grant
select tests.as_user('manager@admins40.test');
select throws_ok($$update public.deal_members set role = 'admin'
    where deal_id = '40000000-0000-0000-0000-0000000000a1' and user_id = '40000000-0000-0000-0000-000000000002'$$,
  '42501', 'Only deal admins can make someone an admin', 'a manager without the admin role cannot make counsel an admin');
select throws_ok($$update public.deal_members set role = 'admin'
    where deal_id = '40000000-0000-0000-0000-0000000000a1' and user_id = '40000000-0000-0000-0000-000000000003'$$,
  '42501', 'Only deal admins can make someone an admin', 'nor themselves');
select tests.as_user('viewer@admins40.test');
select is_empty($$update public.deal_members set role = 'admin'
    where deal_id = '40000000-0000-0000-0000-0000000000a1' and user_id = '40000000-0000-0000-0000-000000000005' returning 1$$,
  'a viewer cannot make themselves an admin (0 rows)');
select tests.as_server();
select is(pg_temp.role_of('02'), 'member', 'counsel is still a member');
select is_empty($$select * from pg_temp.feed()$$, 'a refused grant writes no activity');

-- ---------------------------------------------------------------- the owner grants
select tests.as_user('owner@admins40.test');
select results_eq($$update public.deal_members set role = 'admin'
    where deal_id = '40000000-0000-0000-0000-0000000000a1' and user_id = '40000000-0000-0000-0000-000000000002' returning role$$,
  $$values ('admin'::text)$$, 'the owner makes counsel an admin');
select tests.as_server();
select results_eq($$select * from pg_temp.feed()$$,
  $$values ('Made counsel@admins40.test an admin by owner@admins40.test')$$, 'the grant is in the feed, by the owner');
select results_eq($$select * from pg_temp.audits()$$,
  $$values ('deal_admin_granted deal 40000000-0000-0000-0000-0000000000a1 owner@admins40.test counsel@admins40.test member admin')$$,
  'the grant is audited: deal_admin_granted, by the owner, naming counsel and the change');

-- ---------------------------------------------------------------- admin rights follow the role
select tests.as_user('counsel@admins40.test');
select ok(private.is_deal_admin('40000000-0000-0000-0000-0000000000a1'), 'counsel is a deal admin');
select ok('40000000-0000-0000-0000-0000000000a1' = any (private.admin_deals()), 'the deal is among counsel''s admin deals');
select ok(private.has_capability('40000000-0000-0000-0000-0000000000a1', 'manage_users'), 'counsel holds manage_users');
select is((select user_role from private.deal_scope('40000000-0000-0000-0000-0000000000a1')), 'admin',
  'the API''s deal scope reads counsel as admin');
select results_eq($$update public.deals set name = 'Admins40 renamed' where id = '40000000-0000-0000-0000-0000000000a1' returning name$$,
  $$values ('Admins40 renamed'::text)$$, 'counsel can edit the deal');
select lives_ok($$insert into public.invitations (deal_id, email, permission_set_id, invited_by)
    values ('40000000-0000-0000-0000-0000000000a1', 'new@admins40.test',
            (select id from public.permission_sets where deal_id is null and name = 'edit'), '40000000-0000-0000-0000-000000000002')$$,
  'counsel can invite with any set');

-- ---------------------------------------------------------------- a new admin grants and revokes
select results_eq($$update public.deal_members set role = 'admin'
    where deal_id = '40000000-0000-0000-0000-0000000000a1' and user_id = '40000000-0000-0000-0000-000000000004' returning role$$,
  $$values ('admin'::text)$$, 'counsel makes the banker an admin');
select results_eq($$update public.deal_members set role = 'member'
    where deal_id = '40000000-0000-0000-0000-0000000000a1' and user_id = '40000000-0000-0000-0000-000000000004' returning role$$,
  $$values ('member'::text)$$, 'counsel revokes the banker''s admin role');
select is_empty($$update public.deal_members set company = 'Acme'
    where deal_id = '40000000-0000-0000-0000-0000000000a1' and user_id = '40000000-0000-0000-0000-000000000004' and role = 'admin' returning 1$$,
  'the banker is no admin any more');
select tests.as_server();
select results_eq($$select * from pg_temp.feed()$$,
  $$values ('Made banker@admins40.test an admin by counsel@admins40.test'),
           ('Made counsel@admins40.test an admin by owner@admins40.test'),
           ('Revoked admin from banker@admins40.test by counsel@admins40.test')$$,
  'grant and revocation are in the feed, by counsel');
select set_eq($$select split_part(a, ' ', 1) || ' ' || split_part(a, ' ', 5) from pg_temp.audits() a$$,
  $$values ('deal_admin_granted counsel@admins40.test'), ('deal_admin_granted banker@admins40.test'),
           ('deal_admin_revoked banker@admins40.test')$$,
  'grant and revocation are audited');
select is((select count(*)::int from public.audit_logs where action like 'deal_admin_%'
           and entity_id = '40000000-0000-0000-0000-0000000000a1'), 3, 'a company change on a member writes no admin audit');

-- ---------------------------------------------------------------- the owner's row never changes
select tests.as_user('counsel@admins40.test');
select is_empty($$update public.deal_members set role = 'member'
    where deal_id = '40000000-0000-0000-0000-0000000000a1' and user_id = '40000000-0000-0000-0000-000000000001' returning 1$$,
  'an admin cannot revoke the owner''s admin role (0 rows)');
select is_empty($$delete from public.deal_members
    where deal_id = '40000000-0000-0000-0000-0000000000a1' and user_id = '40000000-0000-0000-0000-000000000001' returning 1$$,
  'nor remove the owner (0 rows)');
select tests.as_server();
select is(pg_temp.role_of('01'), 'admin', 'the owner is still admin');

-- ---------------------------------------------------------------- a manager who is not an admin cannot revoke
select tests.as_user('manager@admins40.test');
select throws_ok($$update public.deal_members set role = 'member'
    where deal_id = '40000000-0000-0000-0000-0000000000a1' and user_id = '40000000-0000-0000-0000-000000000002'$$,
  '42501', 'Only deal admins can change or remove another admin', 'a manager without the admin role cannot revoke counsel');

-- ---------------------------------------------------------------- the last admin stays
-- The owner's row is out of everyone's reach, so only the server can take the owner's role; the
-- rule holds for it as for anyone.
select tests.as_server();
select lives_ok($$update public.deal_members set role = 'member'
    where deal_id = '40000000-0000-0000-0000-0000000000a1' and user_id = '40000000-0000-0000-0000-000000000001'$$,
  'the server may take the owner''s role while counsel is admin');
select tests.as_user('counsel@admins40.test');
-- Counsel (02), the one admin left, is not revoked, suspended or removed: by themselves, nor by the server.
select throws_ok(format($$%s where deal_id = '40000000-0000-0000-0000-0000000000a1' and user_id = '40000000-0000-0000-0000-000000000002'$$, stmt),
  '55000', 'A deal keeps at least one admin', description)
from (values ($$update public.deal_members set role = 'member'$$, 'the last admin cannot revoke themselves'),
             ($$update public.deal_members set status = 'suspended'$$, 'nor suspend themselves'),
             ($$delete from public.deal_members$$, 'nor leave')) v(stmt, description);
select tests.as_server();
select throws_ok(format($$%s where deal_id = '40000000-0000-0000-0000-0000000000a1' and user_id = '40000000-0000-0000-0000-000000000002'$$, stmt),
  '55000', 'A deal keeps at least one admin', description)
from (values ($$update public.deal_members set role = 'member'$$, 'the server cannot take the last admin either'),
             ($$delete from public.deal_members$$, 'nor remove them')) v(stmt, description);
select is(pg_temp.role_of('02'), 'admin', 'counsel is still admin');
update public.deal_members set role = 'admin'
  where deal_id = '40000000-0000-0000-0000-0000000000a1' and user_id = '40000000-0000-0000-0000-000000000001';
select throws_ok($$update public.deal_members set role = 'member'
    where deal_id = '40000000-0000-0000-0000-0000000000a1' and role = 'admin'$$,
  '55000', 'A deal keeps at least one admin', 'one statement cannot revoke every admin at once');
select tests.as_user('counsel@admins40.test');
select results_eq($$update public.deal_members set role = 'member'
    where deal_id = '40000000-0000-0000-0000-0000000000a1' and user_id = '40000000-0000-0000-0000-000000000002' returning role$$,
  $$values ('member'::text)$$, 'with the owner admin again, counsel may give up the role');
select ok(not private.is_deal_admin('40000000-0000-0000-0000-0000000000a1'), 'and is no deal admin any more');
select is_empty($$update public.deals set name = 'Again' where id = '40000000-0000-0000-0000-0000000000a1' returning 1$$,
  'nor edits the deal');

-- ---------------------------------------------------------------- deleting the deal takes every admin along
select tests.as_server();
select lives_ok($$delete from public.deals where id = '40000000-0000-0000-0000-0000000000a1'$$,
  'a deal still deletes with its admins');

select * from finish();
rollback;
