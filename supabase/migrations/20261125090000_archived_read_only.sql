-- An archived deal is read-only (docs/decisions.md decision 8): every write into it by a person —
-- invitations, members, sets, groups, tags, folders, uploads, versions, metadata, permissions,
-- comments, checklist changes, approvals — is refused here with one error (SQLSTATE 55000, answered
-- 409 "This deal is archived"); reads and downloads stay. The server's own housekeeping (no JWT) is
-- not a person's write and passes.
create or replace function private.refuse_archived_deal() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_deal uuid;
begin
  if auth.uid() is null then
    return coalesce(new, old);
  end if;
  v_deal := case when tg_op = 'DELETE' then old.deal_id else new.deal_id end;
  if v_deal is not null and exists (select 1 from public.deals d where d.id = v_deal and d.archived_at is not null) then
    raise exception 'This deal is archived' using errcode = '55000',
      hint = 'Archived deals are read-only: their files can still be read and downloaded.';
  end if;
  return coalesce(new, old);
end $$;

do $$
declare
  t text;
begin
  foreach t in array array['invitations', 'deal_members', 'permission_sets', 'deal_groups', 'deal_group_members', 'deal_tags',
                           'deal_member_tags', 'folders', 'files', 'file_versions', 'file_metadata', 'file_permissions',
                           'file_comments', 'upload_grants', 'checklist_categories', 'checklist_items', 'checklist_approvals',
                           'file_approvals'] loop
    execute format('create trigger a_archived_read_only before insert or update or delete on public.%I
                      for each row execute function private.refuse_archived_deal()', t);
  end loop;
end $$;

-- The deal itself: once archived, its name and description stay as they were.
create or replace function private.refuse_archived_deal_edit() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- Restoring is refused by deals_guard ('An archived deal cannot be restored'), for every role.
  if auth.uid() is not null and old.archived_at is not null
     and (tg_op = 'DELETE' or new.archived_at is not null) then
    raise exception 'This deal is archived' using errcode = '55000';
  end if;
  return coalesce(new, old);
end $$;
create trigger a_archived_read_only before update or delete on public.deals
  for each row execute function private.refuse_archived_deal_edit();
