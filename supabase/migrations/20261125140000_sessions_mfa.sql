-- Sessions you can see and end, and two-step verification (docs/decisions.md decisions 21 and 22).
-- auth.sessions and auth.mfa_factors are GoTrue's tables on Supabase; the embedded platform creates
-- them in the same shape before migrations run.

-- The functions below act for the signed-in caller; without one they refuse.
create or replace function private.require_signed_in() returns void
language plpgsql stable set search_path = '' as $$
begin
  if auth.uid() is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
end $$;

-- Every cutoff (a password reset or change, "Sign out everywhere") ends the sessions that existed
-- then: the API refuses tokens of a session created before the cutoff's exact time, whether or not
-- the session row could be deleted (on Supabase, GoTrue owns auth.sessions and the migration role may
-- only read it), and embedded the rows go too, refresh tokens with them.
alter table private.session_cutoffs add column ended_at timestamptz not null default now();

create or replace function private.stamp_cutoff() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.ended_at := now();
  return new;
end $$;
create trigger stamp_cutoff before insert or update on private.session_cutoffs
  for each row execute function private.stamp_cutoff();

create or replace function private.end_sessions_at_cutoff() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  begin
    delete from auth.sessions where user_id = new.user_id and created_at < new.ended_at;
  exception when insufficient_privilege then
    null; -- GoTrue's table: the API's check by creation time already refuses them
  end;
  return new;
end $$;
revoke execute on function private.end_sessions_at_cutoff() from public, anon, authenticated;

create trigger end_sessions_at_cutoff
  after insert or update on private.session_cutoffs
  for each row execute function private.end_sessions_at_cutoff();

-- One session ended from the sessions list; kept so its tokens are refused even where the row cannot
-- be deleted.
create table private.ended_sessions (
  session_id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  ended_at timestamptz not null default now()
);
alter table private.ended_sessions enable row level security;

-- Whether a session still opens anything: it exists, was not ended one by one, and began after the
-- person's last cutoff. The API's sign-in check asks this on every call.
create or replace function private.session_is_live(p_session_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from auth.sessions s
    where s.id = p_session_id
      and not exists (select 1 from private.ended_sessions e where e.session_id = s.id)
      and not exists (select 1 from private.session_cutoffs c where c.user_id = s.user_id and s.created_at < c.ended_at))
$$;
revoke execute on function private.session_is_live(uuid) from public, anon, authenticated;

-- The caller's live sessions, newest activity first ("signed in on … from …").
create or replace function public.my_sessions()
returns table (id uuid, created_at timestamptz, last_active_at timestamptz, user_agent text, ip text,
               aal text, is_current boolean)
language sql stable security definer set search_path = '' as $$
  select s.id, s.created_at,
         greatest(s.created_at, s.updated_at, s.refreshed_at at time zone 'utc') as last_active_at,
         s.user_agent, host(s.ip), s.aal::text,
         s.id::text = coalesce((select auth.jwt()) ->> 'session_id', '')
  from auth.sessions s
  where s.user_id = (select auth.uid()) and private.session_is_live(s.id)
  order by 3 desc, 2 desc
$$;
revoke execute on function public.my_sessions() from public, anon;
grant execute on function public.my_sessions() to authenticated;

-- Ends one of the caller's sessions; false when it is not theirs (or already ended).
create or replace function public.end_my_session(p_session_id uuid) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  perform private.require_signed_in();
  if not exists (select 1 from auth.sessions where id = p_session_id and user_id = auth.uid())
     or not private.session_is_live(p_session_id) then
    return false;
  end if;
  insert into private.ended_sessions (session_id, user_id) values (p_session_id, auth.uid()) on conflict do nothing;
  begin
    delete from auth.sessions where id = p_session_id;
  exception when insufficient_privilege then
    null; -- GoTrue's table: ended_sessions already refuses its tokens
  end;
  perform private.audit('user_session_ended', 'user', auth.uid(), '{}', jsonb_build_object('session_id', p_session_id));
  return true;
end $$;
revoke execute on function public.end_my_session(uuid) from public, anon;
grant execute on function public.end_my_session(uuid) to authenticated;

-- Recovery codes: ten single-use codes, stored as SHA-256, shown once when made.
create table private.mfa_recovery_codes (
  user_id uuid not null references auth.users (id) on delete cascade,
  code_hash text not null,
  created_at timestamptz not null default now(),
  used_at timestamptz,
  primary key (user_id, code_hash)
);
alter table private.mfa_recovery_codes enable row level security;

-- The caller's session has proved a second factor.
create or replace function private.session_is_aal2() returns boolean
language sql stable set search_path = '' as $$
  select coalesce((select auth.jwt()) ->> 'aal', 'aal1') = 'aal2'
$$;

