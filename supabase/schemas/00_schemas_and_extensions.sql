-- Declarative schemas: the current definition of every object our migrations make, each once, by
-- concern (docs/decisions.md decision 42). A change goes in a new migration AND here; `npm test -- schemas`
-- builds a database from each and fails on any difference. What the platform provides (Supabase's
-- auth, storage and realtime schemas; embedded, server/db/bootstrap.sql imitates them) is not ours and
-- not here; what our migrations add to it is (auth.users triggers in 10 and 80, the storage and realtime
-- policies in 90). Data is not schema: the `deal-files` bucket row stays in its migration.
--
-- This file: the schema `private` (policy helpers, internal tables) and the extensions we add.
-- Files apply in name order. Each begins with `set check_function_bodies = false`, as `supabase db dump`
-- output does: a helper's body may name a table or helper that a later file defines.

set check_function_bodies = false;

-- Schemas and extensions

CREATE SCHEMA private;

GRANT USAGE ON SCHEMA private TO authenticated;
GRANT USAGE ON SCHEMA private TO anon;
GRANT USAGE ON SCHEMA private TO service_role;

create extension if not exists pg_trgm with schema extensions;
create extension if not exists btree_gin with schema extensions;
