-- The rest of the helpers that requests call on every statement, rewritten in PL/pgSQL with the same
-- answers, as migration 20261126090000 did for the access helpers: a SQL function that cannot be
-- inlined (a security definer with a fixed search_path cannot) is planned again at every call, while
-- PL/pgSQL keeps its queries' plans for the connection's life. Measured on the sign-in check every
-- request makes (session_is_live): 0.39 ms for the statement before, 0.24 ms after
-- (docs/architecture.md, "Performance"). Profiles' policy calls co_member_ids, the activity feed's
-- calls file_exists, and file visibility calls custom_permission_allows and its group and tag lookups.

create or replace function private.session_is_live(p_session_id uuid) returns boolean
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
begin
  return exists (
    select 1 from auth.sessions s
    where s.id = p_session_id
      and not exists (select 1 from private.ended_sessions e where e.session_id = s.id)
      and not exists (select 1 from private.session_cutoffs c where c.user_id = s.user_id and s.created_at < c.ended_at));
end $$;

create or replace function private.co_member_ids() returns setof uuid
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
begin
  return query
    select distinct theirs.user_id from public.deal_members mine
    join public.deal_members theirs on theirs.deal_id = mine.deal_id
    where mine.user_id = (select auth.uid()) and mine.status = 'active' and private.passes_deal_mfa(mine.deal_id)
      and (theirs.user_id = mine.user_id
           or (theirs.role = 'admin' and theirs.status = 'active')
           or 'view' = any (private.member_capabilities(mine.deal_id, mine.user_id)));
end $$;

create or replace function private.file_exists(p_file_id uuid) returns boolean
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
begin
  return exists (select 1 from public.files where id = p_file_id);
end $$;

create or replace function private.can_download_file(p_file_id uuid) returns boolean
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
begin
  return private.can_see_file(p_file_id) and exists (
    select 1 from public.files f where f.id = p_file_id
      and (private.is_deal_admin(f.deal_id) or f.uploaded_by = (select auth.uid())
           or private.has_capability(f.deal_id, 'download')));
end $$;

create or replace function private.my_group_ids(p_deal_id uuid) returns uuid[]
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
begin
  return (select coalesce(array_agg(gm.group_id), '{}') from public.deal_group_members gm
          where gm.deal_id = p_deal_id and gm.user_id = (select auth.uid()));
end $$;

create or replace function private.my_tag_ids(p_deal_id uuid) returns uuid[]
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
begin
  return (select coalesce(array_agg(mt.tag_id), '{}') from public.deal_member_tags mt
          where mt.deal_id = p_deal_id and mt.user_id = (select auth.uid()));
end $$;

create or replace function private.custom_permission_allows(p_file_id uuid, p_deal_id uuid) returns boolean
language plpgsql stable security definer cost 1000 set search_path = '' set plan_cache_mode = 'auto' as $$
begin
  return coalesce((
    select not ((select auth.uid()) = any (p.denied_users)
                or p.denied_groups && private.my_group_ids(p_deal_id)
                or p.denied_tags && private.my_tag_ids(p_deal_id))
       and ((select auth.uid()) = any (p.allowed_users)
            or p.allowed_groups && private.my_group_ids(p_deal_id)
            or p.allowed_tags && private.my_tag_ids(p_deal_id))
    from public.file_permissions p where p.file_id = p_file_id), false);
end $$;