-- Whether a person enrolled a second factor: asked about yourself only (privileged callers: anyone).
create or replace function private.has_verified_factor(p_user_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select ((select auth.uid()) is null or p_user_id = (select auth.uid()))
     and exists (select 1 from auth.mfa_factors f where f.user_id = p_user_id and f.status::text = 'verified')
$$;
revoke execute on function private.has_verified_factor(uuid) from public, anon;
grant execute on function private.has_verified_factor(uuid) to authenticated;

-- New codes replace the old; only from a session that proved the second factor.
create or replace function public.replace_my_recovery_codes(p_code_hashes text[]) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform private.require_signed_in();
  if not private.session_is_aal2() then
    raise exception 'Enter a code from your authenticator app first' using errcode = '42501';
  end if;
  if coalesce(array_length(p_code_hashes, 1), 0) <> 10 then
    raise exception 'Ten recovery codes are expected' using errcode = '22023';
  end if;
  delete from private.mfa_recovery_codes where user_id = auth.uid();
  insert into private.mfa_recovery_codes (user_id, code_hash) select auth.uid(), h from unnest(p_code_hashes) h;
  perform private.audit('user_recovery_codes_created', 'user', auth.uid());
end $$;
revoke execute on function public.replace_my_recovery_codes(text[]) from public, anon;
grant execute on function public.replace_my_recovery_codes(text[]) to authenticated;

-- Spends one recovery code of the caller's; false when it is unknown or spent.
create or replace function public.use_my_recovery_code(p_code_hash text) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  perform private.require_signed_in();
  update private.mfa_recovery_codes set used_at = now()
  where user_id = auth.uid() and code_hash = p_code_hash and used_at is null;
  if not found then
    return false;
  end if;
  perform private.audit('user_recovery_code_used', 'user', auth.uid());
  return true;
end $$;
revoke execute on function public.use_my_recovery_code(text) from public, anon;
grant execute on function public.use_my_recovery_code(text) to authenticated;

create or replace function public.my_recovery_codes_left() returns integer
language sql stable security definer set search_path = '' as $$
  select count(*)::int from private.mfa_recovery_codes where user_id = (select auth.uid()) and used_at is null
$$;
revoke execute on function public.my_recovery_codes_left() from public, anon;
grant execute on function public.my_recovery_codes_left() to authenticated;

-- When the last factor goes, its recovery codes go with it (they would prove nothing).
create or replace function public.forget_my_recovery_codes() returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform private.require_signed_in();
  if private.has_verified_factor(auth.uid()) then
    return;
  end if;
  delete from private.mfa_recovery_codes where user_id = auth.uid();
end $$;
revoke execute on function public.forget_my_recovery_codes() from public, anon;
grant execute on function public.forget_my_recovery_codes() to authenticated;

-- "Require two-step verification" for everyone in a deal.
alter table public.deals add column require_mfa boolean not null default false;
grant update (require_mfa) on public.deals to authenticated;

-- Only a session that proved its own second factor may turn the requirement on (else its admin would
-- lock themselves out); turning it on or off is audited.
create or replace function private.guard_require_mfa() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.require_mfa is distinct from old.require_mfa then
    if new.require_mfa and auth.uid() is not null and not private.session_is_aal2() then
      raise exception 'Set up two-step verification for yourself and sign in with it before requiring it for this deal'
        using errcode = '42501';
    end if;
    perform private.audit(case when new.require_mfa then 'deal_mfa_required' else 'deal_mfa_not_required' end,
                          'deal', new.id);
  end if;
  return new;
end $$;
create trigger guard_require_mfa before update of require_mfa on public.deals
  for each row execute function private.guard_require_mfa();

-- Whether the caller's session may act in the deal: any session, unless the deal requires a second
-- factor. Privileged callers (no user) always may.
create or replace function private.passes_deal_mfa(p_deal_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select (select auth.uid()) is null or private.session_is_aal2()
      or not exists (select 1 from public.deals d where d.id = p_deal_id and d.require_mfa)
$$;

-- The deals the caller belongs to but cannot enter with this session (the web leads them to verify).
create or replace function public.my_deals_needing_mfa()
returns table (id uuid, name text)
language sql stable security definer set search_path = '' as $$
  select d.id, d.name from public.deals d
  join public.deal_members m on m.deal_id = d.id and m.user_id = (select auth.uid()) and m.status = 'active'
  where d.require_mfa and not private.session_is_aal2()
  order by d.name
$$;
revoke execute on function public.my_deals_needing_mfa() from public, anon;
grant execute on function public.my_deals_needing_mfa() to authenticated;

-- Every helper through which the caller's membership grants anything now also asks passes_deal_mfa:
-- a member of a deal that requires a second factor, signed in with a password alone, is no member.
create or replace function private.is_deal_member(p_deal_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.deal_members m
    where m.deal_id = p_deal_id and m.user_id = (select auth.uid()) and m.status = 'active')
    and private.passes_deal_mfa(p_deal_id)
$$;

create or replace function private.is_deal_admin(p_deal_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.deal_members m
    where m.deal_id = p_deal_id and m.user_id = (select auth.uid())
      and m.status = 'active' and m.role = 'admin')
    and private.passes_deal_mfa(p_deal_id)
$$;

create or replace function private.member_capabilities(p_deal_id uuid, p_user_id uuid) returns text[]
language sql stable security definer set search_path = '' as $$
  -- Only about yourself, or about a member of a deal you belong to (privileged callers: anyone).
  select coalesce(array_agg(distinct c order by c), '{}') from (
    select * from (values (1)) gate(x)
    where (select auth.uid()) is null
       or (private.passes_deal_mfa(p_deal_id)
           and (p_user_id = (select auth.uid())
                or exists (select 1 from public.deal_members me where me.deal_id = p_deal_id
                           and me.user_id = (select auth.uid()) and me.status = 'active')))
  ) allowed, (
    select unnest(private.role_capabilities(m.role)) as c
      from public.deal_members m where m.deal_id = p_deal_id and m.user_id = p_user_id and m.status = 'active'
    union
    select unnest(ps.capabilities)
      from public.deal_members m join public.permission_sets ps on ps.id = m.permission_set_id
      where m.deal_id = p_deal_id and m.user_id = p_user_id and m.status = 'active'
    union
    select unnest(ps.capabilities)
      from public.deal_members m
      join public.deal_group_members gm on gm.deal_id = m.deal_id and gm.user_id = m.user_id
      join public.deal_groups g on g.id = gm.group_id
      join public.permission_sets ps on ps.id = g.permission_set_id
      where m.deal_id = p_deal_id and m.user_id = p_user_id and m.status = 'active'
  ) caps
$$;

create or replace function private.my_deal_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select m.deal_id from public.deal_members m
  where m.user_id = (select auth.uid()) and m.status = 'active' and private.passes_deal_mfa(m.deal_id)
$$;

create or replace function private.member_deals() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(m.deal_id), '{}') from public.deal_members m
  where m.user_id = (select auth.uid()) and m.status = 'active' and private.passes_deal_mfa(m.deal_id)
$$;

create or replace function private.admin_deals() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(m.deal_id), '{}') from public.deal_members m
  where m.user_id = (select auth.uid()) and m.status = 'active' and m.role = 'admin'
    and private.passes_deal_mfa(m.deal_id)
