-- The helpers every pgTAP file acts through, in schema `tests`. This file commits them, and runs first:
-- pg_prove (in `npm test` and in `supabase test db`) takes the files in name order. Every other file
-- runs in a transaction it rolls back, so its fixture never outlives it.
--
--   tests.as_user('viewer@deals01.test')   the person with that e-mail (or that id), as PostgREST
--                                          would run their request: role authenticated, their claims
--   tests.as_user(actor, 'aal2', session)  the same, signed in at a level, in a session
--   tests.as_anon()                        no one signed in
--   tests.as_service()                     the service role
--   tests.as_server()                      the migration owner, no claims: triggers see no caller
--   tests.is_empty_as(actor, 'update …', d)  is_empty as that person, who stays the caller: one select over
--                                          a list of actors asserts the same refusal for each
--   tests.set_eq_as(actor, 'select …', want, d)  set_eq as that person, likewise: the same rows for each
--   tests.throws_ok_as(actor, 'insert …', errcode, errmsg, d)  throws_ok as that person, likewise: the same error
--   tests.results_eq_as(actor, 'select …', want, d)  results_eq as that person, likewise: the same rows in order
--   tests.generic_plans('update …')        runs a statement seven times, then once more on generic plans,
--                                          each undone: after five runs on one connection Postgres may
--                                          switch the plans the functions and triggers it calls cache to
--                                          generic ones (the server's default plan_cache_mode, as
--                                          `supabase test db` runs, not the API's force_custom_plan)
--   tests.feed_refused(deal, user, 'upload', …)  the caller cannot insert, update or delete activities (42501):
--                                          no one but the database writes the feed
--
-- Named fixtures, run as the migration owner (a file builds its actors and deals only through these):
--   tests.create_user('buyer@x.test')                  an account; returns its id (p_id to fix one, p_metadata)
--   tests.create_super_admin('root@x.test')            an account that is a platform super admin
--   tests.create_deal('Alpha', owner)                  a deal (p_id, p_description); its owner becomes its admin
--   tests.add_member(deal, user, 'viewer')             a deal member: role, status, permission set, company
--   tests.as(user)                                     tests.as_user by id: act as that person
--   tests.add_group(deal, 'Bidders', set, array[user]) a deal group on a permission set, with its members
--   tests.create_actors('27', 'arch27', array['owner', 'member'])  numbered accounts name@arch27.test, and table actor
--   tests.alpha_beta_deals('10', 'dataroom10', 'Dataroom', …)  the actors and the deals Alpha and Beta of 02, 03, 10, 11, 12
--   tests.cast('30', 'checklist30', 'set', caps)       the actors, deals and members of 20, 21, 30 and 31
--   tests.qna_deal('48')                               the Q&A deal, actors and groups of 48_qna and 50_qna_activity
begin;
create extension if not exists pgtap with schema extensions;
select plan(20);

create schema if not exists tests;
grant usage on schema tests to anon, authenticated, service_role;

create or replace function tests.user_id(p_actor text) returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  v_id uuid;
begin
  select u.id into v_id from auth.users u where lower(u.email) = lower(p_actor) or u.id::text = p_actor;
  if v_id is null then
    raise exception 'No test actor %', p_actor;
  end if;
  return v_id;
end $$;

create or replace function tests.as_user(p_actor text, p_aal text default null, p_session text default null) returns void
language plpgsql as $$
declare
  v_id uuid;
  v_email text;
begin
  perform set_config('role', 'none', true);
  v_id := tests.user_id(p_actor);
  select u.email into v_email from auth.users u where u.id = v_id;
  perform set_config('request.jwt.claims', jsonb_strip_nulls(jsonb_build_object(
    'sub', v_id, 'email', v_email, 'role', 'authenticated', 'aal', p_aal, 'session_id', p_session))::text, true);
  perform set_config('role', 'authenticated', true);
end $$;

-- Act as an API role with no one signed in: its claims carry only the role (tests.as_anon, tests.as_service).
create or replace function tests.as_role(p_role text) returns void
language plpgsql as $$
begin
  perform set_config('role', 'none', true);
  perform set_config('request.jwt.claims', jsonb_build_object('role', p_role)::text, true);
  perform set_config('role', p_role, true);
end $$;

create or replace function tests.as_anon() returns void
language sql as $$ select tests.as_role('anon') $$;

create or replace function tests.as_service() returns void
language sql as $$ select tests.as_role('service_role') $$;

create or replace function tests.as_server() returns void
language plpgsql as $$
begin
  perform set_config('role', 'none', true);
  perform set_config('request.jwt.claims', '', true);
end $$;

create or replace function tests.is_empty_as(p_actor text, p_sql text, p_description text) returns text
language plpgsql as $$
begin
  perform tests.as_user(p_actor);
  return is_empty(p_sql, p_description);
end $$;

create or replace function tests.set_eq_as(p_actor text, p_sql text, p_want text, p_description text) returns text
language plpgsql as $$
begin
  perform tests.as_user(p_actor);
  return set_eq(p_sql, p_want, p_description);
end $$;

create or replace function tests.throws_ok_as(p_actor text, p_sql text, p_errcode text, p_errmsg text, p_description text)
returns text language plpgsql as $$
begin
  perform tests.as_user(p_actor);
  return throws_ok(p_sql, p_errcode, p_errmsg, p_description);
end $$;

create or replace function tests.results_eq_as(p_actor text, p_sql text, p_want text, p_description text) returns text
language plpgsql as $$
begin
  perform tests.as_user(p_actor);
  return results_eq(p_sql, p_want, p_description);
end $$;

-- Matrices of outcomes: a file creates `create temp table actor (ord int unique, name text primary key,
-- id uuid, email text) on commit drop`, names its actors there (ord orders a matrix's columns), and
-- then tests.matrix('label', 'statement', 'outcome per actor …').

-- Act as a named actor (anonymous when the actor has no id) until the next act() or as_server().
create or replace function tests.act(p_name text) returns void language plpgsql as $$
declare v record;
begin
  perform tests.as_server();
  select * into v from pg_temp.actor where name = p_name;
  if not found then raise exception 'unknown actor %', p_name; end if;
  if v.id is null then
    perform tests.as_anon();
  else
    perform tests.as_user(v.id::text);
  end if;
end $$;

-- What one statement does for an actor, undone afterwards: a select gives its rows' first column
-- (sorted, comma-separated, '-' for none), a write its row count, an error its SQLSTATE.
create or replace function tests.try(p_actor text, p_sql text) returns text language plpgsql as $$
declare v_out text; v_n bigint;
begin
  begin
    perform tests.act(p_actor);
    if p_sql ~* '^\s*select' then
      execute format('select coalesce(string_agg(x::text, '','' order by x::text collate "C"), ''-'') from (%s) s(x)', p_sql)
        into v_out;
    else
      execute p_sql;
      get diagnostics v_n = row_count;
      v_out := v_n::text;
    end if;
    raise sqlstate 'PT999';  -- roll the statement back
  exception
    when sqlstate 'PT999' then null;
    when others then v_out := sqlstate;
  end;
  return v_out;
end $$;

-- One assertion per matrix actor (in actor.ord order); p_want lists their outcomes separated by blanks.
create or replace function tests.matrix(p_label text, p_sql text, p_want text) returns setof text language plpgsql as $$
declare v_want text[] := regexp_split_to_array(btrim(p_want), '\s+'); v record;
begin
  if cardinality(v_want) <> (select count(*) from pg_temp.actor where ord is not null) then
    raise exception 'matrix "%": % outcomes for % actors', p_label, cardinality(v_want),
      (select count(*) from pg_temp.actor where ord is not null);
  end if;
  for v in select name, ord from pg_temp.actor where ord is not null order by ord loop
    return next is(tests.try(v.name, p_sql), v_want[v.ord], format('%s: %s -> %s', p_label, v.name, v_want[v.ord]));
  end loop;
end $$;

create or replace function tests.generic_plans(p_sql text, p_times integer default 7) returns void
language plpgsql as $$
declare
  v_mode text := current_setting('plan_cache_mode');
begin
  -- The last run takes the generic plan outright: whether Postgres switches by itself after the fifth
  -- depends on the estimated costs, hence on the data and its statistics (it did on Supabase).
  for i in 1..p_times + 1 loop
    if i > p_times then
      perform set_config('plan_cache_mode', 'force_generic_plan', true);
    end if;
    begin
      execute p_sql;
      raise exception using errcode = 'PT001';
    exception when sqlstate 'PT001' then
      null;
    end;
  end loop;
  perform set_config('plan_cache_mode', v_mode, true);
exception when others then
  perform set_config('plan_cache_mode', v_mode, true);
  raise;
end $$;

create or replace function tests.create_user(p_email text, p_id uuid default null, p_metadata jsonb default null) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_id uuid := coalesce(p_id, gen_random_uuid());
begin
  -- The metadata goes in with the account: the profile trigger reads a sign-up's names only on insert.
  insert into auth.users (id, email, raw_user_meta_data) values (v_id, p_email, p_metadata);
  return v_id;
end $$;

create or replace function tests.create_super_admin(p_email text, p_id uuid default null) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_id uuid := tests.create_user(p_email, p_id);
begin
  insert into public.platform_admins (user_id) values (v_id);
  return v_id;
end $$;

create or replace function tests.create_deal(p_name text, p_owner uuid, p_id uuid default null, p_description text default null)
returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_id uuid := coalesce(p_id, gen_random_uuid());
begin
  -- The description goes in with the deal: set afterwards it would be an audited update.
  insert into public.deals (id, name, owner_id, description) values (v_id, p_name, p_owner, coalesce(p_description, ''));
  return v_id;
end $$;

create or replace function tests.add_member(
  p_deal uuid, p_user uuid, p_role text default 'viewer', p_status text default 'active',
  p_permission_set uuid default null, p_company text default null
) returns void
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.deal_members (deal_id, user_id, role, status, permission_set_id, company)
  values (p_deal, p_user, p_role, p_status, p_permission_set, p_company);
end $$;

-- A deal group on a permission set, with its members (p_id to fix its id).
create or replace function tests.add_group(p_deal uuid, p_name text, p_set uuid, p_members uuid[], p_id uuid default null)
returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_id uuid := coalesce(p_id, gen_random_uuid());
begin
  insert into public.deal_groups (id, deal_id, name, permission_set_id) values (v_id, p_deal, p_name, p_set);
  insert into public.deal_group_members (group_id, deal_id, user_id) select v_id, p_deal, m from unnest(p_members) m;
  return v_id;
end $$;

-- The caller writes no activity in p_deal: an insert (as p_user, of p_type) is refused (42501), and so are
-- an update and a delete of the deal's activities when their labels are given. One assertion per label.
create or replace function tests.feed_refused(
  p_deal uuid, p_user uuid, p_type text, p_insert text, p_update text default null, p_delete text default null
) returns setof text
language plpgsql as $$
begin
  return next throws_ok(format($f$insert into public.activities (deal_id, user_id, activity_type, description)
    values (%L, %L, %L, 'forged')$f$, p_deal, p_user, p_type), '42501', null, p_insert);
  if p_update is not null then
    return next throws_ok(format($f$update public.activities set description = 'rewritten' where deal_id = %L$f$, p_deal),
      '42501', null, p_update);
  end if;
  if p_delete is not null then
    return next throws_ok(format($f$delete from public.activities where deal_id = %L$f$, p_deal), '42501', null, p_delete);
  end if;
end $$;

-- An id of the numbered fixtures (tests.create_actors, tests.cast, tests.qna_deal): '<n>000000-0000-0000-0000-' and the last twelve characters.
create or replace function tests.fixture_id(p_n text, p_tail text) returns uuid
language sql immutable as $$ select (p_n || '000000-0000-0000-0000-' || p_tail)::uuid $$;

-- A file's actors, numbered: accounts <name>@<p_domain>.test (an underscore in a name is a hyphen in its e-mail) with ids
-- '<n>000000-0000-0000-0000-0000000000NN', NN a name's place in p_names from 01, created in that order, those named in
-- p_super_admins platform super admins; and the temp table actor (tests.matrix's, readable by every role) naming them.
create or replace function tests.create_actors(p_n text, p_domain text, p_names text[], p_super_admins text[] default '{}')
returns void
language plpgsql as $$
declare
  v record;
begin
  create temp table actor (ord int unique, name text primary key, id uuid, email text) on commit drop;
  grant select on pg_temp.actor to public;
  insert into pg_temp.actor
  select ord, name, tests.fixture_id(p_n, lpad(ord::text, 12, '0')), replace(name, '_', '-') || '@' || p_domain || '.test'
  from unnest(p_names) with ordinality a(name, ord);
  for v in select * from pg_temp.actor order by ord loop
    if v.name = any(p_super_admins) then
      perform tests.create_super_admin(v.email, v.id);
    else
      perform tests.create_user(v.email, v.id);
    end if;
  end loop;
end $$;

-- The two deals the row-level security files 02, 03, 10, 11 and 12 act in. Actors (tests.create_actors, in this
-- order): owner, admin, contributor, the viewers p_viewers, suspended, stranger, super (a platform super admin,
-- member of nothing) and beta-owner. Deal "<p_name> Alpha" (p_alpha) of the owner, with admin an admin, contributor
-- a contributor, the viewers viewers and suspended a suspended p_suspended_role; deal "<p_name> Beta" (p_beta) of
-- beta-owner, its only member.
create or replace function tests.alpha_beta_deals(
  p_n text, p_domain text, p_name text, p_viewers text[], p_suspended_role text, p_alpha uuid, p_beta uuid
) returns void
language plpgsql as $$
declare
  v_viewer text;
begin
  perform tests.create_actors(p_n, p_domain,
    array['owner', 'admin', 'contributor'] || p_viewers || array['suspended', 'stranger', 'super', 'beta-owner'], array['super']);
  perform tests.create_deal(p_name || ' Alpha', (select id from pg_temp.actor where name = 'owner'), p_alpha);
  perform tests.create_deal(p_name || ' Beta', (select id from pg_temp.actor where name = 'beta-owner'), p_beta);
  perform tests.add_member(p_alpha, (select id from pg_temp.actor where name = 'admin'), 'admin');
  perform tests.add_member(p_alpha, (select id from pg_temp.actor where name = 'contributor'), 'contributor');
  foreach v_viewer in array p_viewers loop
    perform tests.add_member(p_alpha, (select id from pg_temp.actor where name = v_viewer), 'viewer');
  end loop;
  perform tests.add_member(p_alpha, (select id from pg_temp.actor where name = 'suspended'), p_suspended_role, 'suspended');
end $$;

-- The cast the people and checklist files (20, 21, 30, 31) share, ids '<n>000000-0000-0000-0000-0000000000NN':
-- accounts uN@<name>.test for N 1 to p_users (11 a super admin); deals "<Name> Alpha" …a1 of 01 and
-- "<Name> Beta" …b2 of 12; Alpha's set p_set …5a1; Alpha members 02 admin, 03 upload_only, 04 upload_view,
-- 05 approve_only, 06 edit (the system sets), 07 on set …5a1, 08 without a set, 09 suspended admin; and a
-- temp table actor (tests.matrix's) with, in this order, anon, stranger (10), upload_only (03),
-- upload_view, approve_only, edit, custom (07), grouped (08), suspended, admin (02), owner (01), super (11),
-- beta_owner (12).
create or replace function tests.cast(p_n text, p_name text, p_set text, p_capabilities text[], p_users int default 12)
returns void
language plpgsql as $$
declare
  v_alpha uuid := tests.fixture_id(p_n, '0000000000a1');
begin
  create temp table actor (ord int unique, name text primary key, id uuid, email text) on commit drop;
  perform case when n = 11 then tests.create_super_admin(format('u%s@%s.test', n, p_name), tests.fixture_id(p_n, lpad(n::text, 12, '0')))
               else tests.create_user(format('u%s@%s.test', n, p_name), tests.fixture_id(p_n, lpad(n::text, 12, '0'))) end
  from generate_series(1, p_users) n order by n;
  perform tests.create_deal(initcap(p_name) || ' Alpha', tests.fixture_id(p_n, '000000000001'), v_alpha);
  perform tests.create_deal(initcap(p_name) || ' Beta', tests.fixture_id(p_n, '000000000012'), tests.fixture_id(p_n, '0000000000b2'));
  insert into public.permission_sets (id, deal_id, name, capabilities) values (tests.fixture_id(p_n, '0000000005a1'), v_alpha, p_set, p_capabilities);
  perform tests.add_member(v_alpha, tests.fixture_id(p_n, '0000000000' || u), r, s,
    case when ps = 'own' then tests.fixture_id(p_n, '0000000005a1')
         else (select id from public.permission_sets where deal_id is null and name = ps) end)
  from (values ('02', 'admin', 'active', null), ('03', 'member', 'active', 'upload_only'),
               ('04', 'member', 'active', 'upload_view'), ('05', 'member', 'active', 'approve_only'),
               ('06', 'member', 'active', 'edit'), ('07', 'member', 'active', 'own'),
               ('08', 'member', 'active', null), ('09', 'admin', 'suspended', null)) m(u, r, s, ps);
  insert into pg_temp.actor (ord, name, id, email)
  select ord, name, case when n is null then null else tests.fixture_id(p_n, '0000000000' || n) end,
         case when n is null then null else format('u%s@%s.test', n::int, p_name) end
  from (values (1, 'anon', null), (2, 'stranger', '10'), (3, 'upload_only', '03'), (4, 'upload_view', '04'),
               (5, 'approve_only', '05'), (6, 'edit', '06'), (7, 'custom', '07'), (8, 'grouped', '08'),
               (9, 'suspended', '09'), (10, 'admin', '02'), (11, 'owner', '01'), (12, 'super', '11'),
               (13, 'beta_owner', '12')) a(ord, name, n);
end $$;

-- The Q&A deal 48_qna and 50_qna_activity share, ids '<n>000000-0000-0000-0000-0000000000…': a temp
-- table actor (tests.matrix's) with owner, seller (set Sellers …5e1), approver (Approvers …5e2), buyer_a and buyer_a2
-- (group Bidder A …6a1 on set Bidders …5e3), buyer_b (Bidder B …6b1), viewer and outsider, ids …001 to
-- …008, e-mails <name>@qna<n>.test; deal Qna<n> …0d1 of the owner; file a-only.pdf …0f2, custom, seen by
-- group A and the answering side. Returns the deal's id.
create or replace function tests.qna_deal(p_n text) returns uuid
language plpgsql as $$
declare
  v_deal uuid := tests.fixture_id(p_n, '0000000000d1');
begin
  perform tests.create_actors(p_n, 'qna' || p_n,
    array['owner', 'seller', 'approver', 'buyer_a', 'buyer_a2', 'buyer_b', 'viewer', 'outsider']);
  perform tests.create_deal('Qna' || p_n, tests.fixture_id(p_n, '000000000001'), v_deal);
  insert into public.permission_sets (id, deal_id, name, capabilities) values
    (tests.fixture_id(p_n, '0000000005e1'), v_deal, 'Sellers', '{view,download,answer_questions}'),
    (tests.fixture_id(p_n, '0000000005e2'), v_deal, 'Approvers', '{view,answer_questions,approve_answers}'),
    (tests.fixture_id(p_n, '0000000005e3'), v_deal, 'Bidders', '{view,download,ask_questions}');
  perform tests.add_member(v_deal, tests.fixture_id(p_n, '000000000002'), 'member', 'active', tests.fixture_id(p_n, '0000000005e1'));
  perform tests.add_member(v_deal, tests.fixture_id(p_n, '000000000003'), 'member', 'active', tests.fixture_id(p_n, '0000000005e2'));
  perform tests.add_member(v_deal, tests.fixture_id(p_n, '00000000000' || i), 'member') from generate_series(4, 6) i;
  perform tests.add_member(v_deal, tests.fixture_id(p_n, '000000000007'), 'viewer');
  perform tests.add_group(v_deal, 'Bidder A', tests.fixture_id(p_n, '0000000005e3'),
    array[tests.fixture_id(p_n, '000000000004'), tests.fixture_id(p_n, '000000000005')], tests.fixture_id(p_n, '0000000006a1'));
  perform tests.add_group(v_deal, 'Bidder B', tests.fixture_id(p_n, '0000000005e3'),
    array[tests.fixture_id(p_n, '000000000006')], tests.fixture_id(p_n, '0000000006b1'));
  insert into public.files (id, deal_id, name, upload_state, current_version, size_bytes, uploaded_by)
  values (tests.fixture_id(p_n, '0000000000f2'), v_deal, 'a-only.pdf', 'ready', 1, 10, tests.fixture_id(p_n, '000000000001'));
  update public.files set permission_type = 'custom' where id = tests.fixture_id(p_n, '0000000000f2');
  insert into public.file_permissions (file_id, deal_id, allowed_groups, allowed_users)
  values (tests.fixture_id(p_n, '0000000000f2'), v_deal, array[tests.fixture_id(p_n, '0000000006a1')],
          array[tests.fixture_id(p_n, '000000000002'), tests.fixture_id(p_n, '000000000003')]);
  return v_deal;
end $$;

create or replace function tests."as"(p_user uuid) returns void
language plpgsql as $$
begin
  perform tests.as_user(p_user::text);
end $$;

grant execute on all functions in schema tests to anon, authenticated, service_role;

select has_function('tests', 'as_user', array['text', 'text', 'text'], 'tests.as_user exists');
select has_function('tests', 'as_anon', 'tests.as_anon exists');
select has_function('tests', 'as_service', 'tests.as_service exists');
select has_function('tests', 'as_server', 'tests.as_server exists');
select has_function('tests', 'act', array['text'], 'tests.act exists');
select has_function('tests', 'try', array['text', 'text'], 'tests.try exists');
select has_function('tests', 'matrix', array['text', 'text', 'text'], 'tests.matrix exists');
select has_function('tests', 'generic_plans', array['text', 'integer'], 'tests.generic_plans exists');
select has_function('tests', 'create_user', array['text', 'uuid', 'jsonb'], 'tests.create_user exists');
select has_function('tests', 'create_super_admin', array['text', 'uuid'], 'tests.create_super_admin exists');
select has_function('tests', 'create_deal', array['text', 'uuid', 'uuid', 'text'], 'tests.create_deal exists');
select has_function('tests', 'add_member', array['uuid', 'uuid', 'text', 'text', 'uuid', 'text'], 'tests.add_member exists');
select has_function('tests', 'as', array['uuid'], 'tests.as exists');

-- The fixtures build what a file needs, and tests.as acts as the person. This file commits, so what the
-- check built is removed after it (a savepoint would take pgTAP's results with it).
select tests.create_deal('Fixture deal', tests.create_user('fixture-owner@helpers.test'), '00000000-0000-0000-0000-0000000000d1');
select tests.add_member('00000000-0000-0000-0000-0000000000d1', tests.create_user('fixture-viewer@helpers.test'));
select tests.create_super_admin('fixture-root@helpers.test');
select is((select role from public.deal_members where deal_id = '00000000-0000-0000-0000-0000000000d1' and user_id = tests.user_id('fixture-owner@helpers.test')),
  'admin', 'tests.create_deal: the owner is the deal''s admin member');
select is((select role || '/' || status from public.deal_members where deal_id = '00000000-0000-0000-0000-0000000000d1' and user_id = tests.user_id('fixture-viewer@helpers.test')),
  'viewer/active', 'tests.add_member: an active viewer by default');
select ok(exists (select 1 from public.platform_admins where user_id = tests.user_id('fixture-root@helpers.test')), 'tests.create_super_admin: a platform admin');
select tests.as(tests.user_id('fixture-viewer@helpers.test'));
select is(auth.uid(), tests.user_id('fixture-viewer@helpers.test'), 'tests.as: auth.uid() is the person');
select is(current_user::text, 'authenticated', 'tests.as: as the authenticated role');
select is((select count(*)::int from public.deals), 1, 'tests.as: the person sees the deal they are a member of');
select is((select count(*)::int from public.deals where id <> '00000000-0000-0000-0000-0000000000d1'), 0, 'tests.as: and no other');
select tests.as_server();
delete from public.deals where id = '00000000-0000-0000-0000-0000000000d1';
delete from public.platform_admins where user_id in (select id from auth.users where email like 'fixture-%@helpers.test');
delete from auth.users where email like 'fixture-%@helpers.test';
select * from finish();
commit;
