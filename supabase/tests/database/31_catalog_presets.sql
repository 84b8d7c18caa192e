-- Platform catalog and presets: catalog_items, preset_items, checklist_presets (read by signed-in users,
-- inactive rows only by super admins, written only by super admins), the one-default-preset invariant with the
-- admin API's two-statement default switch, and the audit of preset item changes.
-- Actors (prefix 31000000-0000-0000-0000-0000000000NN), as in the other people/checklist files:
--   01 owner of Alpha          02 admin                     03 member, set upload_only
--   04 member, set upload_view 05 member, set approve_only  06 member, set edit
--   07 member, Alpha custom set "everything-but-admin"       08 member in group "all" (same set) without own set
--   09 suspended admin         10 signed-in stranger         11 super admin, member of nothing   12 owner of Beta
-- Catalog (ids ...c001..c003): YA.1 active, YA.2 active, YB.1 inactive.
-- Presets: "Z31-active" ...e001, "Z31-inactive" ...e002 (inactive); items e001/c001, e001/c003, e002/c002.
-- "Z31-next" ...e003 is created by the default-switch tests.
begin;
create extension if not exists pgtap with schema extensions;
select plan(201);

-- ---------------------------------------------------------------- fixture, as the table owner (actors of tests.matrix: tests.cast)
select tests.cast('31', 'catalog31', 'everything-but-admin', '{view,download,comment,approve,upload,edit_files,edit_folders,edit_checklist,manage_users}');
select tests.add_group('31000000-0000-0000-0000-0000000000a1', 'all', '31000000-0000-0000-0000-0000000005a1',
  array['31000000-0000-0000-0000-000000000008']::uuid[], '31000000-0000-0000-0000-00000000c0a1');
insert into public.catalog_items (id, code, title, description, category, active) values
  ('31000000-0000-0000-0000-00000000c001', 'YA.1', 'Articles of association', 'Current version', 'Corporate Documents', true),
  ('31000000-0000-0000-0000-00000000c002', 'YA.2', 'Share register', 'Current register', 'Corporate Documents', true),
  ('31000000-0000-0000-0000-00000000c003', 'YB.1', 'Retired request', 'No longer asked', 'Financial Information', false);
insert into public.checklist_presets (id, name, active) values
  ('31000000-0000-0000-0000-00000000e001', 'Z31-active', true),
  ('31000000-0000-0000-0000-00000000e002', 'Z31-inactive', false);
insert into public.preset_items (preset_id, catalog_item_id, position) values
  ('31000000-0000-0000-0000-00000000e001', '31000000-0000-0000-0000-00000000c001', 1),
  ('31000000-0000-0000-0000-00000000e001', '31000000-0000-0000-0000-00000000c003', 2),
  ('31000000-0000-0000-0000-00000000e002', '31000000-0000-0000-0000-00000000c002', 1);

-- ================================================================ the matrix
-- Columns, in order:
--   anon  stranger  upload_only  upload_view  approve_only  edit  custom  grouped  suspended  admin  owner  super  beta_owner
-- Deal roles and sets grant nothing here: every signed-in user reads, only the super admin writes.

-- ---------------------------------------------------------------- catalog_items
select * from tests.matrix('catalog_items select (inactive only for super admins)',
  $$select code from public.catalog_items where id::text like '31000000-%'$$,
  '42501 YA.1,YA.2 YA.1,YA.2 YA.1,YA.2 YA.1,YA.2 YA.1,YA.2 YA.1,YA.2 YA.1,YA.2 YA.1,YA.2 YA.1,YA.2 YA.1,YA.2 YA.1,YA.2,YB.1 YA.1,YA.2');
select * from tests.matrix('catalog_items insert',
  $$insert into public.catalog_items (code, title, description, category) values ('YC.1', 'New', 'New request', 'Tax Matters')$$,
  '42501 42501 42501 42501 42501 42501 42501 42501 42501 42501 42501 1 42501');
select * from tests.matrix('catalog_items update',
  $$update public.catalog_items set title = 'Changed' where id = '31000000-0000-0000-0000-00000000c001'$$,
  '42501 0 0 0 0 0 0 0 0 0 0 1 0');
select * from tests.matrix('catalog_items re-activate an inactive item',
  $$update public.catalog_items set active = true where id = '31000000-0000-0000-0000-00000000c003'$$,
  '42501 0 0 0 0 0 0 0 0 0 0 1 0');
