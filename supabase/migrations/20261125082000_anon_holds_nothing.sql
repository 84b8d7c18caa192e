-- `anon` (a request without a signed-in account) holds no privilege on any table: the API answers
-- such requests before touching the database, and RLS would show them no row anyway; this removes
-- the second way in. Supabase's default privileges grant new tables in public to anon: revoked too,
-- so tables added later start closed. See docs/access-model.md.
revoke all on all tables in schema public from anon;
revoke all on all sequences in schema public from anon;
alter default privileges in schema public revoke all on tables from anon;
alter default privileges in schema public revoke all on sequences from anon;
