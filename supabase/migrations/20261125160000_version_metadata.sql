-- The people, organisations and languages a document names belong to a version of it (docs/product.md
-- §3 File metadata): a new version starts with its predecessor's lists, edits change the current
-- version's only, and every earlier version keeps what it named. file_metadata holds the current
-- version's lists (what the file page edits); file_versions keeps each version's, written by the
-- database alone.
alter table public.file_versions
  add column people_mentioned text[] not null default '{}',
  add column named_organizations text[] not null default '{}',
  add column languages_used text[] not null default '{}';

update public.file_versions v
set people_mentioned = m.people_mentioned, named_organizations = m.named_organizations, languages_used = m.languages_used
from public.files f join public.file_metadata m on m.file_id = f.id
where v.file_id = f.id and v.version_number = f.current_version;

-- A new version carries the current lists over.
create or replace function private.version_inherits_names() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  select m.people_mentioned, m.named_organizations, m.languages_used
  into new.people_mentioned, new.named_organizations, new.languages_used
  from public.file_metadata m where m.file_id = new.file_id;
  new.people_mentioned := coalesce(new.people_mentioned, '{}');
  new.named_organizations := coalesce(new.named_organizations, '{}');
  new.languages_used := coalesce(new.languages_used, '{}');
  return new;
end $$;
create trigger version_inherits_names before insert on public.file_versions
  for each row execute function private.version_inherits_names();

-- Edits of the lists are the current version's.
create or replace function private.names_to_current_version() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.file_versions v
  set people_mentioned = new.people_mentioned, named_organizations = new.named_organizations, languages_used = new.languages_used
  from public.files f
  where f.id = new.file_id and v.file_id = f.id and v.version_number = f.current_version;
  return new;
end $$;
create trigger names_to_current_version
  after insert or update of people_mentioned, named_organizations, languages_used on public.file_metadata
  for each row execute function private.names_to_current_version();
