-- Resumable uploads on Supabase reach Storage as the signed-in person (docs/decisions.md decision 24):
-- Storage inserts the object row under that person's role, so the storage.objects insert policy of
-- migration 20261128090000 decides. It admits exactly the keys of the person's own open, unexpired
-- upload grants, in the private bucket deal-files, and nothing else: no other key, no other bucket, no
-- reading, overwriting or removing objects. The storage schema here is Storage's shape (bootstrap).
-- Actors (prefix 13000000-): ...01 deal owner, ...02 contributor (uploads), ...03 another contributor,
--   ...04 viewer of the deal, ...05 signed-in stranger.
begin;
create extension if not exists pgtap with schema extensions;
select plan(18);

select tests.create_actors('13', 'storage13', array['owner', 'contributor', 'other', 'viewer', 'stranger']);
select tests.create_deal('Storage Alpha', '13000000-0000-0000-0000-000000000001', '13000000-0000-0000-0000-0000000000a1');
select tests.add_member('13000000-0000-0000-0000-0000000000a1', '13000000-0000-0000-0000-000000000002', 'contributor');
select tests.add_member('13000000-0000-0000-0000-0000000000a1', '13000000-0000-0000-0000-000000000003', 'contributor');
select tests.add_member('13000000-0000-0000-0000-0000000000a1', '13000000-0000-0000-0000-000000000004', 'viewer');
-- e001: open grant of the contributor; e002: open grant of the other contributor; e003: the
-- contributor's completed grant; e004: the contributor's expired grant.
insert into public.files (id, deal_id, name, upload_state, uploaded_by) values
  ('13000000-0000-0000-0000-00000000e001', '13000000-0000-0000-0000-0000000000a1', 'open.pdf', 'pending', '13000000-0000-0000-0000-000000000002'),
  ('13000000-0000-0000-0000-00000000e002', '13000000-0000-0000-0000-0000000000a1', 'others.pdf', 'pending', '13000000-0000-0000-0000-000000000003'),
  ('13000000-0000-0000-0000-00000000e003', '13000000-0000-0000-0000-0000000000a1', 'done.pdf', 'pending', '13000000-0000-0000-0000-000000000002'),
  ('13000000-0000-0000-0000-00000000e004', '13000000-0000-0000-0000-0000000000a1', 'late.pdf', 'pending', '13000000-0000-0000-0000-000000000002');
insert into public.upload_grants (storage_key, file_id, deal_id, version_number, original_name, content_type, created_by, expires_at, completed_at)
select format('deals/%s/files/%s/v1', f.deal_id, f.id), f.id, f.deal_id, 1, f.name, 'application/pdf', f.uploaded_by,
       case when f.name = 'late.pdf' then now() - interval '1 minute' else now() + interval '24 hours' end,
       case when f.name = 'done.pdf' then now() end
from public.files f where f.id::text like '13000000-%';
insert into storage.buckets (id, name, public) values ('other-bucket', 'other-bucket', false);

create temp table k (name text primary key, key text) on commit drop;
insert into k values
  ('open', 'deals/13000000-0000-0000-0000-0000000000a1/files/13000000-0000-0000-0000-00000000e001/v1'),
  ('others', 'deals/13000000-0000-0000-0000-0000000000a1/files/13000000-0000-0000-0000-00000000e002/v1'),
  ('done', 'deals/13000000-0000-0000-0000-0000000000a1/files/13000000-0000-0000-0000-00000000e003/v1'),
  ('late', 'deals/13000000-0000-0000-0000-0000000000a1/files/13000000-0000-0000-0000-00000000e004/v1'),
  ('none', 'deals/13000000-0000-0000-0000-0000000000a1/files/13000000-0000-0000-0000-00000000e009/v1');
grant select on k to authenticated, anon;

-- As Storage checks a resumable upload (its canUpload): a plain insert, no RETURNING (which would need
-- a select policy); Storage writes the final row as its own superuser once the bytes are in.
create function pg_temp.put(p_bucket text, p_key text) returns void language sql as $$
  insert into storage.objects (bucket_id, name, owner_id) values (p_bucket, (select key from k where name = p_key), auth.uid()::text)
$$;

select is((select public from storage.buckets where id = 'deal-files'), false, 'the deal-files bucket is private');
select policies_are('storage', 'objects', array['deal_files_resumable_insert'],
  'storage.objects has one policy: the resumable upload insert');

-- ---------------------------------------------------------------- the contributor
select tests.as_user('contributor@storage13.test');
select lives_ok($$select pg_temp.put('deal-files', 'open')$$, 'an open grant of one''s own: Storage may store the object');
select throws_ok($$select pg_temp.put('deal-files', 'others')$$, '42501', null, 'not under another member''s open grant');
select throws_ok($$select pg_temp.put('deal-files', 'done')$$, '42501', null, 'not under a completed grant');
select throws_ok($$select pg_temp.put('deal-files', 'late')$$, '42501', null, 'not under an expired grant');
select throws_ok($$select pg_temp.put('deal-files', 'none')$$, '42501', null, 'not under a key no grant names');
select throws_ok($$select pg_temp.put('other-bucket', 'open')$$, '42501', null, 'not in another bucket, even with the granted key');
select is_empty($$select name from storage.objects$$, 'objects cannot be read back, not even one''s own');
select is_empty($$update storage.objects set name = name || 'x' returning name$$, 'nor renamed or overwritten');
-- Storage refuses every delete from its tables that does not come through its own API (storage.protect_delete).
select throws_ok($$delete from storage.objects returning name$$, '42501',
  'Direct deletion from storage tables is not allowed. Use the Storage API instead.', 'nor removed: Storage refuses direct deletes');

-- ---------------------------------------------------------------- the other contributor, a viewer, a stranger, anon
select tests.as_user('other@storage13.test');
select lives_ok($$select pg_temp.put('deal-files', 'others')$$, 'the other contributor may under their own grant');
select tests.as_user('viewer@storage13.test');
select throws_ok($$select pg_temp.put('deal-files', 'open')$$, '42501', null, 'a viewer of the deal may not');
select tests.as_user('stranger@storage13.test');
select throws_ok($$select pg_temp.put('deal-files', 'open')$$, '42501', null, 'a stranger may not');
select tests.as_anon();
select throws_ok($$select pg_temp.put('deal-files', 'open')$$, '42501', null, 'no one signed in may not');

select tests.as_server();
select is((select count(*)::int from storage.objects where name like 'deals/13000000-%'), 2, 'exactly the two granted objects were stored');
select throws_ok($$delete from storage.objects where name like 'deals/13000000-%'$$, '42501',
  'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
  'not even the database''s owner role deletes objects directly');
-- The Storage server deletes with storage.allow_delete_query set for its transaction (and removes the bytes).
select set_config('storage.allow_delete_query', 'true', true);
select lives_ok($$delete from storage.objects where name like 'deals/13000000-%'$$, 'the Storage API''s own delete passes');
select set_config('storage.allow_delete_query', 'false', true);

select * from finish();
rollback;