$$;

create or replace function private.deals_with_capability(p_capability text) returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(m.deal_id), '{}') from public.deal_members m
  where m.user_id = (select auth.uid()) and m.status = 'active' and private.passes_deal_mfa(m.deal_id)
    and p_capability = any (private.member_capabilities(m.deal_id, m.user_id))
$$;

create or replace function private.people_deal_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select m.deal_id from public.deal_members m
  where m.user_id = (select auth.uid()) and m.status = 'active' and private.passes_deal_mfa(m.deal_id)
    and 'view' = any (private.member_capabilities(m.deal_id, m.user_id))
$$;

create or replace function private.co_member_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select distinct theirs.user_id from public.deal_members mine
  join public.deal_members theirs on theirs.deal_id = mine.deal_id
  where mine.user_id = (select auth.uid()) and mine.status = 'active' and private.passes_deal_mfa(mine.deal_id)
    and (theirs.user_id = mine.user_id
         or (theirs.role = 'admin' and theirs.status = 'active')
         or 'view' = any (private.member_capabilities(mine.deal_id, mine.user_id)))
$$;

create or replace function private.my_all_group_ids() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(gm.group_id), '{}') from public.deal_group_members gm
  join public.deal_members m on m.deal_id = gm.deal_id and m.user_id = gm.user_id and m.status = 'active'
  where gm.user_id = (select auth.uid()) and private.passes_deal_mfa(gm.deal_id)
$$;

create or replace function private.my_all_tag_ids() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(mt.tag_id), '{}') from public.deal_member_tags mt
  join public.deal_members m on m.deal_id = mt.deal_id and m.user_id = mt.user_id and m.status = 'active'
  where mt.user_id = (select auth.uid()) and private.passes_deal_mfa(mt.deal_id)
$$;

-- Super admins who enrolled a second factor hold their powers only in a session that proved it.
create or replace function private.is_super_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.platform_admins where user_id = (select auth.uid()))
     and (private.session_is_aal2() or not private.has_verified_factor((select auth.uid())))
$$;

-- Wrong second-factor codes are counted per account (the password is already proved: whoever types them
-- knows it), so six digits cannot be guessed by rotating addresses.
alter table private.auth_attempts drop constraint auth_attempts_kind_check;
alter table private.auth_attempts add constraint auth_attempts_kind_check
  check (kind in ('login_failure', 'register', 'magic_link', 'verify_failure', 'mfa_failure'));

-- A client address as the network gave it, or null when it is not one (sessions list only).
create or replace function private.inet_or_null(p_text text) returns inet
language plpgsql immutable set search_path = '' as $$
begin
  return p_text::inet;
exception when others then
  return null;
end $$;

-- Second factors live in the auth platform (GoTrue on Supabase); the audit log still records each change.
create or replace function public.audit_my_mfa(p_action text) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform private.require_signed_in();
  if p_action is null or p_action not in ('user_mfa_enrolled', 'user_mfa_removed') then
    raise exception 'Unknown action: use user_mfa_enrolled or user_mfa_removed' using errcode = 'P0001';
  end if;
  perform private.audit(p_action, 'user', auth.uid());
end $$;
revoke execute on function public.audit_my_mfa(text) from public, anon;
grant execute on function public.audit_my_mfa(text) to authenticated;
