-- The database is shaped as Supabase's is, so what passes here passes there (docs/architecture.md
-- "Two platforms"): the API roles inherit, the search path is set per login role and never for the
-- whole database, Storage's tables carry row-level security, auth.users is GoTrue's, and the
-- connection is no superuser. True on a Supabase project as well.
begin;
create extension if not exists pgtap with schema extensions;
select plan(15);

-- As `supabase test db` runs the suite: the server's default plan cache, not the API's force_custom_plan.
select is(current_setting('plan_cache_mode'), 'auto', 'the suite runs with the default plan cache mode');
-- As on Supabase: authenticated reads no account row directly; definer helpers answer what policies need.
select ok(not has_table_privilege('authenticated', 'auth.users', 'select'), 'authenticated cannot read auth.users');
select ok(exists (select 1 from pg_trigger where tgname = 'protect_objects_delete' and tgrelid = 'storage.objects'::regclass),
  'storage.objects refuses direct deletes (Storage''s protect_delete trigger)');
select is((select array_agg(rolname::text order by rolname) from pg_roles
           where rolname in ('anon', 'authenticated', 'service_role') and rolinherit),
          array['anon', 'authenticated', 'service_role'], 'anon, authenticated and service_role are INHERIT');

select is_empty($$
  select s.setconfig from pg_db_role_setting s join pg_database d on d.oid = s.setdatabase
  where d.datname = current_database() and s.setrole = 0 and exists (select 1 from unnest(s.setconfig) c where c like 'search_path=%')
$$, 'no search_path is set for the whole database');

select is_empty($$
  select r.rolname from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
  where r.rolname in ('anon', 'authenticated', 'service_role') and exists (select 1 from unnest(s.setconfig) c where c like 'search_path=%')
$$, 'the API roles keep the default search path: extensions are reached by name (extensions.crypt …)');

select ok((select relrowsecurity from pg_class where oid = 'storage.objects'::regclass), 'storage.objects has row-level security');
select ok((select relrowsecurity from pg_class where oid = 'storage.buckets'::regclass), 'storage.buckets has row-level security');

-- auth.users as GoTrue leaves it: the writer gives id, aud, role and timestamps; uniqueness is on the
-- address as written (GoTrue and the app lower-case it first).
select col_hasnt_default('auth', 'users', 'id', 'auth.users.id has no default: GoTrue gives every id');
select col_hasnt_default('auth', 'users', 'created_at', 'auth.users.created_at has no default either');
select ok((select indexdef like '%(email) WHERE (is_sso_user = false)' from pg_indexes
           where schemaname = 'auth' and indexname = 'users_email_partial_key'),
          'e-mail uniqueness is GoTrue''s: partial, on email as written');
select has_column('auth', 'users', 'reauthentication_token', 'auth.users has GoTrue''s later columns');

-- The tests, the migrations and the API connect as Supabase's `postgres` is: no superuser, but it
-- bypasses row-level security; GoTrue's and Storage's tables belong to their services' roles.
select is((select array[rolsuper, rolbypassrls] from pg_roles where rolname = session_user),
          array[false, true], 'the connection''s role is no superuser and bypasses RLS, as Supabase''s postgres');
select is((select tableowner::text from pg_tables where schemaname = 'auth' and tablename = 'users'),
          'supabase_auth_admin', 'auth.users belongs to supabase_auth_admin');
select is((select tableowner::text from pg_tables where schemaname = 'storage' and tablename = 'objects'),
          'supabase_storage_admin', 'storage.objects belongs to supabase_storage_admin');

select * from finish();
rollback;
