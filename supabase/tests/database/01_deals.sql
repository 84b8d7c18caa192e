-- public.deals: who can see, create, change, archive and delete a deal.
-- Actors (fixed ids, unique to this file):
--   ...01 owner of Alpha        ...02 admin (not owner)   ...03 contributor   ...04 viewer
--   ...05 suspended admin       ...06 signed-in stranger  ...07 super admin, member of nothing
--   ...08 owner of Beta (member of Beta only)
-- Deals: Alpha ...d0a1 (owner ...01), Beta ...d0b2 (owner ...08), Vault ...d0f3 (owner ...01, archived),
--        Gamma ...d0c4 (created in this file by the stranger).
begin;
create extension if not exists pgtap with schema extensions;
select plan(52);

-- Fixture, as the table owner.
select tests.create_actors('01', 'deals01',
  array['owner', 'admin', 'contributor', 'viewer', 'suspended', 'stranger', 'super', 'beta-owner'], array['super']);
select tests.create_deal('Deal Alpha', '01000000-0000-0000-0000-000000000001', '01000000-0000-0000-0000-00000000d0a1', 'Alpha description');
select tests.create_deal('Deal Beta', '01000000-0000-0000-0000-000000000008', '01000000-0000-0000-0000-00000000d0b2', 'Beta description');
select tests.create_deal('Deal Vault', '01000000-0000-0000-0000-000000000001', '01000000-0000-0000-0000-00000000d0f3', 'Vault description');
select tests.add_member('01000000-0000-0000-0000-00000000d0a1', '01000000-0000-0000-0000-000000000002', 'admin', 'active');
select tests.add_member('01000000-0000-0000-0000-00000000d0a1', '01000000-0000-0000-0000-000000000003', 'contributor', 'active');
select tests.add_member('01000000-0000-0000-0000-00000000d0a1', '01000000-0000-0000-0000-000000000004', 'viewer', 'active');
select tests.add_member('01000000-0000-0000-0000-00000000d0a1', '01000000-0000-0000-0000-000000000005', 'admin', 'suspended');
select tests.add_member('01000000-0000-0000-0000-00000000d0f3', '01000000-0000-0000-0000-000000000002', 'admin', 'active');
update public.deals set archived_at = now() where id = '01000000-0000-0000-0000-00000000d0f3';

-- ---------------------------------------------------------------- anonymous
select tests.as_anon();
select throws_ok($$select * from public.deals$$, '42501', null, 'anon cannot select deals');
select throws_ok($$insert into public.deals (name, owner_id) values ('Anon deal', '01000000-0000-0000-0000-000000000001')$$,
  '42501', null, 'anon cannot insert a deal');
select throws_ok($$update public.deals set name = 'Anon' where id = '01000000-0000-0000-0000-00000000d0a1'$$,
  '42501', null, 'anon cannot update a deal');
select throws_ok($$delete from public.deals where id = '01000000-0000-0000-0000-00000000d0a1'$$,
  '42501', null, 'anon cannot delete a deal');
select tests.as_server();

-- ---------------------------------------------------------------- select: who sees which deal
select tests.set_eq_as(actor || '@deals01.test', $$select id from public.deals where id::text like '01000000-%'$$, want, description)
from (values ('owner', $$values ('01000000-0000-0000-0000-00000000d0a1'::uuid), ('01000000-0000-0000-0000-00000000d0f3')$$,
              'owner sees their deals (the archived one included) and not Beta'),
             ('admin', $$values ('01000000-0000-0000-0000-00000000d0a1'::uuid), ('01000000-0000-0000-0000-00000000d0f3')$$,
              'admin sees the deals they are a member of, not Beta'),
             ('contributor', $$values ('01000000-0000-0000-0000-00000000d0a1'::uuid)$$, 'contributor sees only Alpha'),
             ('viewer', $$values ('01000000-0000-0000-0000-00000000d0a1'::uuid)$$, 'viewer sees only Alpha'),
             ('beta-owner', $$values ('01000000-0000-0000-0000-00000000d0b2'::uuid)$$,
              'cross-deal isolation: the Beta owner sees Beta and nothing of Alpha')) v(actor, want, description);

select tests.is_empty_as(actor || '@deals01.test', $$select id from public.deals where id::text like '01000000-%'$$, description)
from (values ('suspended', 'suspended member sees no deal'), ('stranger', 'signed-in non-member sees no deal'),
             ('super', 'super admin has no implicit access to deals they are not a member of')) v(actor, description);

-- ---------------------------------------------------------------- insert: creating a deal
select tests.as_user('stranger@deals01.test');
select throws_ok($$insert into public.deals (name, owner_id) values ('Not mine', '01000000-0000-0000-0000-000000000001')$$,
  '42501', null, 'a user cannot create a deal owned by someone else');
select lives_ok($$insert into public.deals (id, name, owner_id)
  values ('01000000-0000-0000-0000-00000000d0c4', 'Deal Gamma', '01000000-0000-0000-0000-000000000006')$$,
  'a signed-in user can create a deal they own');
