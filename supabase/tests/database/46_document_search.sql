-- Search inside documents (docs/decisions.md decision 47): public.search_documents finds, for each kind
-- of member, exactly the files the caller may see; a file hidden by file permissions never appears and
-- no snippet of its text comes back, even when its text is the only match; upload_only members find only
-- their own uploads. Changing the deal's search language re-indexes its texts.
-- Actors (prefix 46000000-): ...01 owner; ...02 deal admin; ...03 member (upload_view); ...04 view-only
-- (a deal set of {view}); ...05 upload_only; ...06 member denied Denied.txt by its permissions;
-- ...07 a stranger; ...08 a suspended member.
-- Deals: ...a1 (searched), ...b2 (another deal, same words).
begin;
create extension if not exists pgtap with schema extensions;
select plan(24);

select tests.create_actors('46', 'search46',
  array['owner', 'admin', 'member', 'viewonly', 'uploadonly', 'denied', 'stranger', 'suspended']);
select tests.create_deal('Search46', '46000000-0000-0000-0000-000000000001', '46000000-0000-0000-0000-0000000000a1');
select tests.create_deal('Search46 other', '46000000-0000-0000-0000-000000000007', '46000000-0000-0000-0000-0000000000b2');
insert into public.permission_sets (id, deal_id, name, capabilities) values
  ('46000000-0000-0000-0000-0000000005e1', '46000000-0000-0000-0000-0000000000a1', 'Read only', '{view}');
select tests.add_member('46000000-0000-0000-0000-0000000000a1', '46000000-0000-0000-0000-000000000002', 'admin');
select tests.add_member('46000000-0000-0000-0000-0000000000a1', u::uuid, 'member', st, coalesce(
         (select id from public.permission_sets where deal_id is null and name = s), '46000000-0000-0000-0000-0000000005e1'))
from (values
  ('46000000-0000-0000-0000-000000000003', 'upload_view', 'active'),
  ('46000000-0000-0000-0000-000000000004', 'custom', 'active'),
  ('46000000-0000-0000-0000-000000000005', 'upload_only', 'active'),
  ('46000000-0000-0000-0000-000000000006', 'upload_view', 'active'),
  ('46000000-0000-0000-0000-000000000008', 'upload_view', 'suspended')) m(u, s, st);

insert into public.folders (id, deal_id, name) values
  ('46000000-0000-0000-0000-0000000000f1', '46000000-0000-0000-0000-0000000000a1', 'Legal'),
  ('46000000-0000-0000-0000-0000000000f2', '46000000-0000-0000-0000-0000000000a1', 'Old');
insert into public.files (id, deal_id, folder_id, name, upload_state, permission_type, current_version, size_bytes, uploaded_by, archived_at) values
  ('46000000-0000-0000-0000-00000000e001', '46000000-0000-0000-0000-0000000000a1', null, 'Open.txt', 'ready', 'all', 1, 10, '46000000-0000-0000-0000-000000000001', null),
  ('46000000-0000-0000-0000-00000000e002', '46000000-0000-0000-0000-0000000000a1', '46000000-0000-0000-0000-0000000000f1', 'Denied.txt', 'ready', 'custom', 1, 10, '46000000-0000-0000-0000-000000000001', null),
  ('46000000-0000-0000-0000-00000000e003', '46000000-0000-0000-0000-0000000000a1', null, 'Mine.txt', 'ready', 'all', 1, 10, '46000000-0000-0000-0000-000000000005', null),
  ('46000000-0000-0000-0000-00000000e004', '46000000-0000-0000-0000-0000000000a1', null, 'Archived.txt', 'ready', 'all', 1, 10, '46000000-0000-0000-0000-000000000001', now()),
  ('46000000-0000-0000-0000-00000000e005', '46000000-0000-0000-0000-0000000000a1', null, 'Newer.txt', 'ready', 'all', 2, 10, '46000000-0000-0000-0000-000000000001', null),
  ('46000000-0000-0000-0000-00000000e006', '46000000-0000-0000-0000-0000000000a1', '46000000-0000-0000-0000-0000000000f2', 'Shelved.txt', 'ready', 'all', 1, 10, '46000000-0000-0000-0000-000000000001', null),
  ('46000000-0000-0000-0000-00000000e007', '46000000-0000-0000-0000-0000000000b2', null, 'Elsewhere.txt', 'ready', 'all', 1, 10, '46000000-0000-0000-0000-000000000007', null),
  ('46000000-0000-0000-0000-00000000e008', '46000000-0000-0000-0000-0000000000a1', null, 'Vertrag.txt', 'ready', 'all', 1, 10, '46000000-0000-0000-0000-000000000001', null);
