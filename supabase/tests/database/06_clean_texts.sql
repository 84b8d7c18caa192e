-- Names and texts shown to other people: control characters and bidirectional overrides are refused
-- (P0001, which the API answers as 400 with the message), every text is stored in NFC, and profiles
-- (written by the auth service's own sign-up) are cleaned instead of refused.
begin;
create extension if not exists pgtap with schema extensions;
select plan(22);

-- The sign-up's names in the metadata are what the profile checks below read.
select tests.create_user('owner@clean06.test', '06000000-0000-0000-0000-000000000001',
  jsonb_build_object('first_name', E'Eve\u202e', 'last_name', E'Cafe\u0301'));
select tests.create_deal('Clean Alpha', '06000000-0000-0000-0000-000000000001', '06000000-0000-0000-0000-0000000000a1');
insert into public.checklist_categories (id, deal_id, name, code, position)
  values ('06000000-0000-0000-0000-00000000ca01', '06000000-0000-0000-0000-0000000000a1', 'Finance', 'FI', 1);

-- ---------------------------------------------------------------- refused
select throws_ok($$insert into public.deals (name, owner_id) values (E'Project \u202eAtlas', '06000000-0000-0000-0000-000000000001')$$,
  'P0001', 'The deal name cannot contain control characters or bidirectional text overrides.', 'a deal name with a right-to-left override is refused');
select throws_ok($$update public.deals set description = E'ring the bell \x07' where id = '06000000-0000-0000-0000-0000000000a1'$$,
  'P0001', 'The deal description cannot contain control characters or bidirectional text overrides.', 'a BEL in a deal description is refused');
select throws_ok($$insert into public.folders (deal_id, name) values ('06000000-0000-0000-0000-0000000000a1', E'Reports\u2066')$$,
  'P0001', null, 'a folder name with a left-to-right isolate is refused');
select throws_ok($$insert into public.files (deal_id, name, upload_state, permission_type, current_version, size_bytes, uploaded_by)
  values ('06000000-0000-0000-0000-0000000000a1', E'evil\u202egnp.exe', 'pending', 'all', 0, 0, '06000000-0000-0000-0000-000000000001')$$,
  'P0001', 'The file name cannot contain control characters or bidirectional text overrides.', 'evil\u202egnp.exe is refused as a file name');
select throws_ok($$insert into public.files (deal_id, name, upload_state, permission_type, current_version, size_bytes, uploaded_by)
  values ('06000000-0000-0000-0000-0000000000a1', E'two\nlines.pdf', 'pending', 'all', 0, 0, '06000000-0000-0000-0000-000000000001')$$,
  'P0001', null, 'a line break in a file name is refused');
select throws_ok($$insert into public.checklist_categories (deal_id, name, code, position) values ('06000000-0000-0000-0000-0000000000a1', E'Fin\x1bance', 'ZZ', 99)$$,
  'P0001', null, 'an escape character in a category name is refused');
select throws_ok($$insert into public.deal_groups (deal_id, name) values ('06000000-0000-0000-0000-0000000000a1', E'Bidders\u202d')$$,
  'P0001', null, 'a group name with a left-to-right override is refused');
select throws_ok($$insert into public.deal_tags (deal_id, name) values ('06000000-0000-0000-0000-0000000000a1', E'tag\u0085')$$,
  'P0001', null, 'a C1 control in a tag name is refused');
select throws_ok($$insert into public.permission_sets (deal_id, name, capabilities) values ('06000000-0000-0000-0000-0000000000a1', E'Set\u2069', '{view}')$$,
  'P0001', null, 'a permission set name with a pop-directional-isolate is refused');
select throws_ok($$insert into public.checklist_items (deal_id, category_id, item_code, name, description)
  values ('06000000-0000-0000-0000-0000000000a1', '06000000-0000-0000-0000-00000000ca01', 'FI.1', 'Accounts', E'see \u202e here')$$,
  'P0001', null, 'a checklist item description with an override is refused');
select throws_ok($$insert into public.catalog_items (code, title, category) values ('ZZ-CLEAN-1', E'Title\x7f', 'Legal')$$,
  'P0001', null, 'a DEL in a catalog item title is refused');
select throws_ok($$insert into public.checklist_presets (name, description) values (E'Preset\u202a', '')$$,
  'P0001', null, 'a preset name with a left-to-right embedding is refused');

-- ---------------------------------------------------------------- allowed and normalised
select lives_ok($$update public.deals set description = E'Line one\nLine two\tindented' where id = '06000000-0000-0000-0000-0000000000a1'$$,
  'line breaks and tabs are fine in a multi-line description');
select lives_ok($$insert into public.folders (id, deal_id, name) values ('06000000-0000-0000-0000-00000000f001', '06000000-0000-0000-0000-0000000000a1', 'שלום Ünïcødé 数据')$$,
  'ordinary right-to-left letters and other scripts are fine in names');
select lives_ok($$insert into public.deals (id, name, owner_id) values ('06000000-0000-0000-0000-0000000000a2', E'Cafe\u0301 Deal', '06000000-0000-0000-0000-000000000001')$$,
  'a decomposed name is accepted');
select is((select name from public.deals where id = '06000000-0000-0000-0000-0000000000a2'), E'Caf\u00e9 Deal',
  'and stored in NFC');
select is((select length(name) from public.deals where id = '06000000-0000-0000-0000-0000000000a2'), 9,
  'one code point for é, as NFC has it');
select lives_ok($$insert into public.folders (id, deal_id, name) values ('06000000-0000-0000-0000-00000000f002', '06000000-0000-0000-0000-0000000000a1', E'Re\u0301sume\u0301s')$$,
  'a decomposed folder name is accepted');
select is((select full_path from public.folders where id = '06000000-0000-0000-0000-00000000f002'), E'/R\u00e9sum\u00e9s',
  'and its path is built from the NFC name');

-- ---------------------------------------------------------------- profiles are cleaned, never refused
select is((select first_name from public.profiles where id = '06000000-0000-0000-0000-000000000001'), 'Eve',
  'an override in a sign-up name is removed, not refused (the auth service''s transaction must not fail)');
select is((select last_name from public.profiles where id = '06000000-0000-0000-0000-000000000001'), E'Caf\u00e9',
  'and a sign-up name is stored in NFC');
select lives_ok($$update public.profiles set title = E'CFO\u202e' where id = '06000000-0000-0000-0000-000000000001'$$,
  'a title with an override is accepted after cleaning');

select * from finish();
rollback;
