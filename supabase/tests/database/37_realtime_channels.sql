-- Live status through Realtime's private channels (docs/decisions.md decision 32): who may join which
-- topic, checked as Realtime checks a join (a row of the topic, read as the person with realtime.topic
-- set, under the policies of realtime.messages), and who receives which file's events. Each person's
-- topic is `deal:<deal>:user:<person>` and carries only the files they can see: their AI status and
-- other changes (name, place, permissions, approval).
-- Actors (prefix 37000000-): ...01 owner of A, ...02 admin, ...03 edit, ...04 approve_only,
--   ...05 upload_view, ...06 upload_only, ...07 signed in, member of nothing, ...08 owner of deal B
--   (another tenant), and anonymous.
-- Files of A: e1 'all' by edit; e2 'custom' by the owner, allowed [upload_view]; e3 'all' by upload_only.
-- File of B: e4 'all' by its owner.
begin;
create extension if not exists pgtap with schema extensions;
select plan(115);

select tests.create_user('owner@realtime37.test', '37000000-0000-0000-0000-000000000001');
select tests.create_user('admin@realtime37.test', '37000000-0000-0000-0000-000000000002');
select tests.create_user('edit@realtime37.test', '37000000-0000-0000-0000-000000000003');
select tests.create_user('approve@realtime37.test', '37000000-0000-0000-0000-000000000004');
select tests.create_user('upload-view@realtime37.test', '37000000-0000-0000-0000-000000000005');
select tests.create_user('upload-only@realtime37.test', '37000000-0000-0000-0000-000000000006');
select tests.create_user('stranger@realtime37.test', '37000000-0000-0000-0000-000000000007');
select tests.create_user('other-tenant@realtime37.test', '37000000-0000-0000-0000-000000000008');
select tests.create_deal('Realtime A', '37000000-0000-0000-0000-000000000001', '37000000-0000-0000-0000-0000000000a1');
select tests.create_deal('Realtime B', '37000000-0000-0000-0000-000000000008', '37000000-0000-0000-0000-0000000000b2');
select tests.add_member('37000000-0000-0000-0000-0000000000a1', u::uuid, r, 'active', (select id from public.permission_sets where deal_id is null and name = s))
from (values ('37000000-0000-0000-0000-000000000002', 'admin', null),
             ('37000000-0000-0000-0000-000000000003', 'member', 'edit'),
             ('37000000-0000-0000-0000-000000000004', 'member', 'approve_only'),
             ('37000000-0000-0000-0000-000000000005', 'member', 'upload_view'),
             ('37000000-0000-0000-0000-000000000006', 'member', 'upload_only')) m(u, r, s);

insert into public.files (id, deal_id, name, upload_state, permission_type, current_version, size_bytes, uploaded_by) values
  ('37000000-0000-0000-0000-0000000000e1', '37000000-0000-0000-0000-0000000000a1', 'e1.pdf', 'ready', 'all', 1, 10, '37000000-0000-0000-0000-000000000003'),
  ('37000000-0000-0000-0000-0000000000e2', '37000000-0000-0000-0000-0000000000a1', 'e2.pdf', 'ready', 'custom', 1, 10, '37000000-0000-0000-0000-000000000001'),
  ('37000000-0000-0000-0000-0000000000e3', '37000000-0000-0000-0000-0000000000a1', 'e3.pdf', 'ready', 'all', 1, 10, '37000000-0000-0000-0000-000000000006'),
  ('37000000-0000-0000-0000-0000000000e4', '37000000-0000-0000-0000-0000000000b2', 'e4.pdf', 'ready', 'all', 1, 10, '37000000-0000-0000-0000-000000000008');
insert into public.file_permissions (file_id, deal_id, allowed_users, denied_users) values
  ('37000000-0000-0000-0000-0000000000e2', '37000000-0000-0000-0000-0000000000a1', '{37000000-0000-0000-0000-000000000005}', '{}');
insert into public.file_versions (file_id, deal_id, version_number, storage_key, size_bytes, sha256, original_name, uploaded_by)
select f.id, f.deal_id, 1, format('deals/%s/files/%s/v1', f.deal_id, f.id), 10, repeat('ab', 32), f.name, f.uploaded_by
from public.files f where f.id::text like '37000000-%';

