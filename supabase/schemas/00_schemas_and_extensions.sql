set check_function_bodies = false;

-- schema

CREATE SCHEMA private;

GRANT USAGE ON SCHEMA private TO authenticated;
GRANT USAGE ON SCHEMA private TO anon;
GRANT USAGE ON SCHEMA private TO service_role;

create extension if not exists pg_trgm with schema extensions;
