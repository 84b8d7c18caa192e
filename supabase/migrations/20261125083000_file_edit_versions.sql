-- Edits carry the version they were based on: a person's edit of a file (its name, title, tags, links
-- or metadata) bumps edit_version and records who made it, so an edit based on an older version is
-- refused (409 with the current state) instead of silently overwriting someone else's. Changes made
-- by the system (AI status, approvals, new versions) do not bump it: they never conflict with an edit.
alter table public.files
  add column edit_version integer not null default 1,
  add column edited_by uuid references auth.users (id) on delete set null;