create temp table actor (ord int unique, name text primary key, id uuid, email text) on commit drop;
insert into actor (ord, name, id) values
  (1, 'owner', '37000000-0000-0000-0000-000000000001'), (2, 'admin', '37000000-0000-0000-0000-000000000002'),
  (3, 'edit', '37000000-0000-0000-0000-000000000003'), (4, 'approve_only', '37000000-0000-0000-0000-000000000004'),
  (5, 'upload_view', '37000000-0000-0000-0000-000000000005'), (6, 'upload_only', '37000000-0000-0000-0000-000000000006'),
  (7, 'non_member', '37000000-0000-0000-0000-000000000007'), (8, 'other_tenant', '37000000-0000-0000-0000-000000000008'),
  (9, 'anon', null);
grant select on actor to anon, authenticated;

-- Realtime's join check, as the person: the topic's rows they can read with realtime.topic set (Realtime
-- inserts a probe row of the topic first, as its own connection, then reads it as the person).
create function pg_temp.joins(p_topic text) returns boolean language plpgsql as $$
begin
  perform set_config('realtime.topic', p_topic, true);
  return exists (select 1 from realtime.messages m where m.topic = p_topic and m.extension = 'broadcast');
end $$;
create function pg_temp.joins_presence(p_topic text) returns boolean language plpgsql as $$
begin
  perform set_config('realtime.topic', p_topic, true);
  return exists (select 1 from realtime.messages m where m.topic = p_topic and m.extension = 'presence');
end $$;
-- The person's own topic of a deal (an empty person for anon, which no policy lets join).
create function pg_temp.my_topic(p_deal text) returns text language sql stable as $$
  select format('deal:37000000-0000-0000-0000-0000000000%s:user:%s', p_deal, coalesce(auth.uid()::text, ''))
$$;
-- The files whose events reach the person on their own topic of a deal (the two-digit suffix).
create function pg_temp.received(p_deal text) returns text language plpgsql as $$
declare v text;
begin
  if not pg_temp.joins(pg_temp.my_topic(p_deal)) then
    return 'refused';
  end if;
  select coalesce(string_agg(distinct right(m.payload ->> 'file_id', 2), ',' order by right(m.payload ->> 'file_id', 2)), '-') into v
  from realtime.messages m where m.topic = pg_temp.my_topic(p_deal) and m.event = 'ai_status';
  return v;
end $$;
grant execute on all functions in schema pg_temp to anon, authenticated;

select tests.as_server();
-- Realtime makes the day's partitions of realtime.messages; the embedded bootstrap has none, so this
-- test gives it one (rolled back with the rest).
do $$ begin
  if not exists (select 1 from pg_inherits where inhparent = 'realtime.messages'::regclass) then
    create table realtime.messages_pgtap37 partition of realtime.messages default;
  end if;
end $$;

-- ---------------------------------------------------------------- realtime.messages as Realtime leaves it
select ok((select relrowsecurity from pg_class where oid = 'realtime.messages'::regclass), 'realtime.messages has row-level security');
select is((select relowner::regrole::text from pg_class where oid = 'realtime.messages'::regclass), 'supabase_realtime_admin',
  'and belongs to supabase_realtime_admin');
select is((select array_agg(cmd::text order by cmd) from pg_policies where schemaname = 'realtime' and tablename = 'messages'
           and policyname = 'deal_events_join'), array['SELECT'], 'the one policy of live status lets people read (join), not write');

-- ---------------------------------------------------------------- without Realtime, nothing is sent
select tests.as_server();
create temp table had_ledger on commit drop as select to_regclass('realtime.schema_migrations') is not null as yes;
select tests.as_server();
do $$ begin
  if not (select yes from had_ledger) then
    update public.files set ai_status = 'queued' where id = '37000000-0000-0000-0000-0000000000e1';
  end if;
end $$;
select is((select count(*)::int from realtime.messages where topic like 'deal:37000000-%'), 0,
  'where Realtime never migrated the database (no realtime.schema_migrations), a status change sends nothing');

-- Realtime's ledger, as Realtime's server leaves it, where it is missing (the embedded database).
do $$ begin
  if to_regclass('realtime.schema_migrations') is null then
    create table realtime.schema_migrations (version bigint primary key, inserted_at timestamp(0));
  end if;
end $$;

