-- Checklist: checklist_categories, checklist_items (approval_status neither insertable nor updatable by users),
-- checklist_approvals (decisions only on pending items, each in the activity feed), the checklist activity
-- trigger, the copy of a preset into a new deal (private.copy_preset_to_deal), and removed items unlinked from
-- every file of the deal (private.unlink_removed_item).
-- Actors (prefix 30000000-0000-0000-0000-0000000000NN):
--   01 owner of Alpha          02 admin                     03 member, set upload_only
--   04 member, set upload_view 05 member, set approve_only  06 member, set edit
--   07 member, Alpha custom set "checklisters" {view, edit_checklist} (no approve)
--   08 member without a set, in group "reviewers" (set "group-set" {view, approve, edit_checklist})
--   09 suspended admin         10 signed-in stranger (creates the preset-copy deals)
--   11 super admin, member of nothing                        12 owner of Beta
-- Deals: Alpha ...a1, Beta ...b2 (no preset). Categories: Alpha "corporate" ...ca01 (code A), "finance" ...ca02 (B),
-- Beta "beta-cat" ...cb01. Items: Alpha "Articles" ...1a01 (pending), "Minutes" ...1a02 (approved by the owner),
-- Beta "Beta-item" ...1b01 (approved by the Beta owner).
begin;
create extension if not exists pgtap with schema extensions;
select plan(232);

-- ---------------------------------------------------------------- fixture, as the table owner (actors of tests.matrix: tests.cast)
select tests.cast('30', 'checklist30', 'checklisters', '{view,edit_checklist}');
insert into public.permission_sets (id, deal_id, name, capabilities) values
  ('30000000-0000-0000-0000-0000000005a2', '30000000-0000-0000-0000-0000000000a1', 'group-set', '{view,approve,edit_checklist}');
select tests.add_group('30000000-0000-0000-0000-0000000000a1', 'reviewers', '30000000-0000-0000-0000-0000000005a2',
  array['30000000-0000-0000-0000-000000000008']::uuid[], '30000000-0000-0000-0000-00000000c0a1');
insert into public.checklist_categories (id, deal_id, name, code, position) values
  ('30000000-0000-0000-0000-00000000ca01', '30000000-0000-0000-0000-0000000000a1', 'corporate', 'A', 1),
  ('30000000-0000-0000-0000-00000000ca02', '30000000-0000-0000-0000-0000000000a1', 'finance', 'B', 2),
  ('30000000-0000-0000-0000-00000000cb01', '30000000-0000-0000-0000-0000000000b2', 'beta-cat', 'A', 1);
insert into public.checklist_items (id, deal_id, category_id, item_code, name) values
  ('30000000-0000-0000-0000-000000001a01', '30000000-0000-0000-0000-0000000000a1', '30000000-0000-0000-0000-00000000ca01', 'A.1', 'Articles'),
  ('30000000-0000-0000-0000-000000001a02', '30000000-0000-0000-0000-0000000000a1', '30000000-0000-0000-0000-00000000ca01', 'A.2', 'Minutes'),
  ('30000000-0000-0000-0000-000000001b01', '30000000-0000-0000-0000-0000000000b2', '30000000-0000-0000-0000-00000000cb01', 'A.1', 'Beta-item');
insert into public.checklist_approvals (item_id, deal_id, decision, decided_by) values
  ('30000000-0000-0000-0000-000000001a02', '30000000-0000-0000-0000-0000000000a1', 'approved', '30000000-0000-0000-0000-000000000001'),
  ('30000000-0000-0000-0000-000000001b01', '30000000-0000-0000-0000-0000000000b2', 'approved', '30000000-0000-0000-0000-000000000012');

select results_eq($$select approval_status from public.checklist_items where id::text like '30000000-%' order by id$$,
  $$values ('pending'::text), ('approved'), ('approved')$$, 'fixture: the approvals moved Minutes and Beta item to approved');
