-- The role the embedded server, its migrations and the tests connect as, made what Supabase's `postgres`
-- role is (its image's "demote postgres" migration): not a superuser; it creates roles and databases,
-- bypasses row-level security, may become anon, authenticated and service_role, and is a member of
-- the owners of GoTrue's and Storage's tables, whose rows it may read and write. Applied by the
-- cluster's superuser right after bootstrap.sql, on plain Postgres only; the password is set apart.
do $$ begin
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin nologin noinherit createrole;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin nologin noinherit createrole;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'dataroom_app') then
    create role dataroom_app login;
  end if;
end $$;
alter role dataroom_app nosuperuser createdb createrole login bypassrls inherit;
alter role dataroom_app set search_path = "$user", public, extensions;
grant anon, authenticated, service_role, supabase_auth_admin, supabase_storage_admin to dataroom_app;
-- Realtime's migration 20240401105812 makes `postgres` a member of supabase_realtime_admin, the owner of
-- realtime.messages, so that policies on it can be written in migrations.
grant supabase_realtime_admin to dataroom_app;

-- GoTrue's and Storage's tables belong to their services' roles, as on Supabase.
do $$
declare
  r record;
begin
  for r in select n.nspname, c.relname, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname in ('auth', 'storage') and c.relkind in ('r', 'p', 'S', 'v')
             and not (c.relkind = 'S' and exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i')))
  loop
    execute format('alter %s %I.%I owner to %I',
                   case r.relkind when 'S' then 'sequence' when 'v' then 'view' else 'table' end,
                   r.nspname, r.relname, case r.nspname when 'auth' then 'supabase_auth_admin' else 'supabase_storage_admin' end);
  end loop;
  for r in select p.oid::regprocedure as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where n.nspname = 'auth'
  loop
    execute format('alter function %s owner to supabase_auth_admin', r.fn);
  end loop;
  for r in select p.oid::regprocedure as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where n.nspname = 'storage'
  loop
    execute format('alter function %s owner to supabase_storage_admin', r.fn);
  end loop;
end $$;
alter schema auth owner to supabase_auth_admin;
alter schema storage owner to supabase_storage_admin;

do $$ begin
  execute format('grant all on database %I to dataroom_app', current_database());
end $$;
grant all on schema public, extensions, auth, storage to dataroom_app;
grant all on all tables in schema auth, storage, extensions to dataroom_app;
grant all on all sequences in schema auth, storage, extensions to dataroom_app;
grant all on all routines in schema auth, storage, extensions to dataroom_app;
-- Nothing the migrations create in public is granted to the API roles by default, as for `postgres` on
-- Supabase today: each migration grants what it creates (docs/decisions.md decision 31). Older data
-- directories had those defaults: revoked.
alter default privileges for role dataroom_app in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges for role dataroom_app in schema public revoke all on functions from anon, authenticated, service_role;
alter default privileges for role dataroom_app in schema public revoke all on sequences from anon, authenticated, service_role;

-- Data directories whose migrations ran as the superuser: what they created passes to the app role.
do $$
declare
  r record;
begin
  for r in select n.nspname from pg_namespace n
           where n.nspname in ('public', 'private', '_ledger', 'tests') and n.nspowner <> 'dataroom_app'::regrole
             and n.nspname <> 'public'
  loop
    execute format('alter schema %I owner to dataroom_app', r.nspname);
  end loop;
  for r in select n.nspname, c.relname, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname in ('public', 'private', '_ledger', 'tests') and c.relkind in ('r', 'p', 'S', 'v', 'm')
             and c.relowner <> 'dataroom_app'::regrole
             and not (c.relkind = 'S' and exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i')))
  loop
    execute format('alter %s %I.%I owner to dataroom_app',
                   case r.relkind when 'S' then 'sequence' when 'v' then 'view' when 'm' then 'materialized view' else 'table' end,
                   r.nspname, r.relname);
  end loop;
  for r in select p.oid::regprocedure as fn, p.prokind from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where n.nspname in ('public', 'private', 'tests') and p.proowner <> 'dataroom_app'::regrole
             and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
  loop
    execute format('alter %s %s owner to dataroom_app', case r.prokind when 'p' then 'procedure' else 'function' end, r.fn);
  end loop;
  for r in select n.nspname, t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace
           where n.nspname in ('public', 'private') and t.typtype in ('e', 'd', 'c') and t.typowner <> 'dataroom_app'::regrole
             and not exists (select 1 from pg_class c where c.reltype = t.oid and c.relkind <> 'c')
  loop
    execute format('alter type %I.%I owner to dataroom_app', r.nspname, r.typname);
  end loop;
end $$;
