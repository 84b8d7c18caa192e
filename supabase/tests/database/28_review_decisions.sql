-- Who can decide through the review queue, decided in the database: approving or sending back a file
-- needs 'approve' (a viewer's attempts change nothing), checklist decisions need 'approve' and a
-- pending item; file decisions are kept in file_approvals, which no person writes directly and which
-- follows the file's visibility; every decision reaches the feed and the audit log.
begin;
create extension if not exists pgtap with schema extensions;
select plan(12);

select tests.create_actors('28', 'review28', array['owner', 'viewer', 'approver']);
select tests.create_deal('Review28', '28000000-0000-0000-0000-000000000001', '28000000-0000-0000-0000-0000000000a1');
select tests.add_member('28000000-0000-0000-0000-0000000000a1', '28000000-0000-0000-0000-000000000002', 'viewer');
select tests.add_member('28000000-0000-0000-0000-0000000000a1', '28000000-0000-0000-0000-000000000003', 'member', 'active',
  (select id from public.permission_sets where deal_id is null and name = 'approve_only'));
insert into public.files (id, deal_id, name, upload_state, current_version, size_bytes, uploaded_by) values
  ('28000000-0000-0000-0000-0000000000f1', '28000000-0000-0000-0000-0000000000a1', 'SPA.pdf', 'ready', 1, 10, '28000000-0000-0000-0000-000000000001');
insert into public.checklist_categories (id, deal_id, name) values ('28000000-0000-0000-0000-0000000008a1', '28000000-0000-0000-0000-0000000000a1', 'Corporate');
insert into public.checklist_items (id, deal_id, category_id, name) values
  ('28000000-0000-0000-0000-0000000009a1', '28000000-0000-0000-0000-0000000000a1', '28000000-0000-0000-0000-0000000008a1', 'Articles');


-- ---------------------------------------------------------------- a viewer (no approve)
select tests.as_user('28000000-0000-0000-0000-000000000002');
select is_empty($$update public.files set approval_status = 'approved' where id = '28000000-0000-0000-0000-0000000000f1' returning id$$,
  'a viewer cannot approve a file (no row changes)');
select throws_ok($$insert into public.checklist_approvals (item_id, deal_id, decision, decided_by) values
  ('28000000-0000-0000-0000-0000000009a1', '28000000-0000-0000-0000-0000000000a1', 'approved', '28000000-0000-0000-0000-000000000002')$$,
  '42501', null, 'nor a checklist item');
select throws_ok($$insert into public.file_approvals (file_id, deal_id, decision) values
  ('28000000-0000-0000-0000-0000000000f1', '28000000-0000-0000-0000-0000000000a1', 'approved')$$,
  '42501', null, 'and no one writes the file decision history directly');

-- ---------------------------------------------------------------- approve_only
select tests.as_user('28000000-0000-0000-0000-000000000003');
select lives_ok($$update public.files set approval_status = 'changes_requested', approval_note = 'Sign it'
  where id = '28000000-0000-0000-0000-0000000000f1'$$, 'approve_only sends a file back');
select lives_ok($$insert into public.checklist_approvals (item_id, deal_id, decision, decided_by) values
  ('28000000-0000-0000-0000-0000000009a1', '28000000-0000-0000-0000-0000000000a1', 'changes_requested', '28000000-0000-0000-0000-000000000003')$$,
  'and a checklist item');
select throws_ok($$insert into public.checklist_approvals (item_id, deal_id, decision, decided_by) values
  ('28000000-0000-0000-0000-0000000009a1', '28000000-0000-0000-0000-0000000000a1', 'approved', '28000000-0000-0000-0000-000000000003')$$,
  'P0001', null, 'an item no longer pending takes no second decision');
select results_eq($$select decision, note, decided_by from public.file_approvals where file_id = '28000000-0000-0000-0000-0000000000f1'$$,
  $$values ('changes_requested'::text, 'Sign it'::text, '28000000-0000-0000-0000-000000000003'::uuid)$$,
  'the file decision is kept with its note and who decided');

-- ---------------------------------------------------------------- history, feed and audit
select tests.as_user('28000000-0000-0000-0000-000000000002');
select is((select count(*)::int from public.file_approvals where file_id = '28000000-0000-0000-0000-0000000000f1'), 1,
  'a member who sees the file reads its history');
select is((select description from public.activities where deal_id = '28000000-0000-0000-0000-0000000000a1' and activity_type = 'approval'),
  'Requested changes on "SPA.pdf"', 'the decision is in the deal''s feed');
select tests.as_server();
update public.files set permission_type = 'custom' where id = '28000000-0000-0000-0000-0000000000f1';
insert into public.file_permissions (file_id, deal_id, denied_users)
values ('28000000-0000-0000-0000-0000000000f1', '28000000-0000-0000-0000-0000000000a1', array['28000000-0000-0000-0000-000000000002'::uuid]);
select tests.as_user('28000000-0000-0000-0000-000000000002');
select is_empty($$select 1 from public.file_approvals where file_id = '28000000-0000-0000-0000-0000000000f1'$$,
  'once the file is hidden from the viewer, so is its history');
select tests.as_server();
select is((select count(*)::int from public.audit_logs where entity_type = 'file_approval' and new_values ->> 'file_id' = '28000000-0000-0000-0000-0000000000f1'), 1,
  'the file decision is audited');
select is((select count(*)::int from public.audit_logs where entity_type = 'checklist_approval' and new_values ->> 'item_id' = '28000000-0000-0000-0000-0000000009a1'), 1,
  'and the checklist decision');
select * from finish();
rollback;