select set_eq($$select deal_id, user_id, description, metadata ->> 'item_id' as item_id, metadata ->> 'decision' as decision
    from public.activities
    where deal_id::text like '30000000-%' and activity_type = 'checklist_update' and metadata ? 'decision'$$,
  $$values ('30000000-0000-0000-0000-0000000000a1'::uuid, '30000000-0000-0000-0000-000000000001'::uuid, 'Approved "Minutes"'::text,
            '30000000-0000-0000-0000-000000001a02'::text, 'approved'::text),
           ('30000000-0000-0000-0000-0000000000b2', '30000000-0000-0000-0000-000000000012', 'Approved "Beta-item"',
            '30000000-0000-0000-0000-000000001b01', 'approved')$$,
  'a decision written by the server (no caller) is in the feed under decided_by: the fixture''s two approvals');

-- ================================================================ the matrix
-- Columns, in order:
--   anon  stranger  upload_only  upload_view  approve_only  edit  custom  grouped  suspended  admin  owner  super  beta_owner
-- Outcomes: a select's visible rows ('-' none); a write's row count; an error's SQLSTATE.

-- ---------------------------------------------------------------- checklist_categories: members read, edit_checklist writes
select * from tests.matrix('checklist_categories select',
  $$select name from public.checklist_categories where deal_id::text like '30000000-%'$$,
  '42501 - corporate,finance corporate,finance corporate,finance corporate,finance corporate,finance corporate,finance
   - corporate,finance corporate,finance - beta-cat');
select * from tests.matrix('checklist_categories insert into Alpha',
  $$insert into public.checklist_categories (deal_id, name, code) values ('30000000-0000-0000-0000-0000000000a1', 'tax', 'C')$$,
  '42501 42501 42501 42501 42501 1 1 1 42501 1 1 42501 42501');
select * from tests.matrix('checklist_categories update an Alpha category',
  $$update public.checklist_categories set position = 9 where id = '30000000-0000-0000-0000-00000000ca02'$$,
  '42501 0 0 0 0 1 1 1 0 1 1 0 0');
select * from tests.matrix('checklist_categories delete an Alpha category',
  $$delete from public.checklist_categories where id = '30000000-0000-0000-0000-00000000ca02'$$,
  '42501 0 0 0 0 1 1 1 0 1 1 0 0');

-- ---------------------------------------------------------------- checklist_items
select * from tests.matrix('checklist_items select',
  $$select name from public.checklist_items where deal_id::text like '30000000-%'$$,
  '42501 - Articles,Minutes Articles,Minutes Articles,Minutes Articles,Minutes Articles,Minutes Articles,Minutes
   - Articles,Minutes Articles,Minutes - Beta-item');
select * from tests.matrix('checklist_items insert into Alpha',
  $$insert into public.checklist_items (deal_id, category_id, name)
    values ('30000000-0000-0000-0000-0000000000a1', '30000000-0000-0000-0000-00000000ca01', 'Bylaws')$$,
  '42501 42501 42501 42501 42501 1 1 1 42501 1 1 42501 42501');
select * from tests.matrix('checklist_items update status',
  $$update public.checklist_items set status = 'provided' where id = '30000000-0000-0000-0000-000000001a01'$$,
  '42501 0 0 0 0 1 1 1 0 1 1 0 0');
select * from tests.matrix('checklist_items delete',
  $$delete from public.checklist_items where id = '30000000-0000-0000-0000-000000001a01'$$,
  '42501 0 0 0 0 1 1 1 0 1 1 0 0');
select * from tests.matrix('checklist_items insert with approval_status (column not granted)',
  $$insert into public.checklist_items (deal_id, category_id, name, approval_status)
    values ('30000000-0000-0000-0000-0000000000a1', '30000000-0000-0000-0000-00000000ca01', 'Bylaws', 'pending')$$,
  '42501 42501 42501 42501 42501 42501 42501 42501 42501 42501 42501 42501 42501');
select * from tests.matrix('checklist_items update approval_status directly (column not granted)',
  $$update public.checklist_items set approval_status = 'approved' where id = '30000000-0000-0000-0000-000000001a01'$$,
  '42501 42501 42501 42501 42501 42501 42501 42501 42501 42501 42501 42501 42501');

-- ---------------------------------------------------------------- checklist_approvals: members read, approve decides
select * from tests.matrix('checklist_approvals select (item suffixes)',
  $$select right(item_id::text, 4) from public.checklist_approvals where deal_id::text like '30000000-%'$$,
  '42501 - 1a02 1a02 1a02 1a02 1a02 1a02 - 1a02 1a02 - 1b01');
select * from tests.matrix('checklist_approvals insert a decision on a pending Alpha item',
  $$insert into public.checklist_approvals (item_id, deal_id, decision, decided_by)
    values ('30000000-0000-0000-0000-000000001a01', '30000000-0000-0000-0000-0000000000a1', 'approved', (select auth.uid()))$$,
  '42501 42501 42501 42501 1 1 42501 1 42501 1 1 42501 42501');
select * from tests.matrix('checklist_approvals update (decisions are final)',
  $$update public.checklist_approvals set note = 'changed' where item_id = '30000000-0000-0000-0000-000000001a02'$$,
  '42501 42501 42501 42501 42501 42501 42501 42501 42501 42501 42501 42501 42501');
select * from tests.matrix('checklist_approvals delete (decisions are final)',
  $$delete from public.checklist_approvals where item_id = '30000000-0000-0000-0000-000000001a02'$$,
  '42501 42501 42501 42501 42501 42501 42501 42501 42501 42501 42501 42501 42501');

select results_eq($$select (select count(*) from public.checklist_categories where deal_id::text like '30000000-%'),
                           (select count(*) from public.checklist_items where deal_id::text like '30000000-%'),
                           (select count(*) from public.checklist_approvals where deal_id::text like '30000000-%'),
                           (select approval_status from public.checklist_items where id = '30000000-0000-0000-0000-000000001a01')$$,
  $$values (3::bigint, 3::bigint, 2::bigint, 'pending'::text)$$, 'the matrix left the fixture as it was');

-- ================================================================ categories and items: shape and deal
select tests.act('admin');
select throws_ok($$insert into public.checklist_categories (deal_id, name, code) values ('30000000-0000-0000-0000-0000000000a1', 'long', 'ABCD')$$,
  '23514', null, 'a category code has at most 3 characters');
select throws_ok($$insert into public.checklist_categories (deal_id, name, code) values ('30000000-0000-0000-0000-0000000000a1', 'empty', '')$$,
  '23514', null, 'a category code is not empty');
select lives_ok($$insert into public.checklist_categories (deal_id, name, code) values ('30000000-0000-0000-0000-0000000000a1', 'three', 'ABC')$$,
  'a 3-character category code is fine');
select throws_ok($$insert into public.checklist_categories (deal_id, name) values ('30000000-0000-0000-0000-0000000000a1', 'CORPORATE')$$,
  '23505', null, 'category names are unique within a deal regardless of case');
select throws_ok($$insert into public.checklist_items (deal_id, category_id, name)
    values ('30000000-0000-0000-0000-0000000000a1', '30000000-0000-0000-0000-00000000cb01', 'Smuggled')$$,
  'P0001', 'The category belongs to another deal', 'an item cannot be put in another deal''s category');
select throws_ok($$update public.checklist_items set category_id = '30000000-0000-0000-0000-00000000cb01'
    where id = '30000000-0000-0000-0000-000000001a01'$$,
  'P0001', 'The category belongs to another deal', 'an item cannot be moved into another deal''s category');
select throws_ok($$update public.checklist_items set deal_id = '30000000-0000-0000-0000-0000000000b2'
    where id = '30000000-0000-0000-0000-000000001a01'$$,
  '42501', null, 'an item''s deal cannot be changed (column not granted)');
select throws_ok($$update public.checklist_items set catalog_item_id = null where id = '30000000-0000-0000-0000-000000001a01'$$,
  '42501', null, 'an item''s catalog link cannot be changed (column not granted)');
select tests.act('beta_owner');
select throws_ok($$insert into public.checklist_items (deal_id, category_id, name)
    values ('30000000-0000-0000-0000-0000000000b2', '30000000-0000-0000-0000-00000000ca01', 'Smuggled')$$,
  'P0001', 'The category belongs to another deal', 'the Beta owner cannot put a Beta item into an Alpha category');
select tests.as_server();

-- ================================================================ approvals
select tests.act('admin');
select throws_ok($$insert into public.checklist_approvals (item_id, deal_id, decision, decided_by)
    values ('30000000-0000-0000-0000-000000001a02', '30000000-0000-0000-0000-0000000000a1', 'changes_requested', (select auth.uid()))$$,
  'P0001', 'Only items pending review can be approved or sent back', 'no decision on an item that is not pending');
select throws_ok($$insert into public.checklist_approvals (item_id, deal_id, decision, decided_by)
    values ('30000000-0000-0000-0000-000000001a01', '30000000-0000-0000-0000-0000000000a1', 'approved', '30000000-0000-0000-0000-000000000001')$$,
  '42501', null, 'a decision is recorded in the decider''s own name');
select throws_ok($$insert into public.checklist_approvals (item_id, deal_id, decision, decided_by)
    values ('30000000-0000-0000-0000-000000001b01', '30000000-0000-0000-0000-0000000000a1', 'approved', (select auth.uid()))$$,
  'P0002', 'Item not found', 'a decision names its item''s own deal');
select throws_ok($$insert into public.checklist_approvals (item_id, deal_id, decision, decided_by)
    values ('30000000-0000-0000-0000-000000001a01', '30000000-0000-0000-0000-0000000000a1', 'maybe', (select auth.uid()))$$,
  '23514', null, 'a decision is approved or changes_requested');
select tests.act('approve_only');
select lives_ok($$insert into public.checklist_approvals (item_id, deal_id, decision, note, decided_by)
    values ('30000000-0000-0000-0000-000000001a01', '30000000-0000-0000-0000-0000000000a1', 'changes_requested', 'Unsigned copy', (select auth.uid()))$$,
  'an approve_only member sends a pending item back');
select results_eq($$select approval_status from public.checklist_items where id = '30000000-0000-0000-0000-000000001a01'$$,
  $$values ('changes_requested'::text)$$, 'the decision moved the item''s approval status');
select throws_ok($$insert into public.checklist_approvals (item_id, deal_id, decision, decided_by)
    values ('30000000-0000-0000-0000-000000001a01', '30000000-0000-0000-0000-0000000000a1', 'approved', (select auth.uid()))$$,
  'P0001', 'Only items pending review can be approved or sent back', 'a second decision on the same item is refused');
select tests.as_server();
select results_eq($$select decision, note, decided_by from public.checklist_approvals where item_id = '30000000-0000-0000-0000-000000001a01'$$,
  $$values ('changes_requested'::text, 'Unsigned copy'::text, '30000000-0000-0000-0000-000000000005'::uuid)$$,
  'exactly one decision is recorded, with its note and decider');
select results_eq($$select user_id, metadata ->> 'item_id', metadata ->> 'decision' from public.activities
    where deal_id = '30000000-0000-0000-0000-0000000000a1' and activity_type = 'checklist_update'
      and description = 'Requested changes on "Articles"'$$,
  $$values ('30000000-0000-0000-0000-000000000005'::uuid, '30000000-0000-0000-0000-000000001a01'::text, 'changes_requested'::text)$$,
  'a decision shows in the deal''s activity feed once, under the decider, with the item and the decision');
select results_eq($$select description from public.activities where deal_id = '30000000-0000-0000-0000-0000000000a1'
    and metadata ->> 'item_id' = '30000000-0000-0000-0000-000000001a01' order by created_at, description$$,
  $$values ('Added checklist item "Articles"'::text), ('Requested changes on "Articles"')$$,
  'the decision''s change of approval status writes no second activity (the other row is the fixture''s insert)');
select tests.act('upload_view');
select results_eq($$select description from public.activities where deal_id = '30000000-0000-0000-0000-0000000000a1'
    and activity_type = 'checklist_update' and metadata ? 'decision' order by description$$,
  $$values ('Approved "Minutes"'::text), ('Requested changes on "Articles"')$$, 'members read the decisions in the feed');
select tests.as_server();

-- Items cannot be created approved: approval_status is not among the INSERT columns granted to users.
select tests.act('custom');
select throws_ok($$insert into public.checklist_items (deal_id, category_id, name, approval_status) values
    ('30000000-0000-0000-0000-0000000000a1', '30000000-0000-0000-0000-00000000ca01', 'Pre-approved', 'approved')$$,
  '42501', null, 'an edit_checklist holder without approve cannot create an item that is already approved');
select tests.act('owner');
select throws_ok($$insert into public.checklist_items (deal_id, category_id, name, approval_status) values
    ('30000000-0000-0000-0000-0000000000a1', '30000000-0000-0000-0000-00000000ca01', 'Pre-approved', 'approved')$$,
  '42501', null, 'nor can the owner');
select results_eq($$insert into public.checklist_items (deal_id, category_id, name) values
    ('30000000-0000-0000-0000-0000000000a1', '30000000-0000-0000-0000-00000000ca01', 'Fresh') returning approval_status$$,
  $$values ('pending'::text)$$, 'a new item starts pending');
select tests.as_server();

-- ================================================================ checklist activity
select tests.act('edit');
update public.checklist_items set status = 'provided' where id = '30000000-0000-0000-0000-000000001a01';
update public.checklist_items set position = 5 where id = '30000000-0000-0000-0000-000000001a01';
update public.checklist_items set description = 'Certified copy' where id = '30000000-0000-0000-0000-000000001a02';
insert into public.checklist_items (id, deal_id, category_id, name) values
  ('30000000-0000-0000-0000-000000001a03', '30000000-0000-0000-0000-0000000000a1', '30000000-0000-0000-0000-00000000ca02', 'Ledger');
delete from public.checklist_items where id = '30000000-0000-0000-0000-000000001a03';
select tests.as_server();
select results_eq($$select description, user_id, metadata ->> 'item_id' from public.activities
    where deal_id = '30000000-0000-0000-0000-0000000000a1' and activity_type = 'checklist_update'
      and user_id = '30000000-0000-0000-0000-000000000006' order by description$$,
  $$values ('Added checklist item "Ledger"'::text, '30000000-0000-0000-0000-000000000006'::uuid, '30000000-0000-0000-0000-000000001a03'::text),
           ('Marked "Articles" as provided', '30000000-0000-0000-0000-000000000006', '30000000-0000-0000-0000-000000001a01'),
           ('Removed checklist item "Ledger"', '30000000-0000-0000-0000-000000000006', '30000000-0000-0000-0000-000000001a03'),
           ('Updated checklist item "Minutes"', '30000000-0000-0000-0000-000000000006', '30000000-0000-0000-0000-000000001a02')$$,
  'a status change, an edit, an insert and a delete each write one checklist_update activity (a reorder writes none)');
select tests.act('upload_view');
select results_eq($$select description from public.activities
    where deal_id = '30000000-0000-0000-0000-0000000000a1' and description = 'Marked "Articles" as provided'$$,
  $$values ('Marked "Articles" as provided'::text)$$, 'members read the checklist activity');
select tests.as_server();

-- ================================================================ copy_preset_to_deal
-- Catalog (codes unique to this file): ZA.1 and ZA.2 Corporate Documents, ZB.3 Financial Information,
-- ZC.1 Tax Matters but inactive, ZD.1 HR/Employment not in any preset. The Default preset and a preset
-- "Checklist30 preset" both hold ZA.1, ZA.2, ZB.3 and ZC.1.
insert into public.catalog_items (id, code, title, description, category, requirements) values
  ('30000000-0000-0000-0000-00000000c001', 'ZA.1', 'Certificate of incorporation', 'Certified copy', 'Corporate Documents', '{"multiple_files_expected": true}'),
  ('30000000-0000-0000-0000-00000000c002', 'ZA.2', 'Shareholder register', 'Current register', 'Corporate Documents', '{}'),
  ('30000000-0000-0000-0000-00000000c003', 'ZB.3', 'Audited accounts', 'Last three years', 'Financial Information', '{"multiple_files_expected": false}'),
  ('30000000-0000-0000-0000-00000000c004', 'ZC.1', 'Retired tax item', 'No longer requested', 'Tax Matters', '{}'),
  ('30000000-0000-0000-0000-00000000c005', 'ZD.1', 'Employment contracts', 'Key staff', 'HR/Employment', '{}');
update public.catalog_items set active = false where id = '30000000-0000-0000-0000-00000000c004';
insert into public.checklist_presets (id, name) values ('30000000-0000-0000-0000-00000000e001', 'Checklist30 preset');
insert into public.preset_items (preset_id, catalog_item_id, position)
select p.id, c.id, c.n
from (select id from public.checklist_presets where is_default
      union all select '30000000-0000-0000-0000-00000000e001') p,
     (values ('30000000-0000-0000-0000-00000000c001'::uuid, 1), ('30000000-0000-0000-0000-00000000c002', 2),
             ('30000000-0000-0000-0000-00000000c003', 3), ('30000000-0000-0000-0000-00000000c004', 4)) c(id, n);
select results_eq($$select name from public.checklist_presets where is_default$$, $$values ('Default'::text)$$,
  'fixture: Default is the default preset');

-- Deals created by a signed-in user through the API's path. By hand, not tests.create_deal: the insert is
-- the person's own (through RLS), and the preset is copied only on insert (checklist_preset).
select tests.act('stranger');
insert into public.deals (id, name, owner_id, checklist_preset) values
  ('30000000-0000-0000-0000-00000000d0c1', 'Copy default', '30000000-0000-0000-0000-000000000010', 'default'),
  ('30000000-0000-0000-0000-00000000d0c2', 'Copy blank', '30000000-0000-0000-0000-000000000010', 'blank'),
  ('30000000-0000-0000-0000-00000000d0c3', 'Copy named', '30000000-0000-0000-0000-000000000010', 'Checklist30 Preset'),
  ('30000000-0000-0000-0000-00000000d0c4', 'Copy none', '30000000-0000-0000-0000-000000000010', null);
select is((select count(*) from public.checklist_items where deal_id = '30000000-0000-0000-0000-00000000d0c1'),
  (select count(*) from public.preset_items pi join public.catalog_items ci on ci.id = pi.catalog_item_id and ci.active
   join public.checklist_presets p on p.id = pi.preset_id and p.is_default),
  'the creator reads as many items in the "default" deal as the Default preset has active catalog items');
select set_eq($$select item_code from public.checklist_items where deal_id = '30000000-0000-0000-0000-00000000d0c1'
    and item_code like 'Z%'$$, $$values ('ZA.1'), ('ZA.2'), ('ZB.3')$$,
  'the Default preset''s active items were copied; the inactive one and the one outside the preset were not');
select is((select count(*) from public.checklist_categories where deal_id = '30000000-0000-0000-0000-00000000d0c1'),
  (select count(distinct ci.category) from public.preset_items pi join public.catalog_items ci on ci.id = pi.catalog_item_id and ci.active
   join public.checklist_presets p on p.id = pi.preset_id and p.is_default),
  'one category per catalog category of the Default preset''s active items');
select is_empty($$select 1 from public.checklist_categories where deal_id = '30000000-0000-0000-0000-00000000d0c2'
    union all select 1 from public.checklist_items where deal_id = '30000000-0000-0000-0000-00000000d0c2'$$,
  'a "blank" deal gets no categories and no items');
select is_empty($$select 1 from public.checklist_categories where deal_id = '30000000-0000-0000-0000-00000000d0c4'
    union all select 1 from public.checklist_items where deal_id = '30000000-0000-0000-0000-00000000d0c4'$$,
  'a deal without a preset gets no checklist');
select tests.as_server();
select set_eq($$select name, code, position from public.checklist_categories where deal_id = '30000000-0000-0000-0000-00000000d0c3'$$,
  $$values ('Corporate Documents'::text, 'ZA'::text, 1), ('Financial Information', 'ZB', 2)$$,
  'a named preset (any case) gives categories named, coded and ordered after the catalog categories');
select set_eq($$select c.name as category, i.item_code, i.name, i.description, i.required, i.anticipated_file_count, i.position,
                       i.catalog_item_id, i.requirements, i.status, i.approval_status
                from public.checklist_items i join public.checklist_categories c on c.id = i.category_id
                where i.deal_id = '30000000-0000-0000-0000-00000000d0c3'$$,
  $$values ('Corporate Documents'::text, 'ZA.1'::text, 'Certificate of incorporation'::text, 'Certified copy'::text, true, 2, 1,
            '30000000-0000-0000-0000-00000000c001'::uuid, '{"multiple_files_expected": true}'::jsonb, 'in_progress'::text, 'pending'::text),
           ('Corporate Documents', 'ZA.2', 'Shareholder register', 'Current register', true, 1, 2,
            '30000000-0000-0000-0000-00000000c002', '{}', 'in_progress', 'pending'),
           ('Financial Information', 'ZB.3', 'Audited accounts', 'Last three years', true, 1, 3,
            '30000000-0000-0000-0000-00000000c003', '{"multiple_files_expected": false}', 'in_progress', 'pending')$$,
  'each copied item carries its catalog item''s code, title, description, requirements and file count, in its category');
select is((select count(*) from public.activities where deal_id = '30000000-0000-0000-0000-00000000d0c3' and activity_type = 'checklist_update'),
  0::bigint, 'the copy writes no checklist_update activity');

-- The deal's copy is its own: later catalog changes do not reach it.
select tests.act('super');
update public.catalog_items set title = 'Renamed', description = 'Changed', requirements = '{"multiple_files_expected": false}'
 where id = '30000000-0000-0000-0000-00000000c001';
update public.catalog_items set active = false where id = '30000000-0000-0000-0000-00000000c002';
delete from public.catalog_items where id = '30000000-0000-0000-0000-00000000c003';
select tests.as_server();
select set_eq($$select item_code, name, description, anticipated_file_count, requirements from public.checklist_items
    where deal_id = '30000000-0000-0000-0000-00000000d0c3'$$,
  $$values ('ZA.1'::text, 'Certificate of incorporation'::text, 'Certified copy'::text, 2, '{"multiple_files_expected": true}'::jsonb),
           ('ZA.2', 'Shareholder register', 'Current register', 1, '{}'),
           ('ZB.3', 'Audited accounts', 'Last three years', 1, '{"multiple_files_expected": false}')$$,
  'renaming, deactivating or deleting catalog items leaves the deal''s items as they were');
select is((select catalog_item_id from public.checklist_items where deal_id = '30000000-0000-0000-0000-00000000d0c3' and item_code = 'ZB.3'),
  null, 'a deleted catalog item only unlinks the deal''s item');

-- ================================================================ removing an item unlinks it from every file of the deal
-- custom (07) holds {view, edit_checklist}: it may remove items but edit no file. Written by the server: items
-- "Linked A" ...1a11 and "Linked B" ...1a12 in "corporate", a category "linked-cat" ...ca03 with "Linked C" ...1a13
-- and "Linked D" ...1a14, and Alpha files (uploaded by the owner unless noted) linking them:
--   f001 Open.pdf      all, ready              {A, B}       f002 Hidden.pdf    custom (edit member only) {A}
--   f003 Archived.pdf  all, ready, archived    {A, C}       f004 Uploading.pdf pending, by the edit member {A}
--   f005 Both.pdf      all, ready              {C, D}       f006 Other.pdf     all, ready {B}
select tests.as_server();
insert into public.checklist_categories (id, deal_id, name, code, position) values
  ('30000000-0000-0000-0000-00000000ca03', '30000000-0000-0000-0000-0000000000a1', 'linked-cat', 'L', 3);
insert into public.checklist_items (id, deal_id, category_id, name) values
  ('30000000-0000-0000-0000-000000001a11', '30000000-0000-0000-0000-0000000000a1', '30000000-0000-0000-0000-00000000ca01', 'Linked A'),
  ('30000000-0000-0000-0000-000000001a12', '30000000-0000-0000-0000-0000000000a1', '30000000-0000-0000-0000-00000000ca01', 'Linked B'),
  ('30000000-0000-0000-0000-000000001a13', '30000000-0000-0000-0000-0000000000a1', '30000000-0000-0000-0000-00000000ca03', 'Linked C'),
  ('30000000-0000-0000-0000-000000001a14', '30000000-0000-0000-0000-0000000000a1', '30000000-0000-0000-0000-00000000ca03', 'Linked D');
insert into public.files (id, deal_id, name, upload_state, permission_type, current_version, uploaded_by, archived_at, checklist_items)
select ('30000000-0000-0000-0000-00000000f00' || n)::uuid, '30000000-0000-0000-0000-0000000000a1', name, state, perm,
       case state when 'ready' then 1 else 0 end, ('30000000-0000-0000-0000-0000000000' || up)::uuid,
       case when archived then now() end,
       array(select ('30000000-0000-0000-0000-000000001a1' || i)::uuid from unnest(items) i)
from (values (1, 'Open.pdf', 'ready', 'all', '01', false, '{1,2}'::text[]), (2, 'Hidden.pdf', 'ready', 'custom', '01', false, '{1}'),
             (3, 'Archived.pdf', 'ready', 'all', '01', true, '{1,3}'), (4, 'Uploading.pdf', 'pending', 'all', '06', false, '{1}'),
             (5, 'Both.pdf', 'ready', 'all', '01', false, '{3,4}'), (6, 'Other.pdf', 'ready', 'all', '01', false, '{2}')) f(n, name, state, perm, up, archived, items);
insert into public.file_permissions (file_id, deal_id, allowed_users) values
  ('30000000-0000-0000-0000-00000000f002', '30000000-0000-0000-0000-0000000000a1', '{30000000-0000-0000-0000-000000000006}');
create function pg_temp.links() returns table (file text, items text) language sql as $$
  select f.name, coalesce((select string_agg(i.name, ',' order by i.name) from public.checklist_items i where i.id = any (f.checklist_items)), '-')
         || '/' || cardinality(f.checklist_items)
  from public.files f where f.id::text like '30000000-0000-0000-0000-00000000f00%' $$;
select set_eq($$select * from pg_temp.links()$$,
  $$values ('Open.pdf'::text, 'Linked A,Linked B/2'::text), ('Hidden.pdf', 'Linked A/1'), ('Archived.pdf', 'Linked A,Linked C/2'),
           ('Uploading.pdf', 'Linked A/1'), ('Both.pdf', 'Linked C,Linked D/2'), ('Other.pdf', 'Linked B/1')$$,
  'fixture: the files link the items as described');

select tests.act('custom');
select is_empty($$select name from public.files where id in ('30000000-0000-0000-0000-00000000f002', '30000000-0000-0000-0000-00000000f004')$$,
  'custom cannot see Hidden.pdf (custom permissions) nor Uploading.pdf (someone else''s pending upload)');
select is_empty($$update public.files set checklist_items = '{}' where id = '30000000-0000-0000-0000-00000000f001' returning 1$$,
  'custom cannot change the links of a file it sees (0 rows)');
select results_eq($$delete from public.checklist_items where id = '30000000-0000-0000-0000-000000001a11' returning name$$,
  $$values ('Linked A'::text)$$, 'custom removes "Linked A"');
select results_eq($$select auth.uid()$$, $$values ('30000000-0000-0000-0000-000000000007'::uuid)$$,
  'the caller''s claims are back after the unlinking trigger');
select tests.as_server();
select set_eq($$select * from pg_temp.links()$$,
  $$values ('Open.pdf'::text, 'Linked B/1'::text), ('Hidden.pdf', '-/0'), ('Archived.pdf', 'Linked C/1'),
           ('Uploading.pdf', '-/0'), ('Both.pdf', 'Linked C,Linked D/2'), ('Other.pdf', 'Linked B/1')$$,
  'the removed item is gone from every file of the deal, the ones custom cannot see or edit included; other links stay');
select results_eq($$select user_id from public.activities where deal_id = '30000000-0000-0000-0000-0000000000a1'
    and description = 'Removed checklist item "Linked A"'$$,
  $$values ('30000000-0000-0000-0000-000000000007'::uuid)$$, 'the removal is in the feed under custom');

-- Open hole (see the report): when one statement removes several items linked to the same file (a category's
-- items, by cascade), the first unlink leaves the file pointing at an item already deleted, and files_before_write
-- refuses that (23503). Run through try() so that a success leaves nothing behind.
select is(tests.try('custom', $$delete from public.checklist_categories where id = '30000000-0000-0000-0000-00000000ca03'$$),
  '1', 'a category whose items are both linked to one file can be removed');

-- One linked item per file: removing the category unlinks its items by cascade.
select tests.act('custom');
select results_eq($$delete from public.checklist_items where id = '30000000-0000-0000-0000-000000001a14' returning name$$,
  $$values ('Linked D'::text)$$, 'custom removes "Linked D"');
select results_eq($$delete from public.checklist_categories where id = '30000000-0000-0000-0000-00000000ca03' returning name$$,
  $$values ('linked-cat'::text)$$, 'custom removes "linked-cat" with "Linked C"');
select tests.as_server();
select set_eq($$select * from pg_temp.links()$$,
  $$values ('Open.pdf'::text, 'Linked B/1'::text), ('Hidden.pdf', '-/0'), ('Archived.pdf', '-/0'),
           ('Uploading.pdf', '-/0'), ('Both.pdf', '-/0'), ('Other.pdf', 'Linked B/1')$$,
  'the items removed with their category are gone from every file too');

select * from finish();
rollback;