update public.folders set archived_at = now() where id = '46000000-0000-0000-0000-0000000000f2';
insert into public.file_permissions (file_id, deal_id, allowed_users, denied_users) values
  ('46000000-0000-0000-0000-00000000e002', '46000000-0000-0000-0000-0000000000a1',
   '{46000000-0000-0000-0000-000000000003,46000000-0000-0000-0000-000000000004,46000000-0000-0000-0000-000000000006}',
   '{46000000-0000-0000-0000-000000000006}');
insert into public.file_texts (file_id, deal_id, version_number, content) values
  ('46000000-0000-0000-0000-00000000e001', '46000000-0000-0000-0000-0000000000a1', 1, 'Falcon open memo about the closing.'),
  ('46000000-0000-0000-0000-00000000e002', '46000000-0000-0000-0000-0000000000a1', 1, 'Falcon denied: the undisclosed liabilities are listed here.'),
  ('46000000-0000-0000-0000-00000000e003', '46000000-0000-0000-0000-0000000000a1', 1, 'Falcon upload by the upload only member.'),
  ('46000000-0000-0000-0000-00000000e004', '46000000-0000-0000-0000-0000000000a1', 1, 'Falcon archived file.'),
  ('46000000-0000-0000-0000-00000000e005', '46000000-0000-0000-0000-0000000000a1', 1, 'Falcon text of version one only.'),
  ('46000000-0000-0000-0000-00000000e006', '46000000-0000-0000-0000-0000000000a1', 1, 'Falcon in an archived folder.'),
  ('46000000-0000-0000-0000-00000000e007', '46000000-0000-0000-0000-0000000000b2', 1, 'Falcon of another deal.');

create function pg_temp.found(p_query text) returns text[] language sql as $$
  select coalesce(array_agg(filename order by filename), '{}')
    from public.search_documents('46000000-0000-0000-0000-0000000000a1', p_query)
$$;
grant execute on function pg_temp.found(text) to authenticated;

-- ---------------------------------------------------------------- who finds what
select tests.as_user('46000000-0000-0000-0000-000000000001');
select is(pg_temp.found('falcon'), array['Denied.txt', 'Mine.txt', 'Open.txt'],
  'the owner finds every live, current file: not archived ones, nor in an archived folder, nor an older version''s text');
select tests.as_user('46000000-0000-0000-0000-000000000002');
select is(pg_temp.found('falcon'), array['Denied.txt', 'Mine.txt', 'Open.txt'], 'a deal admin finds the same');
select tests.as_user('46000000-0000-0000-0000-000000000003');
select is(pg_temp.found('falcon'), array['Denied.txt', 'Mine.txt', 'Open.txt'], 'a member finds what the file permissions allow it');
select tests.as_user('46000000-0000-0000-0000-000000000004');
select is(pg_temp.found('falcon'), array['Denied.txt', 'Mine.txt', 'Open.txt'], 'a view-only member finds the same');
select tests.as_user('46000000-0000-0000-0000-000000000005');
select is(pg_temp.found('falcon'), array['Mine.txt'], 'upload_only finds only its own upload');
select is(pg_temp.found('closing'), '{}'::text[], 'and nothing in files it cannot see');