select results_eq($$select role, status from public.deal_members
    where deal_id = '01000000-0000-0000-0000-00000000d0c4' and user_id = '01000000-0000-0000-0000-000000000006'$$,
  $$values ('admin'::text, 'active'::text)$$, 'the creator is an active admin member of the new deal');
select set_eq($$select id from public.deals where id::text like '01000000-%'$$,
  $$values ('01000000-0000-0000-0000-00000000d0c4'::uuid)$$, 'the creator sees the new deal');
select tests.as_server();
select results_eq($$select activity_type, user_id, metadata ->> 'deal_id' from public.activities
    where deal_id = '01000000-0000-0000-0000-00000000d0c4'$$,
  $$values ('deal_create'::text, '01000000-0000-0000-0000-000000000006'::uuid, '01000000-0000-0000-0000-00000000d0c4'::text)$$,
  'creating a deal writes one deal_create activity by the creator');
select results_eq($$select action, entity_type, performed_by, performed_by_email, new_values ->> 'name' from public.audit_logs
    where entity_id = '01000000-0000-0000-0000-00000000d0c4'$$,
  $$values ('deal_created'::text, 'deal'::text, '01000000-0000-0000-0000-000000000006'::uuid,
            'stranger@deals01.test'::text, 'Deal Gamma'::text)$$,
  'creating a deal writes one deal_created audit row naming the creator');

-- ---------------------------------------------------------------- update: refused for everyone but admins
select tests.is_empty_as(actor || '@deals01.test',
  format($$update public.deals set name = %L where id = '01000000-0000-0000-0000-00000000d0a1' returning id$$, name), description)
from (values ('viewer', 'Viewer was here', 'viewer cannot rename a deal (0 rows)'),
             ('contributor', 'Contributor was here', 'contributor cannot rename a deal (0 rows)'),
             ('suspended', 'Suspended was here', 'suspended admin cannot rename a deal (0 rows)'),
             ('stranger', 'Stranger was here', 'non-member cannot rename a deal (0 rows)'),
             ('super', 'Super admin was here', 'super admin who is not a member cannot rename a deal (0 rows)'),
             ('beta-owner', 'Beta owner was here', 'the admin of another deal cannot rename Alpha (0 rows)')) v(actor, name, description);
select tests.is_empty_as(actor || '@deals01.test',
  $$update public.deals set archived_at = now() where id = '01000000-0000-0000-0000-00000000d0a1' returning id$$,
  actor || ' cannot archive a deal (0 rows)')
from (values ('viewer'), ('contributor')) v(actor);
select tests.as_server();
select results_eq($$select name, archived_at is null, (select count(*) from public.audit_logs
    where entity_id = '01000000-0000-0000-0000-00000000d0a1' and action <> 'deal_created')
  from public.deals where id = '01000000-0000-0000-0000-00000000d0a1'$$,
  $$values ('Deal Alpha'::text, true, 0::bigint)$$, 'after the refused updates Alpha is unchanged and nothing was audited');

-- ---------------------------------------------------------------- update: admins may edit
select tests.as_user('admin@deals01.test');
select results_eq($$update public.deals set name = 'Deal Alpha Renamed', description = 'New description'
    where id = '01000000-0000-0000-0000-00000000d0a1' returning name, description$$,
  $$values ('Deal Alpha Renamed'::text, 'New description'::text)$$, 'an admin (not the owner) can rename a deal');
select tests.as_server();
select results_eq($$select performed_by, changes -> 'name' ->> 'old', changes -> 'name' ->> 'new',
    changes -> 'description' ->> 'old', changes -> 'description' ->> 'new', changes ? 'updated_at'
  from public.audit_logs where entity_id = '01000000-0000-0000-0000-00000000d0a1' and action = 'deal_updated'$$,
  $$values ('01000000-0000-0000-0000-000000000002'::uuid, 'Deal Alpha'::text, 'Deal Alpha Renamed'::text,
            'Alpha description'::text, 'New description'::text, false)$$,
  'the update writes one deal_updated audit row with old and new values in changes');
select results_eq($$select old_values ->> 'name', new_values ->> 'name' from public.audit_logs
    where entity_id = '01000000-0000-0000-0000-00000000d0a1' and action = 'deal_updated'$$,
  $$values ('Deal Alpha'::text, 'Deal Alpha Renamed'::text)$$, 'the deal_updated row keeps the whole old and new rows');

-- ---------------------------------------------------------------- owner_id never changes
select tests.as_user('admin@deals01.test');
select throws_ok($$update public.deals set owner_id = '01000000-0000-0000-0000-000000000002' where id = '01000000-0000-0000-0000-00000000d0a1'$$,
  '42501', null, 'an admin cannot change owner_id');
select throws_ok($$update public.deals set created_at = now() - interval '1 year' where id = '01000000-0000-0000-0000-00000000d0a1'$$,
  '42501', null, 'an admin cannot change columns other than name, description and archived_at');
