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
begin;
create extension if not exists pgtap with schema extensions;
select plan(4);

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

create or replace function tests.as_anon() returns void
language plpgsql as $$
begin
  perform set_config('role', 'none', true);
  perform set_config('request.jwt.claims', '{"role":"anon"}', true);
  perform set_config('role', 'anon', true);
end $$;

create or replace function tests.as_service() returns void
language plpgsql as $$
begin
  perform set_config('role', 'none', true);
  perform set_config('request.jwt.claims', '{"role":"service_role"}', true);
  perform set_config('role', 'service_role', true);
end $$;

create or replace function tests.as_server() returns void
language plpgsql as $$
begin
  perform set_config('role', 'none', true);
  perform set_config('request.jwt.claims', '', true);
end $$;

grant execute on all functions in schema tests to anon, authenticated, service_role;

select has_function('tests', 'as_user', array['text', 'text', 'text'], 'tests.as_user exists');
select has_function('tests', 'as_anon', 'tests.as_anon exists');
select has_function('tests', 'as_service', 'tests.as_service exists');
select has_function('tests', 'as_server', 'tests.as_server exists');
select * from finish();
commit;