-- ---------------------------------------------------------------- who may join which topic
-- Probe rows of every topic tried below, written as Realtime writes them before its check.
insert into realtime.messages (topic, extension, private)
select format('deal:37000000-0000-0000-0000-0000000000%s:user:%s', d, a.id), 'broadcast', true
from actor a, unnest(array['a1', 'b2']) d where a.id is not null
union all select 'deal:37000000-0000-0000-0000-0000000000a1', 'broadcast', true
union all select 'deal:37000000-0000-0000-0000-0000000000a1:user:37000000-0000-0000-0000-000000000001:x', 'broadcast', true
union all select 'deal:37000000-0000-0000-0000-0000000000A1:user:37000000-0000-0000-0000-000000000001', 'broadcast', true
union all select format('deal:37000000-0000-0000-0000-0000000000a1:user:%s', a.id), 'presence', true from actor a where a.id is not null;

select * from tests.matrix('joins its own topic of deal A',
  $$select pg_temp.joins(pg_temp.my_topic('a1'))$$, 'true true true true true true false false false');
select * from tests.matrix('joins its own topic of deal B (another tenant''s deal)',
  $$select pg_temp.joins(pg_temp.my_topic('b2'))$$, 'false false false false false false false true false');
select * from tests.matrix('joins the owner''s topic of deal A',
  $$select pg_temp.joins('deal:37000000-0000-0000-0000-0000000000a1:user:37000000-0000-0000-0000-000000000001')$$,
  'true false false false false false false false false');
select * from tests.matrix('joins a deal-wide topic (none exists)',
  $$select pg_temp.joins('deal:37000000-0000-0000-0000-0000000000a1')$$, 'false false false false false false false false false');
select * from tests.matrix('joins a topic that only starts like the owner''s',
  $$select pg_temp.joins('deal:37000000-0000-0000-0000-0000000000a1:user:37000000-0000-0000-0000-000000000001:x')$$,
  'false false false false false false false false false');
select * from tests.matrix('joins a topic written in capitals',
  $$select pg_temp.joins('deal:37000000-0000-0000-0000-0000000000A1:user:37000000-0000-0000-0000-000000000001')$$,
  'false false false false false false false false false');
select * from tests.matrix('reads presence on its own topic (broadcast only)',
  $$select pg_temp.joins_presence(pg_temp.my_topic('a1'))$$, 'false false false false false false false false false');

-- ---------------------------------------------------------------- who receives what
-- Each file's AI status moves, as the worker moves it (no claims).
select tests.as_server();
update public.files set ai_status = 'processing' where id::text like '37000000-%';
select is((select string_agg(right(split_part(topic, ':user:', 2), 2), ',' order by topic) from realtime.messages
           where event = 'ai_status' and payload ->> 'file_id' = '37000000-0000-0000-0000-0000000000e1'),
          '01,02,03,04,05', 'e1 (all, by edit) goes to each member who views files, not to upload_only');
select is((select string_agg(right(split_part(topic, ':user:', 2), 2), ',' order by topic) from realtime.messages
           where event = 'ai_status' and payload ->> 'file_id' = '37000000-0000-0000-0000-0000000000e2'),
          '01,02,05', 'e2 (custom, allowed upload_view) goes to the admins and upload_view only');
select is((select string_agg(right(split_part(topic, ':user:', 2), 2), ',' order by topic) from realtime.messages
           where event = 'ai_status' and payload ->> 'file_id' = '37000000-0000-0000-0000-0000000000e3'),
          '01,02,03,04,05,06', 'e3 (all, by upload_only) goes to its uploader too');
select is((select string_agg(distinct topic, ',') from realtime.messages
           where event = 'ai_status' and payload ->> 'file_id' = '37000000-0000-0000-0000-0000000000e4'),
          'deal:37000000-0000-0000-0000-0000000000b2:user:37000000-0000-0000-0000-000000000008', 'e4 (deal B) goes to deal B''s owner only');
select is((select string_agg(distinct k, ',' order by k) from realtime.messages m, jsonb_object_keys(m.payload) k
           where m.event = 'ai_status' and m.topic like 'deal:37000000-%'),
          'ai_status,deal_id,file_id,id,type', 'an event carries the deal, the file, the status and a message id, nothing else');
select ok((select bool_and(private and extension = 'broadcast' and payload ->> 'ai_status' = 'processing') from realtime.messages
           where event = 'ai_status' and topic like 'deal:37000000-%'), 'on private broadcast channels, with the new status');