select tests.as_user('owner@deals01.test');
select throws_ok($$update public.deals set owner_id = '01000000-0000-0000-0000-000000000002' where id = '01000000-0000-0000-0000-00000000d0a1'$$,
  '42501', null, 'the owner cannot hand over owner_id');
select tests.as_server();
select throws_ok($$update public.deals set owner_id = '01000000-0000-0000-0000-000000000002' where id = '01000000-0000-0000-0000-00000000d0a1'$$,
  '42501', 'The deal owner cannot be changed', 'not even the table owner can change owner_id');
select tests.as_service();
select throws_ok($$update public.deals set owner_id = '01000000-0000-0000-0000-000000000002' where id = '01000000-0000-0000-0000-00000000d0a1'$$,
  '42501', 'permission denied for table deals', 'service_role cannot change owner_id (it holds no privilege in public: decision 31)');
select tests.as_server();
select is((select owner_id from public.deals where id = '01000000-0000-0000-0000-00000000d0a1'),
  '01000000-0000-0000-0000-000000000001'::uuid, 'Alpha still belongs to its owner');

-- ---------------------------------------------------------------- archive, and nothing after it
select tests.as_user('admin@deals01.test');
select results_eq($$update public.deals set archived_at = now() where id = '01000000-0000-0000-0000-00000000d0a1'
    returning archived_at is not null$$, $$values (true)$$, 'an admin can archive a deal');
select tests.as_server();
select results_eq($$select performed_by, changes -> 'archived_at' -> 'old' = 'null'::jsonb,
    (changes -> 'archived_at' ->> 'new') is not null, old_values ->> 'archived_at' is null, new_values ->> 'archived_at' is not null
  from public.audit_logs where entity_id = '01000000-0000-0000-0000-00000000d0a1' and action = 'deal_archived'$$,
  $$values ('01000000-0000-0000-0000-000000000002'::uuid, true, true, true, true)$$,
  'archiving writes one deal_archived audit row with archived_at old (null) and new');
select tests.as_user('admin@deals01.test');
select is_empty($$update public.deals set archived_at = null where id = '01000000-0000-0000-0000-00000000d0a1' returning id$$,
  'an admin cannot un-archive a deal (0 rows)');
select is_empty($$update public.deals set name = 'Edited after archive' where id = '01000000-0000-0000-0000-00000000d0a1' returning id$$,
  'an admin cannot edit an archived deal (0 rows)');
select tests.as_user('owner@deals01.test');
select is_empty($$update public.deals set archived_at = null where id = '01000000-0000-0000-0000-00000000d0f3' returning id$$,
  'the owner cannot un-archive a deal (0 rows)');
select is_empty($$update public.deals set description = 'Owner edit' where id = '01000000-0000-0000-0000-00000000d0f3' returning id$$,
  'the owner cannot edit an archived deal (0 rows)');
select tests.as_user('viewer@deals01.test');
select set_eq($$select id from public.deals where id::text like '01000000-%'$$,
  $$values ('01000000-0000-0000-0000-00000000d0a1'::uuid)$$, 'an archived deal stays readable by its members');
select tests.as_server();
select results_eq($$select id, name, archived_at is not null from public.deals
    where id in ('01000000-0000-0000-0000-00000000d0a1', '01000000-0000-0000-0000-00000000d0f3') order by id$$,
  $$values ('01000000-0000-0000-0000-00000000d0a1'::uuid, 'Deal Alpha Renamed'::text, true),
           ('01000000-0000-0000-0000-00000000d0f3'::uuid, 'Deal Vault'::text, true)$$,
  'archived deals are unchanged after the refused edits');
select throws_ok($$update public.deals set archived_at = null where id = '01000000-0000-0000-0000-00000000d0f3'$$,
  '42501', 'An archived deal cannot be restored', 'not even the table owner can un-archive a deal');
select tests.as_service();
select throws_ok($$update public.deals set archived_at = null where id = '01000000-0000-0000-0000-00000000d0f3'$$,
  '42501', 'permission denied for table deals', 'service_role cannot un-archive a deal (no privilege)');
select tests.as_server();

-- ---------------------------------------------------------------- delete: nobody through the API role
select tests.throws_ok_as(actor || '@deals01.test', $$delete from public.deals where id = '01000000-0000-0000-0000-00000000d0a1'$$,
  '42501', null, description)
from (values ('owner', 'the owner cannot delete a deal'), ('admin', 'an admin cannot delete a deal'),
             ('viewer', 'a viewer cannot delete a deal'), ('super', 'a super admin cannot delete a deal')) v(actor, description);
select throws_ok($$truncate public.deals cascade$$, '42501', null, 'authenticated cannot truncate deals');
select tests.as_server();
select is((select count(*) from public.deals where id::text like '01000000-%'), 4::bigint, 'all four deals still exist');

select * from finish();
rollback;
