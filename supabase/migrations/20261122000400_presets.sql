-- Checklist presets offered when a deal is created. The checklist issue adds their catalog items.
create table public.checklist_presets (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 100),
  description text not null default '',
  is_default boolean not null default false,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index checklist_presets_name_key on public.checklist_presets (lower(name));
-- At most one default; the checklist issue makes it exactly one.
create unique index checklist_presets_one_default on public.checklist_presets ((true)) where is_default;
alter table public.checklist_presets enable row level security;
revoke all on public.checklist_presets from anon;

create policy checklist_presets_select on public.checklist_presets for select to authenticated
  using (active or (select private.is_super_admin()));
create policy checklist_presets_write_insert on public.checklist_presets for insert to authenticated
  with check ((select private.is_super_admin()));
create policy checklist_presets_write_update on public.checklist_presets for update to authenticated
  using ((select private.is_super_admin())) with check ((select private.is_super_admin()));
create policy checklist_presets_write_delete on public.checklist_presets for delete to authenticated
  using ((select private.is_super_admin()));

create trigger checklist_presets_audit after insert or update or delete on public.checklist_presets
  for each row execute function private.audit_row('preset');

-- Supabase's default privileges give API roles every table privilege; TRUNCATE (which skips RLS),
-- TRIGGER and REFERENCES are never theirs.
revoke truncate, trigger, references on all tables in schema public from anon, authenticated;
