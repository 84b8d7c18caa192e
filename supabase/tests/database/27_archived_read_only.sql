-- An archived deal is read-only for every person, its admins and owner included: each kind of write is
-- refused with SQLSTATE 55000 'This deal is archived'; reads and recorded downloads stay; the server's
-- housekeeping (no JWT) still passes.
begin;
create extension if not exists pgtap with schema extensions;
select plan(20);

select tests.create_actors('27', 'arch27', array['owner', 'member', 'invitee']);
select tests.create_deal('Arch27', '27000000-0000-0000-0000-000000000001', '27000000-0000-0000-0000-0000000000a1');
select tests.add_member('27000000-0000-0000-0000-0000000000a1', '27000000-0000-0000-0000-000000000002', 'contributor');
insert into public.folders (id, deal_id, name, full_path) values ('27000000-0000-0000-0000-0000000000f1', '27000000-0000-0000-0000-0000000000a1', 'Legal', '/Legal');
insert into public.deal_groups (id, deal_id, name) values ('27000000-0000-0000-0000-0000000006a1', '27000000-0000-0000-0000-0000000000a1', 'Team');
insert into public.deal_tags (id, deal_id, name) values ('27000000-0000-0000-0000-0000000007a1', '27000000-0000-0000-0000-0000000000a1', 'Buyer');
insert into public.checklist_categories (id, deal_id, name) values ('27000000-0000-0000-0000-0000000008a1', '27000000-0000-0000-0000-0000000000a1', 'Corporate');
insert into public.checklist_items (id, deal_id, category_id, name) values
  ('27000000-0000-0000-0000-0000000009a1', '27000000-0000-0000-0000-0000000000a1', '27000000-0000-0000-0000-0000000008a1', 'Articles');
update public.deals set archived_at = now() where id = '27000000-0000-0000-0000-0000000000a1';


select tests.as_user('27000000-0000-0000-0000-000000000001');
select is_empty($$update public.deals set name = 'Renamed' where id = '27000000-0000-0000-0000-0000000000a1' returning id$$,
  'the owner cannot rename an archived deal');
select throws_ok($$insert into public.invitations (deal_id, email, permission_set_id, invited_by)
  select '27000000-0000-0000-0000-0000000000a1', 'invitee@arch27.test', id, '27000000-0000-0000-0000-000000000001'
  from public.permission_sets where deal_id is null and name = 'upload_view'$$, '55000', 'This deal is archived', 'nor invite');
select throws_ok($$update public.deal_members set company = 'Acme' where user_id = '27000000-0000-0000-0000-000000000002'$$,
  '55000', 'This deal is archived', 'nor edit a member');
select throws_ok($$delete from public.deal_members where user_id = '27000000-0000-0000-0000-000000000002'$$,
  '55000', 'This deal is archived', 'nor remove one');
select throws_ok($$insert into public.permission_sets (deal_id, name, capabilities) values ('27000000-0000-0000-0000-0000000000a1', 'Readers', '{view}')$$,
  '55000', 'This deal is archived', 'nor create a permission set');
select throws_ok($$insert into public.deal_groups (deal_id, name) values ('27000000-0000-0000-0000-0000000000a1', 'More')$$,
  '55000', 'This deal is archived', 'nor a group');
select throws_ok($$insert into public.deal_group_members (group_id, deal_id, user_id) values
  ('27000000-0000-0000-0000-0000000006a1', '27000000-0000-0000-0000-0000000000a1', '27000000-0000-0000-0000-000000000002')$$,
  '55000', 'This deal is archived', 'nor put someone in a group');
select throws_ok($$update public.deal_tags set name = 'Seller' where id = '27000000-0000-0000-0000-0000000007a1'$$,
  '55000', 'This deal is archived', 'nor rename a tag');
select throws_ok($$insert into public.deal_member_tags (tag_id, deal_id, user_id) values
  ('27000000-0000-0000-0000-0000000007a1', '27000000-0000-0000-0000-0000000000a1', '27000000-0000-0000-0000-000000000002')$$,
  '55000', 'This deal is archived', 'nor tag someone');
select throws_ok($$insert into public.folders (deal_id, name, full_path) values ('27000000-0000-0000-0000-0000000000a1', 'Tax', '/Tax')$$,
  '55000', 'This deal is archived', 'nor create a folder');
select throws_ok($$update public.folders set archived_at = now() where id = '27000000-0000-0000-0000-0000000000f1'$$,
  '55000', 'This deal is archived', 'nor archive one');
select throws_ok($$insert into public.files (deal_id, folder_id, name, uploaded_by) values
  ('27000000-0000-0000-0000-0000000000a1', null, 'late.pdf', '27000000-0000-0000-0000-000000000001')$$,
  '55000', 'This deal is archived', 'nor start an upload');
select throws_ok($$insert into public.checklist_categories (deal_id, name) values ('27000000-0000-0000-0000-0000000000a1', 'Tax')$$,
  '55000', 'This deal is archived', 'nor add a checklist category');
select throws_ok($$update public.checklist_items set status = 'provided' where id = '27000000-0000-0000-0000-0000000009a1'$$,
  '55000', 'This deal is archived', 'nor change a checklist item');
select throws_ok($$insert into public.checklist_approvals (item_id, deal_id, decision, decided_by) values
  ('27000000-0000-0000-0000-0000000009a1', '27000000-0000-0000-0000-0000000000a1', 'approved', '27000000-0000-0000-0000-000000000001')$$,
  '55000', 'This deal is archived', 'nor approve an item');

-- Reads stay.
select is((select count(*)::int from public.folders where deal_id = '27000000-0000-0000-0000-0000000000a1'), 1, 'the owner still reads the folders');
select is((select count(*)::int from public.checklist_items where deal_id = '27000000-0000-0000-0000-0000000000a1'), 1, 'and the checklist');
select is((select count(*)::int from public.deal_members where deal_id = '27000000-0000-0000-0000-0000000000a1'), 2, 'and the members');

-- The server's housekeeping is not a person's write.
select tests.as_server();
select lives_ok($$delete from public.deal_tags where id = '27000000-0000-0000-0000-0000000007a1'$$, 'the server may still clean up');

-- Archiving itself is allowed while the deal is open.
select tests.create_deal('Arch27 open', '27000000-0000-0000-0000-000000000001', '27000000-0000-0000-0000-0000000000b2');
select tests.as_user('27000000-0000-0000-0000-000000000001');
select lives_ok($$update public.deals set archived_at = now() where id = '27000000-0000-0000-0000-0000000000b2'$$, 'an open deal can be archived');

select * from finish();
rollback;
