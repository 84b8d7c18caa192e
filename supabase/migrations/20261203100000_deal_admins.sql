-- More than one deal admin (docs/decisions.md decision 34). A deal admin is an active member whose role
-- is 'admin' (the owner's row is one from the deal's creation): private.is_deal_admin and every policy,
-- the API's deal scope (private.display_role) and the web read that one fact. guard_member_write
-- already lets only deal admins make or unmake an admin and keeps the owner's row untouched; this adds
-- the rest of the change: a deal always keeps an active admin, and each grant and revocation writes an
-- activity entry and an audit record.

-- The feed's entry for a role change (not among the filter's kinds: it reads "Role Change").
alter table public.activities drop constraint activities_activity_type_check;
alter table public.activities add constraint activities_activity_type_check check (activity_type in
  ('upload', 'download', 'delete', 'checklist_update', 'user_invite', 'deal_create', 'login', 'approval', 'ai_review',
   'role_change'));

-- Runs after the statement's rows changed, so it sees every row one statement revoked; the advisory
-- lock makes two admins who revoke each other at once take turns, and the second finds no admin left.
create or replace function private.keep_a_deal_admin() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- A deleted deal or account takes its memberships along (account deletion: only from archived deals).
  if tg_op = 'DELETE' and (not exists (select 1 from public.deals d where d.id = old.deal_id)
                           or not exists (select 1 from auth.users u where u.id = old.user_id)) then
    return null;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('deal_admins:' || old.deal_id::text, 0));
  if not exists (select 1 from public.deal_members m
                 where m.deal_id = old.deal_id and m.role = 'admin' and m.status = 'active') then
    raise exception 'A deal keeps at least one admin' using errcode = '55000';
  end if;
  return null;
end $$;
revoke execute on function private.keep_a_deal_admin() from public, anon, authenticated, service_role;

create trigger deal_members_keep_admin_update after update of role, status on public.deal_members
  for each row when (old.role = 'admin' and old.status = 'active' and (new.role <> 'admin' or new.status <> 'active'))
  execute function private.keep_a_deal_admin();
create trigger deal_members_keep_admin_delete after delete on public.deal_members
  for each row when (old.role = 'admin' and old.status = 'active')
  execute function private.keep_a_deal_admin();

-- "Made … an admin" / "Revoked admin from …" in the deal's feed, by whoever did it, in the words of the
-- other people entries (the person's e-mail); and deal_admin_granted / deal_admin_revoked in the audit log.
create or replace function private.deal_admin_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_email text;
  v_granted boolean := new.role = 'admin';
begin
  select p.email into v_email from public.profiles p where p.id = new.user_id;
  perform private.record_activity(new.deal_id, auth.uid(), 'role_change',
    case when v_granted then format('Made %s an admin', v_email) else format('Revoked admin from %s', v_email) end,
    jsonb_build_object('user_id', new.user_id, 'role', new.role));
  perform private.audit(case when v_granted then 'deal_admin_granted' else 'deal_admin_revoked' end, 'deal', new.deal_id,
    jsonb_build_object('role', jsonb_build_object('old', old.role, 'new', new.role)),
    jsonb_build_object('user_id', new.user_id, 'email', v_email,
                       'deal_name', (select d.name from public.deals d where d.id = new.deal_id)));
  return null;
end $$;
revoke execute on function private.deal_admin_changed() from public, anon, authenticated, service_role;

create trigger deal_members_admin_changed after update of role on public.deal_members
  for each row when ((old.role = 'admin') is distinct from (new.role = 'admin'))
  execute function private.deal_admin_changed();
