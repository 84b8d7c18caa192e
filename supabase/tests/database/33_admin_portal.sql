-- The admin portal, decided in the database: only super admins call its functions; the last super
-- admin cannot be revoked; a super admin gains nothing inside deals by being one; deleting a user keeps
-- their history (comments, decisions, activity, audit) by a deleted user and their archived deals; a
-- password reset sets a session cutoff; built-in system sets keep their names; every change is audited
-- once and the audit log cannot be rewritten by anyone.
begin;
create extension if not exists pgtap with schema extensions;
select plan(30);

-- This file's super admins are the test's own: everyone else's are set aside for the transaction.
delete from public.platform_admins;
select tests.create_actors('33', 'adm33', array['root', 'plain', 'leaver', 'owner'], array['root']);
select tests.create_deal('Adm33 live', '33000000-0000-0000-0000-000000000004', '33000000-0000-0000-0000-0000000000a1');
select tests.create_deal('Adm33 old', '33000000-0000-0000-0000-000000000003', '33000000-0000-0000-0000-0000000000a2');
select tests.add_member('33000000-0000-0000-0000-0000000000a1', '33000000-0000-0000-0000-000000000003', 'contributor');
insert into public.files (id, deal_id, name, uploaded_by) values
  ('33000000-0000-0000-0000-0000000000f1', '33000000-0000-0000-0000-0000000000a1', 'Minutes.pdf', '33000000-0000-0000-0000-000000000003');
insert into public.file_comments (file_id, deal_id, user_id, comment) values
  ('33000000-0000-0000-0000-0000000000f1', '33000000-0000-0000-0000-0000000000a1', '33000000-0000-0000-0000-000000000003', 'Signed copy to follow');
update public.deals set archived_at = now() where id = '33000000-0000-0000-0000-0000000000a2';


-- ---------------------------------------------------------------- only super admins
select tests.as_user('33000000-0000-0000-0000-000000000002');
select throws_ok($$select public.admin_set_super_admin('33000000-0000-0000-0000-000000000002', true)$$, '42501', null,
  'a plain user cannot make themselves super admin');
select throws_ok($$select public.admin_update_user('33000000-0000-0000-0000-000000000003', 'X', null, null)$$, '42501', null,
  'a plain user cannot edit another user');
select throws_ok($$select public.admin_delete_user('33000000-0000-0000-0000-000000000003')$$, '42501', null,
  'a plain user cannot delete a user');
select throws_ok($$select public.admin_password_was_reset('33000000-0000-0000-0000-000000000003')$$, '42501', null,
  'a plain user cannot end another user''s sessions');
select throws_ok($$select public.admin_permission_set_usage((select id from public.permission_sets where deal_id is null and name = 'edit'))$$,
  '42501', null, 'a plain user cannot read where a set is used');
select throws_ok($$insert into public.permission_sets (name, capabilities) values ('sneaky', array['view'])$$, '42501', null,
  'a plain user cannot create a system set');
select is((select count(*)::int from public.audit_logs), 0, 'a plain user reads no audit entry');
select throws_ok($$insert into public.platform_admins (user_id) values ('33000000-0000-0000-0000-000000000002')$$, '42501', null,
  'a plain user cannot write platform_admins directly');

-- ---------------------------------------------------------------- a super admin in no deal sees no deal
select tests.as_user('33000000-0000-0000-0000-000000000001');
select is((select count(*)::int from public.deals where id in ('33000000-0000-0000-0000-0000000000a1', '33000000-0000-0000-0000-0000000000a2')), 0,
  'a super admin sees no deal they are not a member of');
select is((select count(*)::int from public.files where id = '33000000-0000-0000-0000-0000000000f1'), 0, 'nor its files');
select is((select count(*)::int from public.deal_members where deal_id = '33000000-0000-0000-0000-0000000000a1'), 0, 'nor its members');
select is((select count(*)::int from public.file_comments where file_id = '33000000-0000-0000-0000-0000000000f1'), 0, 'nor its comments');

-- ---------------------------------------------------------------- super admins
select throws_ok($$select public.admin_set_super_admin('33000000-0000-0000-0000-000000000001', false)$$, '55000',
  'The last super admin cannot be revoked: promote another user first', 'the last super admin cannot revoke themselves');
select lives_ok($$select public.admin_set_super_admin('33000000-0000-0000-0000-000000000002', true)$$, 'a super admin promotes a user');
select is((select count(*)::int from public.audit_logs where action = 'super_admin_granted' and entity_id = '33000000-0000-0000-0000-000000000002'
           and performed_by = '33000000-0000-0000-0000-000000000001'), 1, 'the promotion is audited once, by its author');
select lives_ok($$select public.admin_set_super_admin('33000000-0000-0000-0000-000000000001', false)$$,
  'with another super admin left, a super admin may revoke themselves');
select tests.as_user('33000000-0000-0000-0000-000000000002');
select throws_ok($$select public.admin_set_super_admin('33000000-0000-0000-0000-000000000002', false)$$, '55000', null,
  'now they are the last one, and cannot go either');

-- ---------------------------------------------------------------- users
select lives_ok($$select public.admin_update_user('33000000-0000-0000-0000-000000000003', 'Lee', 'Ver', 'CFO')$$, 'a super admin edits a user');
select is((select changes -> 'title' ->> 'new' from public.audit_logs where action = 'user_updated' and entity_id = '33000000-0000-0000-0000-000000000003'),
  'CFO', 'the edit is audited with its new value');
select throws_ok($$select public.admin_delete_user('33000000-0000-0000-0000-000000000004')$$, '55000', null,
  'a user who owns a deal that is not archived cannot be deleted');
select throws_ok($$select public.admin_delete_user('33000000-0000-0000-0000-000000000002')$$, '55000', 'You cannot delete your own account',
  'nor can a super admin delete themselves');
select lives_ok($$select public.admin_password_was_reset('33000000-0000-0000-0000-000000000003')$$, 'a password reset records a cutoff');
select tests.as_server();
select is((select count(*)::int from private.session_cutoffs where user_id = '33000000-0000-0000-0000-000000000003'), 1,
  'tokens issued before it are refused from now on');
select tests.as_user('33000000-0000-0000-0000-000000000002');
select lives_ok($$select public.admin_delete_user('33000000-0000-0000-0000-000000000003')$$,
  'a user whose only own deal is archived is deleted, memberships in archived deals included');
select tests.as_server();
select is((select user_id::text from public.file_comments where file_id = '33000000-0000-0000-0000-0000000000f1'), null,
  'their comment stays, by nobody');
select is((select owner_id::text from public.deals where id = '33000000-0000-0000-0000-0000000000a2'), null,
  'their archived deal stays, its owner gone');
select is((select count(*)::int from public.audit_logs where action = 'user_deleted' and entity_id = '33000000-0000-0000-0000-000000000003'), 1,
  'the deletion is audited once');

-- ---------------------------------------------------------------- system sets and the log itself
select tests.as_user('33000000-0000-0000-0000-000000000002');
select throws_ok($$delete from public.permission_sets where deal_id is null and name = 'upload_view'$$, '55000', null,
  'a built-in system set cannot be deleted');
select throws_ok($$update public.permission_sets set name = 'viewers' where deal_id is null and name = 'upload_view'$$, '55000', null,
  'nor renamed');
select tests.as_server();
select throws_ok($$delete from public.audit_logs$$, '42501', null, 'not even the table owner deletes audit entries');

select * from finish();
rollback;