-- ---------------------------------------------------------------- a denied file never appears, nor its text
select tests.as_user('46000000-0000-0000-0000-000000000006');
select is(pg_temp.found('falcon'), array['Mine.txt', 'Open.txt'], 'a member denied a file does not find it');
select is(pg_temp.found('undisclosed liabilities'), '{}'::text[], 'not even when its text is the only match');
select is_empty($$select 1 from public.search_documents('46000000-0000-0000-0000-0000000000a1', 'falcon')
                  where snippet ilike '%undisclosed%' or snippet ilike '%denied%'$$,
  'no snippet of the denied text comes back');
select is_empty($$select 1 from private.search_hits('46000000-0000-0000-0000-0000000000a1', to_tsquery('english', 'undisclosed'),
                  null, null, null, null, null, null, null, null, null, 20)$$,
  'the ranked hits the definer reads leave it out too');
select is_empty($$select 1 from public.file_texts where file_id = '46000000-0000-0000-0000-00000000e002'$$,
  'and its text stays unreadable');
select tests.as_user('46000000-0000-0000-0000-000000000003');
select is(pg_temp.found('undisclosed liabilities'), array['Denied.txt'], 'while an allowed member finds it by those words');
select isnt_empty($$select 1 from public.search_documents('46000000-0000-0000-0000-0000000000a1', 'undisclosed')
                    where snippet like '%' || chr(1) || 'undisclosed' || chr(2) || '%'$$,
  'with the matched word marked in the snippet');

-- ---------------------------------------------------------------- outside the deal
select tests.as_user('46000000-0000-0000-0000-000000000007');
select is(pg_temp.found('falcon'), '{}'::text[], 'a stranger finds nothing in the deal');
select is((select array_agg(filename) from public.search_documents('46000000-0000-0000-0000-0000000000b2', 'falcon')),
  array['Elsewhere.txt'], 'and in its own deal only its own file');
select tests.as_user('46000000-0000-0000-0000-000000000008');
select is(pg_temp.found('falcon'), '{}'::text[], 'a suspended member finds nothing');
select tests.as_anon();
select throws_ok($$select * from public.search_documents('46000000-0000-0000-0000-0000000000a1', 'falcon')$$, '42501', null,
  'anon may not search');

-- ---------------------------------------------------------------- the language and its re-index
select tests.as_user('46000000-0000-0000-0000-000000000001');
select is(pg_temp.found('liability'), array['Denied.txt'], 'English stemming: liability finds liabilities');
select tests.as_user('46000000-0000-0000-0000-000000000003');
update public.deals set search_language = 'german' where id = '46000000-0000-0000-0000-0000000000a1';
reset role;
select is((select search_language from public.deals where id = '46000000-0000-0000-0000-0000000000a1'), 'english',
  'a member cannot change the language');
select tests.as_user('46000000-0000-0000-0000-000000000001');
select throws_ok($$update public.deals set search_language = 'french' where id = '46000000-0000-0000-0000-0000000000a1'$$,
  '23514', null, 'only English and German');
update public.deals set search_language = 'german' where id = '46000000-0000-0000-0000-0000000000a1';
reset role;
select is((select count(*)::int from public.file_texts where deal_id = '46000000-0000-0000-0000-0000000000a1'
            and search_language = 'german' and search_vector = to_tsvector('german', content)), 6,
  'changing the language re-indexes every text of the deal in it');
select is((select search_language from public.file_texts where deal_id = '46000000-0000-0000-0000-0000000000b2'), 'english',
  'and no other deal''s');
insert into public.file_texts (file_id, deal_id, version_number, content) values
  ('46000000-0000-0000-0000-00000000e008', '46000000-0000-0000-0000-0000000000a1', 1, 'Die Verträge wurden gestern unterschrieben.');
select is((select search_language from public.file_texts where file_id = '46000000-0000-0000-0000-00000000e008'), 'german',
  'a new text takes the deal''s language');
select tests.as_user('46000000-0000-0000-0000-000000000001');
select is(pg_temp.found('Vertrag'), array['Vertrag.txt'], 'German stemming: Vertrag finds Verträge');

select * from finish();
rollback;
