-- Guard for every table that exists now and every table added later: in the schemas the API exposes
-- (public, storage), row-level security is enabled, and `anon` holds no privilege on any table.
-- In schemas nothing exposes (private, auth, _ledger), neither anon nor authenticated touch a table
-- directly. See docs/access-model.md.
begin;
create extension if not exists pgtap with schema extensions;
select plan(4);

select is_empty($$
  select format('%I.%I', n.nspname, c.relname)
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname = 'public' and not c.relrowsecurity
$$, 'every table in public has row-level security enabled');

select is_empty($$
  select format('%I.%I: %s', table_schema, table_name, privilege_type)
  from information_schema.role_table_grants
  where grantee = 'anon' and table_schema in ('public', 'private', '_ledger')
$$, 'anon holds no privilege on any table of public, private or _ledger');

select is_empty($$
  select format('%I.%I: %s %s', table_schema, table_name, grantee, privilege_type)
  from information_schema.role_table_grants
  where grantee in ('anon', 'authenticated') and table_schema in ('private', '_ledger')
$$, 'neither anon nor authenticated can touch a table in private or _ledger directly');

select is_empty($$
  select format('%I.%I', n.nspname, c.relname)
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname = 'private' and not c.relrowsecurity
$$, 'tables in private have row-level security enabled too (a second lock should a grant ever slip)');

select * from finish();
rollback;
