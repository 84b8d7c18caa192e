-- A password nobody proved belongs to the address's owner never survives the proof of that address
-- (docs/decisions.md decision 30, the pre-account takeover). Anyone may register someone else's address
-- with a password of their own; the account stays unconfirmed until a link mailed to the address is
-- opened. When that happens and the opener did not show they are the registrant (the registering
-- session, or that registration's password), the password is the stranger's: the database marks the
-- account here, in the same update that confirms the address, on both platforms (GoTrue's own /verify
-- included). The API then clears the password and ends every other session; until it has, a marked
-- account's sessions are refused by the API and, through passes_deal_mfa, see no deal in RLS.

create table private.unproved_passwords (
  user_id uuid primary key references auth.users (id) on delete cascade,
  marked_at timestamptz not null default now()
);
alter table private.unproved_passwords enable row level security;

-- Accounts whose password was cleared by a link's proof: they set a new one without the old one.
create table private.cleared_passwords (
  user_id uuid primary key references auth.users (id) on delete cascade,
  cleared_at timestamptz not null default now()
);
alter table private.cleared_passwords enable row level security;

-- Only the server (the migration owner) reads or writes these: the API roles get nothing, stated so
-- (docs/decisions.md decision 31).
revoke all on private.unproved_passwords, private.cleared_passwords from public, anon, authenticated, service_role;

-- Confirmation links of the embedded platform are bound to the registration they confirm.
alter table private.magic_links
  add column purpose text not null default 'sign_in' check (purpose in ('sign_in', 'confirm')),
  add column user_id uuid references auth.users (id) on delete cascade;

create or replace function private.mark_unproved_password() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.email_confirmed_at is null and new.email_confirmed_at is not null
     and coalesce(old.encrypted_password, '') <> ''
     -- Set, for its transaction only, by the one path that proved the registrant (embedded confirm links).
     and coalesce(current_setting('dataroom.registrant_proved', true), '') <> new.id::text then
    insert into private.unproved_passwords (user_id) values (new.id) on conflict (user_id) do nothing;
  end if;
  return new;
end $$;

create trigger mark_unproved_password
  after update of email_confirmed_at on auth.users
  for each row execute function private.mark_unproved_password();

/** Removes the account's mark; true when there was one (its password must then be cleared). */
create or replace function private.take_unproved_password(p_user_id uuid) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  v_found boolean;
begin
  delete from private.unproved_passwords where user_id = p_user_id returning true into v_found;
  return coalesce(v_found, false);
end $$;

create or replace function private.has_unproved_password(p_user_id uuid) returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return exists (select 1 from private.unproved_passwords where user_id = p_user_id);
end $$;

-- Every helper through which membership grants anything asks this one (migration 20261125140000):
-- a marked account reaches no deal, whatever path it takes into the data.
create or replace function private.passes_deal_mfa(p_deal_id uuid) returns boolean
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    return true;
  end if;
  if exists (select 1 from private.unproved_passwords u where u.user_id = v_uid) then
    return false;
  end if;
  return private.session_is_aal2()
      or not exists (select 1 from public.deals d where d.id = p_deal_id and d.require_mfa);
end $$;

-- Whether the account has a password its owner can use (the settings page asks for the current one only
-- then): never set (an account made by a sign-in link) or cleared by a link's proof reads false. Only
-- about yourself (privileged callers: anyone).
create or replace function private.password_is_set(p_user_id uuid) returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  if auth.uid() is not null and auth.uid() <> p_user_id then
    return null;
  end if;
  return exists (select 1 from auth.users u
                 where u.id = p_user_id and coalesce(u.encrypted_password, '') <> ''
                   and not exists (select 1 from private.cleared_passwords c where c.user_id = u.id));
end $$;

-- Only the server reads or lifts a mark: a marked person must not lift their own.
revoke execute on function private.take_unproved_password(uuid) from public, anon, authenticated;
revoke execute on function private.has_unproved_password(uuid) from public, anon, authenticated;
revoke execute on function private.mark_unproved_password() from public, anon, authenticated;
