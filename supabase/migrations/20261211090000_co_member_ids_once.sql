-- Whose profiles a member may read (profiles' and sign_ins' policies): the caller's standing in each of
-- their deals is now worked out once per deal, not once per member of the deal. The rule is the same;
-- before, the join filter called member_capabilities for every (mine, theirs) pair, so a deal of 2,000
-- members paid 2,000 calls (150-180 ms) on every statement that read a profile as its member
-- (npm run bench -- people: the member list 30x its bare statement; docs/decisions.md decision 72).
-- OFFSET 0 keeps the caller's memberships a subquery of their own, evaluated before the join.
create or replace function private.co_member_ids() returns setof uuid
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
begin
  return query
    select distinct theirs.user_id
    from (select m.deal_id, m.user_id, 'view' = any (private.member_capabilities(m.deal_id, m.user_id)) as sees_all
          from public.deal_members m
          where m.user_id = (select auth.uid()) and m.status = 'active' and private.passes_deal_mfa(m.deal_id)
          offset 0) mine
    join public.deal_members theirs on theirs.deal_id = mine.deal_id
    where theirs.user_id = mine.user_id
       or (theirs.role = 'admin' and theirs.status = 'active')
       or mine.sees_all;
end $$;
