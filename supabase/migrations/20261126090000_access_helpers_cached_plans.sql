-- The access helpers that every policy and every request's deal scope call, rewritten in PL/pgSQL
-- with the same answers. Why: a SQL function that cannot be inlined (these cannot: they are security
-- definers with a fixed search_path) is planned again in every statement that calls it, and they
-- call one another, so one deal-scope lookup planned a dozen queries: 2 ms idle, 5 ms under load,
-- a third of the database's time in the load benchmark (docs/architecture.md, "Performance").
-- PL/pgSQL keeps each query's plan for the connection's life. The API sets plan_cache_mode to
-- force_custom_plan for its own statements; these lookups by key are the case a cached generic plan
-- is right for, so each helper sets plan_cache_mode back to auto for its own queries.

create or replace function private.role_capabilities(p_role text) returns text[]
language plpgsql immutable set search_path = '' as $$
begin
  return case p_role
    when 'admin' then array['view','download','comment','approve','upload','edit_files','edit_folders','edit_checklist','manage_users']
    when 'contributor' then array['view','download','comment','approve','upload','edit_files','edit_folders','edit_checklist']
    when 'viewer' then array['view','download','comment','upload']
    else array[]::text[]
  end;
end $$;

create or replace function private.session_is_aal2() returns boolean
language plpgsql stable set search_path = '' as $$
begin
  return coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2';
end $$;

create or replace function private.passes_deal_mfa(p_deal_id uuid) returns boolean
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
begin
  return auth.uid() is null or private.session_is_aal2()
      or not exists (select 1 from public.deals d where d.id = p_deal_id and d.require_mfa);
end $$;

create or replace function private.is_deal_member(p_deal_id uuid) returns boolean
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
begin
  return exists (select 1 from public.deal_members m
                 where m.deal_id = p_deal_id and m.user_id = auth.uid() and m.status = 'active')
     and private.passes_deal_mfa(p_deal_id);
end $$;

create or replace function private.is_deal_admin(p_deal_id uuid) returns boolean
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
begin
  return exists (select 1 from public.deal_members m
                 where m.deal_id = p_deal_id and m.user_id = auth.uid() and m.status = 'active' and m.role = 'admin')
     and private.passes_deal_mfa(p_deal_id);
end $$;

-- Only about yourself, or about a member of a deal you belong to (privileged callers: anyone).
create or replace function private.member_capabilities(p_deal_id uuid, p_user_id uuid) returns text[]
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
declare
  v_uid uuid := auth.uid();
  v_role text;
  v_set uuid;
  v_caps text[];
begin
  if v_uid is not null and not (
       private.passes_deal_mfa(p_deal_id)
       and (p_user_id = v_uid
            or exists (select 1 from public.deal_members me
                       where me.deal_id = p_deal_id and me.user_id = v_uid and me.status = 'active'))) then
    return '{}';
  end if;
  select m.role, m.permission_set_id into v_role, v_set from public.deal_members m
  where m.deal_id = p_deal_id and m.user_id = p_user_id and m.status = 'active';
  if not found then
    return '{}';
  end if;
  select coalesce(array_agg(distinct c order by c), '{}') into v_caps from (
    select unnest(private.role_capabilities(v_role)) as c
    union all
    select unnest(ps.capabilities) from public.permission_sets ps where ps.id = v_set
    union all
    select unnest(ps.capabilities)
      from public.deal_group_members gm
      join public.deal_groups g on g.id = gm.group_id
      join public.permission_sets ps on ps.id = g.permission_set_id
      where gm.deal_id = p_deal_id and gm.user_id = p_user_id
  ) caps;
  return v_caps;
end $$;

create or replace function private.has_capability(p_deal_id uuid, p_capability text) returns boolean
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
begin
  return p_capability = any (private.member_capabilities(p_deal_id, auth.uid()));
end $$;

create or replace function private.my_deal_ids() returns setof uuid
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
begin
  return query select m.deal_id from public.deal_members m
    where m.user_id = auth.uid() and m.status = 'active' and private.passes_deal_mfa(m.deal_id);
