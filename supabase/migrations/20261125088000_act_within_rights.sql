-- Acting on a member needs the rule granting needs: your rights must cover theirs (docs/decisions.md
-- decision 12). A manager holding view + manage_users cannot suspend, downgrade, remove or regroup a
-- member who holds more than they do; deal admins and the server may.
create or replace function private.guard_member_write() returns trigger
language plpgsql set search_path = '' as $$
declare
  v_owner uuid;
begin
  -- Privileged paths: no JWT (service), or another trigger (the owner's membership on deal creation).
  if auth.uid() is null or pg_trigger_depth() > 1 then
    return coalesce(new, old);
  end if;
  select owner_id into v_owner from public.deals where id = coalesce(new.deal_id, old.deal_id);
  if coalesce(new.user_id, old.user_id) = v_owner then
    raise exception 'The deal owner cannot be edited or removed' using errcode = '42501';
  end if;
  if tg_op <> 'INSERT' and old.role = 'admin' and not private.is_deal_admin(old.deal_id) then
    raise exception 'Only deal admins can change or remove another admin' using errcode = '42501';
  end if;
  if tg_op <> 'DELETE' and new.role = 'admin' and (tg_op = 'INSERT' or old.role <> 'admin') and not private.is_deal_admin(new.deal_id) then
    raise exception 'Only deal admins can make someone an admin' using errcode = '42501';
  end if;
  if tg_op <> 'DELETE' then
    if (tg_op = 'INSERT' or new.permission_set_id is distinct from old.permission_set_id or new.role is distinct from old.role
        or (new.status = 'active' and old.status <> 'active'))
       and not private.can_grant(new.deal_id, private.set_capabilities(new.permission_set_id) || private.role_capabilities(new.role)) then
      raise exception 'You can only give others rights you hold yourself' using errcode = '42501';
    end if;
    if new.permission_set_id is not null and not exists (
      select 1 from public.permission_sets ps where ps.id = new.permission_set_id
        and (ps.deal_id is null or ps.deal_id = new.deal_id)) then
      raise exception 'That permission set does not belong to this deal' using errcode = 'P0001';
    end if;
  end if;
  -- Suspending, re-ranking or removing someone (not editing their company) needs rights covering theirs.
  if (tg_op = 'DELETE' or (tg_op = 'UPDATE' and (new.status, new.role, new.permission_set_id)
                                                 is distinct from (old.status, old.role, old.permission_set_id)))
     and old.user_id <> auth.uid()
     and not private.can_grant(old.deal_id, private.member_capabilities(old.deal_id, old.user_id)) then
    raise exception 'You can only change members whose rights you hold yourself' using errcode = '42501';
  end if;
  return coalesce(new, old);
end $$;

-- A group link changes its member's rights: adding needs the group's rights, removing needs the member's.
create or replace function private.guard_group_link() returns trigger
language plpgsql set search_path = '' as $$
begin
  if auth.uid() is null or pg_trigger_depth() > 1 then
    return coalesce(new, old);
  end if;
  if tg_op in ('UPDATE', 'DELETE') and old.user_id <> auth.uid()
     and not private.can_grant(old.deal_id, private.member_capabilities(old.deal_id, old.user_id)) then
    raise exception 'You can only change members whose rights you hold yourself' using errcode = '42501';
  end if;
  if tg_op in ('INSERT', 'UPDATE') and not private.can_grant(new.deal_id, private.set_capabilities(
       (select g.permission_set_id from public.deal_groups g where g.id = new.group_id))) then
    raise exception 'You can only give others rights you hold yourself' using errcode = '42501';
  end if;
  return coalesce(new, old);
end $$;
create trigger deal_group_members_guard before insert or update or delete on public.deal_group_members
  for each row execute function private.guard_group_link();
