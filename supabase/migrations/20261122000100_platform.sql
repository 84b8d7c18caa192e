-- Platform: private helper schema, user profiles, super admins, sign-in bookkeeping.
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated, anon, service_role;

-- Profile of every account; created by the database when the account is.
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text not null,
  first_name text not null default '' check (length(first_name) <= 100),
  last_name text not null default '' check (length(last_name) <= 100),
  title text not null default '' check (length(title) <= 100),
  preferred_color text not null default '#3B82F6' check (preferred_color ~ '^#[0-9A-Fa-f]{6}$'),
  created_at timestamptz not null default now(),
  last_active_at timestamptz
);
create index profiles_email_idx on public.profiles (lower(email));
alter table public.profiles enable row level security;

-- Super administrators of the platform (the admin portal).
create table public.platform_admins (
  user_id uuid primary key references auth.users (id) on delete cascade,
  granted_at timestamptz not null default now(),
  granted_by uuid references auth.users (id) on delete set null
);
alter table public.platform_admins enable row level security;

create or replace function private.is_super_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.platform_admins where user_id = (select auth.uid()))
$$;

create or replace function private.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.profiles (id, email, first_name, last_name)
  values (new.id, lower(new.email),
          coalesce(new.raw_user_meta_data ->> 'first_name', ''),
          coalesce(new.raw_user_meta_data ->> 'last_name', ''))
  on conflict (id) do update set email = excluded.email;
  return new;
end $$;

create trigger on_auth_user_created
  after insert or update of email on auth.users
  for each row execute function private.handle_new_user();

-- Failed password sign-ins, for the per-address rate limit.
create table private.login_failures (
  id bigint generated always as identity primary key,
  email text not null,
  failed_at timestamptz not null default now()
);
create index login_failures_email_idx on private.login_failures (email, failed_at desc);
alter table private.login_failures enable row level security;

-- Single-use sign-in links; only the token's hash is kept.
create table private.magic_links (
  token_hash text primary key,
  email text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
alter table private.magic_links enable row level security;

-- Outgoing mail of the embedded platform (Supabase sends through GoTrue or SMTP).
create table private.mail_outbox (
  id bigint generated always as identity primary key,
  to_email text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now()
);
alter table private.mail_outbox enable row level security;

-- Profiles: your own, those of people you share a deal with (created below), or any for a super admin.
revoke insert, update, delete on public.profiles from anon, authenticated;
grant update (first_name, last_name, title, preferred_color) on public.profiles to authenticated;
revoke all on public.platform_admins from anon;
revoke insert, update, delete on public.platform_admins from authenticated;

create policy platform_admins_select on public.platform_admins for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_super_admin()));

-- Supabase's default privileges give API roles every table privilege; TRUNCATE (which skips RLS),
-- TRIGGER and REFERENCES are never theirs.
revoke truncate, trigger, references on all tables in schema public from anon, authenticated;
