-- A sign-in is recorded once, not once per deal (docs/decisions.md decision 23): a member of 50 deals
-- signing in wrote 50 "Signed in" rows and drowned every feed. Sign-ins of one person within an hour of
-- each other are one entry (with how many). A deal's feed shows its members' sign-ins (since they
-- joined) as type `login`, read from here beside its own activities.
create table public.sign_ins (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_at timestamptz not null default now(),
  times integer not null default 1
);
create index sign_ins_user_keyset_idx on public.sign_ins (user_id, created_at desc, id desc);
alter table public.sign_ins enable row level security;
revoke all on public.sign_ins from anon;
revoke insert, update, delete, truncate on public.sign_ins from authenticated;

-- Yours, and those of people you share a deal with and may see (the same rule as the deal's people).
create policy sign_ins_select on public.sign_ins for select to authenticated
  using (user_id = (select auth.uid()) or user_id in (select private.co_member_ids()));

create or replace function private.record_login(p_user_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_recent uuid;
begin
  update public.profiles set last_active_at = now() where id = p_user_id;
  select id into v_recent from public.sign_ins
  where user_id = p_user_id and last_at > now() - interval '1 hour'
  order by last_at desc limit 1 for update;
  if v_recent is null then
    insert into public.sign_ins (user_id) values (p_user_id);
  else
    update public.sign_ins set last_at = now(), times = times + 1 where id = v_recent;
  end if;
end $$;
revoke execute on function private.record_login(uuid) from public, anon, authenticated;

-- The sign-ins copied per deal so far become sign-ins recorded once (one per person and minute).
insert into public.sign_ins (user_id, created_at, last_at, times)
select a.user_id, min(a.created_at), max(a.created_at), 1
from public.activities a
where a.activity_type = 'login' and a.user_id is not null
  and exists (select 1 from auth.users u where u.id = a.user_id)
group by a.user_id, date_trunc('minute', a.created_at);
delete from public.activities where activity_type = 'login';
