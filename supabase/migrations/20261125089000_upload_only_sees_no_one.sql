-- A member without 'view' (upload_only) cannot see the deal's files, and cannot harvest its people
-- either: it sees itself and the deal's admins (whom it may need to contact), no one else; no group, tag
-- or other member's activity (docs/access-model.md, docs/decisions.md decision 10).

-- The deals whose people the caller may see in full: those where it holds view.
create or replace function private.people_deal_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select m.deal_id from public.deal_members m
  where m.user_id = (select auth.uid()) and m.status = 'active'
    and 'view' = any (private.member_capabilities(m.deal_id, m.user_id))
$$;
grant execute on function private.people_deal_ids() to authenticated;

-- People the caller shares a deal with and may see there.
create or replace function private.co_member_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select distinct theirs.user_id from public.deal_members mine
  join public.deal_members theirs on theirs.deal_id = mine.deal_id
  where mine.user_id = (select auth.uid()) and mine.status = 'active'
    and (theirs.user_id = mine.user_id
         or (theirs.role = 'admin' and theirs.status = 'active')
         or 'view' = any (private.member_capabilities(mine.deal_id, mine.user_id)))
$$;

drop policy deal_members_select on public.deal_members;
create policy deal_members_select on public.deal_members for select to authenticated
  using (deal_id in (select private.my_deal_ids())
         and (deal_id in (select private.people_deal_ids())
              or user_id = (select auth.uid())
              or (role = 'admin' and status = 'active')));

drop policy deal_groups_select on public.deal_groups;
create policy deal_groups_select on public.deal_groups for select to authenticated
  using (deal_id in (select private.people_deal_ids()));
drop policy deal_group_members_select on public.deal_group_members;
create policy deal_group_members_select on public.deal_group_members for select to authenticated
  using (deal_id in (select private.people_deal_ids()));
drop policy deal_tags_select on public.deal_tags;
create policy deal_tags_select on public.deal_tags for select to authenticated
  using (deal_id in (select private.people_deal_ids()));
drop policy deal_member_tags_select on public.deal_member_tags;
create policy deal_member_tags_select on public.deal_member_tags for select to authenticated
  using (deal_id in (select private.people_deal_ids()));

-- The feed names people: without view, a member reads only its own entries.
drop policy activities_select on public.activities;
create policy activities_select on public.activities for select to authenticated
  using (deal_id in (select private.my_deal_ids())
         and (deal_id in (select private.people_deal_ids()) or user_id = (select auth.uid()))
         and (metadata ->> 'file_id' is null
              or private.can_see_file((metadata ->> 'file_id')::uuid)
              or (not private.file_exists((metadata ->> 'file_id')::uuid)
                  and private.has_capability(deal_id, 'edit_files'))));
