-- Deals, their members, and the capability helper every policy calls.
create table public.deals (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 200),
  description text not null default '' check (length(description) <= 5000),
  owner_id uuid not null references auth.users (id),
  checklist_preset text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  archived_at timestamptz
);
create index deals_owner_idx on public.deals (owner_id);
alter table public.deals enable row level security;

create table public.deal_members (
  deal_id uuid not null references public.deals (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null check (role in ('admin', 'contributor', 'viewer')),
  status text not null default 'active' check (status in ('active', 'inactive', 'suspended')),
  company text check (length(company) <= 200),
  joined_at timestamptz not null default now(),
  primary key (deal_id, user_id)
);
create index deal_members_user_idx on public.deal_members (user_id, deal_id);
alter table public.deal_members enable row level security;

-- Capabilities implied by a deal role (DESIGN.md, the access model).
create or replace function private.role_capabilities(p_role text) returns text[]
language sql immutable set search_path = '' as $$
  select case p_role
    when 'admin' then array['view','download','comment','approve','upload','edit_files','edit_folders','edit_checklist','manage_users']
    when 'contributor' then array['view','download','comment','approve','upload','edit_files','edit_folders','edit_checklist']
    when 'viewer' then array['view','download','comment','upload']
    else array[]::text[]
  end
$$;

create or replace function private.is_deal_member(p_deal_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.deal_members m
    where m.deal_id = p_deal_id and m.user_id = (select auth.uid()) and m.status = 'active')
$$;

create or replace function private.is_deal_admin(p_deal_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.deal_members m
    where m.deal_id = p_deal_id and m.user_id = (select auth.uid())
      and m.status = 'active' and m.role = 'admin')
$$;

create or replace function private.has_capability(p_deal_id uuid, p_capability text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.deal_members m
    where m.deal_id = p_deal_id and m.user_id = (select auth.uid()) and m.status = 'active'
      and p_capability = any (private.role_capabilities(m.role)))
$$;

-- The caller's active deals and the people they share one with, as sets: policies use
-- `deal_id in (select private.my_deal_ids())`, computed once per statement and hashed, instead of a
-- function call per row.
create or replace function private.my_deal_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select m.deal_id from public.deal_members m where m.user_id = (select auth.uid()) and m.status = 'active'
$$;

create or replace function private.co_member_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select distinct theirs.user_id from public.deal_members mine
  join public.deal_members theirs on theirs.deal_id = mine.deal_id
  where mine.user_id = (select auth.uid()) and mine.status = 'active'
$$;

grant execute on all functions in schema private to authenticated, service_role;

-- The creator becomes owner and admin, in the same transaction.
create or replace function private.add_deal_owner() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.deal_members (deal_id, user_id, role) values (new.id, new.owner_id, 'admin');
  return new;
end $$;
create trigger deals_add_owner after insert on public.deals
  for each row execute function private.add_deal_owner();

-- Owner never changes; archiving cannot be undone; updated_at is kept by the database.
create or replace function private.guard_deal_update() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.owner_id is distinct from old.owner_id then
    raise exception 'The deal owner cannot be changed' using errcode = '42501';
  end if;
  if old.archived_at is not null and new.archived_at is null then
    raise exception 'An archived deal cannot be restored' using errcode = '42501';
  end if;
  new.updated_at := now();
  return new;
end $$;
create trigger deals_guard_update before update on public.deals
  for each row execute function private.guard_deal_update();

revoke all on public.deals from anon;
revoke all on public.deal_members from anon;
revoke update, delete, truncate on public.deals from authenticated;
grant update (name, description, archived_at) on public.deals to authenticated;
-- A new deal starts open, now: the caller sets only what the create form sends.
revoke insert on public.deals from authenticated;
grant insert (id, name, description, owner_id, checklist_preset) on public.deals to authenticated;

create policy deals_select on public.deals for select to authenticated
  using (owner_id = (select auth.uid()) or private.is_deal_member(id));
create policy deals_insert on public.deals for insert to authenticated
  with check (owner_id = (select auth.uid()));
-- Archived deals stay readable but can no longer change.
create policy deals_update on public.deals for update to authenticated
  using (private.is_deal_admin(id) and archived_at is null) with check (private.is_deal_admin(id));

create policy deal_members_select on public.deal_members for select to authenticated
  using (deal_id in (select private.my_deal_ids()));
-- The owner's own row is protected from every member, admins included.
create policy deal_members_insert on public.deal_members for insert to authenticated
  with check (private.has_capability(deal_id, 'manage_users'));
create policy deal_members_update on public.deal_members for update to authenticated
  using (private.has_capability(deal_id, 'manage_users')
         and user_id <> (select d.owner_id from public.deals d where d.id = deal_id))
  with check (private.has_capability(deal_id, 'manage_users')
         and user_id <> (select d.owner_id from public.deals d where d.id = deal_id));
create policy deal_members_delete on public.deal_members for delete to authenticated
  using (private.has_capability(deal_id, 'manage_users')
         and user_id <> (select d.owner_id from public.deals d where d.id = deal_id));

create policy profiles_select on public.profiles for select to authenticated
  using (id = (select auth.uid()) or id in (select private.co_member_ids()) or (select private.is_super_admin()));
create policy profiles_update on public.profiles for update to authenticated
  using (id = (select auth.uid())) with check (id = (select auth.uid()));

-- Supabase's default privileges give API roles every table privilege; TRUNCATE (which skips RLS),
-- TRIGGER and REFERENCES are never theirs.
revoke truncate, trigger, references on all tables in schema public from anon, authenticated;