end $$;

create or replace function private.member_deals() returns uuid[]
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
begin
  return (select coalesce(array_agg(m.deal_id), '{}') from public.deal_members m
          where m.user_id = auth.uid() and m.status = 'active' and private.passes_deal_mfa(m.deal_id));
end $$;

create or replace function private.admin_deals() returns uuid[]
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
begin
  return (select coalesce(array_agg(m.deal_id), '{}') from public.deal_members m
          where m.user_id = auth.uid() and m.status = 'active' and m.role = 'admin'
            and private.passes_deal_mfa(m.deal_id));
end $$;

create or replace function private.deals_with_capability(p_capability text) returns uuid[]
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
begin
  return (select coalesce(array_agg(m.deal_id), '{}') from public.deal_members m
          where m.user_id = auth.uid() and m.status = 'active' and private.passes_deal_mfa(m.deal_id)
            and p_capability = any (private.member_capabilities(m.deal_id, m.user_id)));
end $$;

create or replace function private.people_deal_ids() returns setof uuid
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
begin
  return query select m.deal_id from public.deal_members m
    where m.user_id = auth.uid() and m.status = 'active' and private.passes_deal_mfa(m.deal_id)
      and 'view' = any (private.member_capabilities(m.deal_id, m.user_id));
end $$;

create or replace function private.my_all_group_ids() returns uuid[]
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
begin
  return (select coalesce(array_agg(gm.group_id), '{}') from public.deal_group_members gm
          join public.deal_members m on m.deal_id = gm.deal_id and m.user_id = gm.user_id and m.status = 'active'
          where gm.user_id = auth.uid() and private.passes_deal_mfa(gm.deal_id));
end $$;

create or replace function private.my_all_tag_ids() returns uuid[]
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
begin
  return (select coalesce(array_agg(mt.tag_id), '{}') from public.deal_member_tags mt
          join public.deal_members m on m.deal_id = mt.deal_id and m.user_id = mt.user_id and m.status = 'active'
          where mt.user_id = auth.uid() and private.passes_deal_mfa(mt.deal_id));
end $$;

create or replace function private.has_verified_factor(p_user_id uuid) returns boolean
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
begin
  return (auth.uid() is null or p_user_id = auth.uid())
     and exists (select 1 from auth.mfa_factors f where f.user_id = p_user_id and f.status::text = 'verified');
end $$;

-- Super admins who enrolled a second factor hold their powers only in a session that proved it.
create or replace function private.is_super_admin() returns boolean
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
begin
  return exists (select 1 from public.platform_admins where user_id = auth.uid())
     and (private.session_is_aal2() or not private.has_verified_factor(auth.uid()));
end $$;

-- The badge a member shows: their role, or for 'member' the legacy mapping of their rights.
create or replace function private.display_role(p_deal_id uuid, p_user_id uuid) returns text
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
declare
  v_role text;
begin
  select m.role into v_role from public.deal_members m where m.deal_id = p_deal_id and m.user_id = p_user_id;
  if not found or not (auth.uid() is null or p_user_id = auth.uid() or private.is_deal_member(p_deal_id)) then
    return null;
  end if;
  return case when v_role <> 'member' then v_role
              when 'edit_files' = any (private.member_capabilities(p_deal_id, p_user_id)) then 'contributor'
              else 'viewer' end;
end $$;

-- The access model's visibility rule for one file: owner or admin; or the uploader; or `view`
-- and the file's permissions allow it.
create or replace function private.can_see_file(p_file_id uuid) returns boolean
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
declare
  f record;
begin
  select fi.id, fi.deal_id, fi.uploaded_by, fi.upload_state, fi.permission_type into f
  from public.files fi where fi.id = p_file_id;
  if not found then
    return false;
  end if;
  return private.is_deal_admin(f.deal_id)
      or (f.uploaded_by = auth.uid() and private.is_deal_member(f.deal_id))
      or (f.upload_state = 'ready' and private.has_capability(f.deal_id, 'view')
          and (f.permission_type = 'all' or private.custom_permission_allows(f.id, f.deal_id)));
end $$;