select * from tests.matrix('receives on its own topic of deal A',
  $$select pg_temp.received('a1')$$, 'e1,e2,e3 e1,e2,e3 e1,e3 e1,e3 e1,e2,e3 e3 refused refused refused');
select * from tests.matrix('receives on its own topic of deal B',
  $$select pg_temp.received('b2')$$, 'refused refused refused refused refused refused refused e4 refused');

-- ---------------------------------------------------------------- file changes
select tests.as_server();
update public.files set name = 'e2 renamed.pdf' where id = '37000000-0000-0000-0000-0000000000e2';
select is((select string_agg(right(split_part(topic, ':user:', 2), 2), ',' order by topic) from realtime.messages
           where event = 'file' and payload ->> 'file_id' = '37000000-0000-0000-0000-0000000000e2'),
          '01,02,05', 'a renamed file is announced to those who see it');
select is((select string_agg(distinct k, ',' order by k) from realtime.messages m, jsonb_object_keys(m.payload) k
           where m.event = 'file' and m.topic like 'deal:37000000-%'),
          'deal_id,file_id,id,type', 'naming the file only, not its new name');
create temp table before_open on commit drop as select id from realtime.messages;
update public.files set permission_type = 'all' where id = '37000000-0000-0000-0000-0000000000e2';
select is((select string_agg(right(split_part(topic, ':user:', 2), 2), ',' order by topic) from realtime.messages
           where event = 'file' and id not in (select id from before_open)),
          '01,02,03,04,05', 'a file opened to everyone is announced to those who see it now');

-- ---------------------------------------------------------------- a member's upload, in the member's transaction
insert into public.files (id, deal_id, name, uploaded_by) values
  ('37000000-0000-0000-0000-0000000000e5', '37000000-0000-0000-0000-0000000000a1', 'e5.pdf', '37000000-0000-0000-0000-000000000003');
insert into public.file_versions (file_id, deal_id, version_number, storage_key, size_bytes, sha256, original_name, uploaded_by) values
  ('37000000-0000-0000-0000-0000000000e5', '37000000-0000-0000-0000-0000000000a1', 1,
   'deals/37000000-0000-0000-0000-0000000000a1/files/37000000-0000-0000-0000-0000000000e5/v1', 10, repeat('ab', 32), 'e5.pdf',
   '37000000-0000-0000-0000-000000000003');
select tests.as_user('37000000-0000-0000-0000-000000000003');
update public.files set upload_state = 'ready', current_version = 1, size_bytes = 10 where id = '37000000-0000-0000-0000-0000000000e5';
select is(auth.uid(), '37000000-0000-0000-0000-000000000003'::uuid,
  'after the fan-out the transaction is still the uploader''s (the claims are put back)');
select tests.as_server();
select is((select string_agg(right(split_part(topic, ':user:', 2), 2), ',' order by topic) from realtime.messages
           where payload ->> 'file_id' = '37000000-0000-0000-0000-0000000000e5' and payload ->> 'ai_status' = 'queued'),
          '01,02,03,04,05', 'a completed upload announces queued to those who see the new file');

-- ---------------------------------------------------------------- members left, and clients sending
update public.deal_members set status = 'suspended'
 where deal_id = '37000000-0000-0000-0000-0000000000a1' and user_id = '37000000-0000-0000-0000-000000000005';
update public.files set ai_status = 'review' where id = '37000000-0000-0000-0000-0000000000e2';
select is((select string_agg(right(split_part(topic, ':user:', 2), 2), ',' order by topic) from realtime.messages
           where event = 'ai_status' and topic like 'deal:37000000-%' and payload ->> 'ai_status' = 'review'),
          '01,02,03,04', 'a suspended member (upload_view) receives nothing more of a file open to everyone');
select * from tests.matrix('joins its own topic of deal A once upload_view is suspended',
  $$select pg_temp.joins(pg_temp.my_topic('a1'))$$, 'true true true true false true false false false');

select * from tests.matrix('sends a broadcast on its own topic (no client writes)',
  $$insert into realtime.messages (topic, extension, event, payload, private)
    values (pg_temp.my_topic('a1'), 'broadcast', 'ai_status', '{}', true)$$,
  '42501 42501 42501 42501 42501 42501 42501 42501 42501');

select * from finish();
rollback;