select * from tests.matrix('catalog_items delete',
  $$delete from public.catalog_items where id = '31000000-0000-0000-0000-00000000c002'$$,
  '42501 0 0 0 0 0 0 0 0 0 0 1 0');

-- ---------------------------------------------------------------- preset_items (preset/item suffixes)
select * from tests.matrix('preset_items select',
  $$select right(preset_id::text, 4) || '/' || right(catalog_item_id::text, 4) from public.preset_items
    where preset_id::text like '31000000-%'$$,
  '42501 e001/c001,e001/c003,e002/c002 e001/c001,e001/c003,e002/c002 e001/c001,e001/c003,e002/c002
   e001/c001,e001/c003,e002/c002 e001/c001,e001/c003,e002/c002 e001/c001,e001/c003,e002/c002
   e001/c001,e001/c003,e002/c002 e001/c001,e001/c003,e002/c002 e001/c001,e001/c003,e002/c002
   e001/c001,e001/c003,e002/c002 e001/c001,e001/c003,e002/c002 e001/c001,e001/c003,e002/c002');
select * from tests.matrix('preset_items insert',
  $$insert into public.preset_items (preset_id, catalog_item_id)
    values ('31000000-0000-0000-0000-00000000e001', '31000000-0000-0000-0000-00000000c002')$$,
  '42501 42501 42501 42501 42501 42501 42501 42501 42501 42501 42501 1 42501');
select * from tests.matrix('preset_items update',
  $$update public.preset_items set position = 9 where preset_id = '31000000-0000-0000-0000-00000000e001'
      and catalog_item_id = '31000000-0000-0000-0000-00000000c001'$$,
  '42501 42501 42501 42501 42501 42501 42501 42501 42501 42501 42501 42501 42501');
select * from tests.matrix('preset_items delete',
  $$delete from public.preset_items where preset_id = '31000000-0000-0000-0000-00000000e001'
      and catalog_item_id = '31000000-0000-0000-0000-00000000c001'$$,
  '42501 0 0 0 0 0 0 0 0 0 0 1 0');

-- ---------------------------------------------------------------- checklist_presets
select * from tests.matrix('checklist_presets select (inactive only for super admins)',
  $$select name from public.checklist_presets where id::text like '31000000-%' or name in ('Default', 'Blank')$$,
  '42501 Blank,Default,Z31-active Blank,Default,Z31-active Blank,Default,Z31-active Blank,Default,Z31-active
   Blank,Default,Z31-active Blank,Default,Z31-active Blank,Default,Z31-active Blank,Default,Z31-active
   Blank,Default,Z31-active Blank,Default,Z31-active Blank,Default,Z31-active,Z31-inactive Blank,Default,Z31-active');
select * from tests.matrix('checklist_presets insert',
  $$insert into public.checklist_presets (name) values ('Z31-new')$$,
  '42501 42501 42501 42501 42501 42501 42501 42501 42501 42501 42501 1 42501');
select * from tests.matrix('checklist_presets update',
  $$update public.checklist_presets set description = 'Changed' where id = '31000000-0000-0000-0000-00000000e001'$$,
  '42501 0 0 0 0 0 0 0 0 0 0 1 0');
select * from tests.matrix('checklist_presets delete',
  $$delete from public.checklist_presets where id = '31000000-0000-0000-0000-00000000e001'$$,
  '42501 0 0 0 0 0 0 0 0 0 0 1 0');

select results_eq($$select (select count(*) from public.catalog_items where id::text like '31000000-%'),
                           (select count(*) from public.preset_items where preset_id::text like '31000000-%'),
                           (select count(*) from public.checklist_presets where id::text like '31000000-%'),
                           (select title from public.catalog_items where id = '31000000-0000-0000-0000-00000000c001')$$,
  $$values (3::bigint, 3::bigint, 2::bigint, 'Articles of association'::text)$$, 'the matrix left the fixture as it was');

-- ---------------------------------------------------------------- catalog rules
select tests.act('super');
select throws_ok($$insert into public.catalog_items (code, title, description, category) values ('ya.3', 'x', 'y', 'Tax Matters')$$,
  '23514', null, 'a catalog code is letters, a dot and digits');
select throws_ok($$insert into public.catalog_items (code, title, description, category) values ('YA.3', 'x', 'y', 'Astrology')$$,
  '23514', null, 'a catalog item belongs to one of the catalog categories');
select throws_ok($$insert into public.catalog_items (code, title, description, category) values ('YA.1', 'x', 'y', 'Tax Matters')$$,
  '23505', null, 'catalog codes are unique');
select lives_ok($$update public.catalog_items set title = 'Articles (restated)' where id = '31000000-0000-0000-0000-00000000c001'$$,
  'a super admin can edit a catalog item');
select tests.as_server();
select is((select count(*) from public.audit_logs where entity_type = 'catalog_item' and entity_id = '31000000-0000-0000-0000-00000000c001'
             and action = 'catalog_item_updated' and performed_by = '31000000-0000-0000-0000-000000000011'),
  1::bigint, 'the super admin''s catalog change is audited with its author');

-- ================================================================ exactly one default preset
-- The constraint trigger is deferred to commit; "set constraints all immediate" runs it now.
select results_eq($$select name from public.checklist_presets where is_default$$, $$values ('Default'::text)$$,
  'the seed makes Default the one default preset');
select tests.act('super');
-- Two defaults never exist, not even for a moment: migration 400's partial unique index refuses the second at once.
select throws_ok($$insert into public.checklist_presets (name, is_default) values ('Z31-second', true)$$,
  '23505', null, 'a second default preset is refused at once (23505, the at-most-one index)');
select throws_ok($$update public.checklist_presets set is_default = true where id = '31000000-0000-0000-0000-00000000e001'$$,
  '23505', null, 'making a second preset default while the first still is, is refused at once');
-- No default: allowed inside the transaction, refused when checked.
update public.checklist_presets set is_default = false where is_default;
select throws_ok($$set constraints all immediate$$, 'P0001', 'Exactly one checklist preset must be the default',
  'no default preset is refused when the constraint is checked');
update public.checklist_presets set is_default = true where name = 'Default';
select lives_ok($$set constraints all immediate$$, 'with the default restored the check passes');
set constraints all deferred;
-- Switching the default: unset the old one, then set the new one.
update public.checklist_presets set is_default = false where is_default;
update public.checklist_presets set is_default = true where id = '31000000-0000-0000-0000-00000000e001';
select lives_ok($$set constraints all immediate$$, 'switching the default in two steps passes the check');
set constraints all deferred;
select results_eq($$select name from public.checklist_presets where is_default$$, $$values ('Z31-active'::text)$$,
  'Z31-active is now the one default');
-- Deleting the default leaves none.
delete from public.checklist_presets where id = '31000000-0000-0000-0000-00000000e001';
select throws_ok($$set constraints all immediate$$, 'P0001', 'Exactly one checklist preset must be the default',
  'deleting the default preset is refused when the constraint is checked');
update public.checklist_presets set is_default = true where name = 'Default';
select lives_ok($$set constraints all immediate$$, 'with Default the default again the check passes');
set constraints all deferred;

-- ================================================================ switching the default as the admin API does
-- admin/catalog.ts makeDefault: two statements, the old default cleared first, then the new one set. Between
-- them there is no default (the deferred check allows it), so the immediate at-most-one index never sees two,
-- in whichever physical order the rows lie. The check then sees exactly one.
insert into public.checklist_presets (id, name) values ('31000000-0000-0000-0000-00000000e003', 'Z31-next');
-- Order 1: the new default's row lies before the old one's (the old one was rewritten after the new one was created).
update public.checklist_presets set description = description || ' (edited)' where name = 'Default';
select ok((select ctid from public.checklist_presets where id = '31000000-0000-0000-0000-00000000e003')
          < (select ctid from public.checklist_presets where name = 'Default'),
  'fixture, order 1: Z31-next''s row lies before Default''s');
select results_eq($$update public.checklist_presets set is_default = false, updated_at = now()
    where is_default and id <> '31000000-0000-0000-0000-00000000e003' returning name$$,
  $$values ('Default'::text)$$, 'order 1: the first statement clears the old default');
select results_eq($$update public.checklist_presets set is_default = true, updated_at = now()
    where id = '31000000-0000-0000-0000-00000000e003' and not is_default returning name$$,
  $$values ('Z31-next'::text)$$, 'order 1: the second sets the new one');
select lives_ok($$set constraints all immediate$$, 'order 1: the switch passes the one-default check');
set constraints all deferred;
select results_eq($$select name from public.checklist_presets where is_default$$, $$values ('Z31-next'::text)$$,
  'order 1: Z31-next is the one default');
-- Order 2: the new default's row lies after the old one's.
update public.checklist_presets set description = description || ' (again)' where name = 'Default';
select ok((select ctid from public.checklist_presets where name = 'Default')
          > (select ctid from public.checklist_presets where id = '31000000-0000-0000-0000-00000000e003'),
  'fixture, order 2: Default''s row lies after Z31-next''s');
select results_eq($$update public.checklist_presets set is_default = false, updated_at = now()
    where is_default and id <> (select id from public.checklist_presets where name = 'Default') returning name$$,
  $$values ('Z31-next'::text)$$, 'order 2: the first statement clears the old default');
select results_eq($$update public.checklist_presets set is_default = true, updated_at = now()
    where name = 'Default' and not is_default returning name$$,
  $$values ('Default'::text)$$, 'order 2: the second sets the new one');
select lives_ok($$set constraints all immediate$$, 'order 2: the switch passes the one-default check');
set constraints all deferred;
select results_eq($$select name from public.checklist_presets where is_default$$, $$values ('Default'::text)$$,
  'order 2: Default is the one default again');
-- Making the current default the default again changes nothing.
select is_empty($$update public.checklist_presets set is_default = false, updated_at = now()
    where is_default and id <> (select id from public.checklist_presets where name = 'Default') returning 1$$,
  'making the default the default again: nothing to clear');
-- One statement that makes two defaults still fails at once.
select throws_ok($$update public.checklist_presets set is_default = true
    where name = 'Default' or id = '31000000-0000-0000-0000-00000000e003'$$,
  '23505', null, 'a single statement making two defaults fails at once (23505, the at-most-one index)');
select lives_ok($$set constraints all immediate$$, 'and leaves exactly one default');
set constraints all deferred;

-- ================================================================ preset item changes are audited
-- Written by the server in the fixture (no author), by the super admin in the matrix (rolled back), when
-- Z31-active was deleted above (its items went with it), and here.
select results_eq($$insert into public.preset_items (preset_id, catalog_item_id, position)
    values ('31000000-0000-0000-0000-00000000e003', '31000000-0000-0000-0000-00000000c002', 1) returning position$$,
  $$values (1)$$, 'the super admin adds YA.2 to Z31-next');
select results_eq($$delete from public.preset_items where preset_id = '31000000-0000-0000-0000-00000000e002'
    and catalog_item_id = '31000000-0000-0000-0000-00000000c002' returning position$$,
  $$values (1)$$, 'the super admin removes YA.2 from Z31-inactive');
select tests.as_server();
select set_eq($$select action, right(entity_id::text, 4) as preset, performed_by, performed_by_email,
                       right(metadata ->> 'catalog_item_id', 4) as item, metadata ->> 'catalog_item_code' as code
                from public.audit_logs where entity_type = 'preset' and action like 'preset_item_%' and entity_id::text like '31000000-%'$$,
  $$values ('preset_item_added'::text, 'e001'::text, null::uuid, null::text, 'c001'::text, 'YA.1'::text),
           ('preset_item_added', 'e001', null, null, 'c003', 'YB.1'),
           ('preset_item_added', 'e002', null, null, 'c002', 'YA.2'),
           ('preset_item_removed', 'e001', '31000000-0000-0000-0000-000000000011', 'u11@catalog31.test', 'c001', 'YA.1'),
           ('preset_item_removed', 'e001', '31000000-0000-0000-0000-000000000011', 'u11@catalog31.test', 'c003', 'YB.1'),
           ('preset_item_added', 'e003', '31000000-0000-0000-0000-000000000011', 'u11@catalog31.test', 'c002', 'YA.2'),
           ('preset_item_removed', 'e002', '31000000-0000-0000-0000-000000000011', 'u11@catalog31.test', 'c002', 'YA.2')$$,
  'each item added to or removed from a preset is one audit row (entity preset) with its author and the catalog item');

-- A preset's rows are added and removed, each audited, never rewritten in place: not even a super admin
-- swaps a row's catalog item (decision 40).
select tests.act('super');
select throws_ok($$update public.preset_items set catalog_item_id = '31000000-0000-0000-0000-00000000c001'
 where preset_id = '31000000-0000-0000-0000-00000000e003' and catalog_item_id = '31000000-0000-0000-0000-00000000c002'$$,
  '42501', null, 'a super admin cannot swap a preset row''s catalog item in place');

select * from finish();
rollback;
