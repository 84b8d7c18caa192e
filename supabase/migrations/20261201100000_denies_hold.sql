-- A deny never fails open (docs/decisions.md decision 26). A file's custom permissions name groups and
-- tags by id in arrays, which no foreign key can guard: deleting a group or tag a deny names left the
-- id dangling, the deny matched nobody, and the member it excluded opened the file. So:
--   * a group or tag that any file's deny names cannot be deleted (nor given a new id, nor moved to
--     another deal), by anyone, on any path; only the whole deal going away takes it with it;
--   * a deny can only name groups and tags that exist in the file's deal, locked until the write commits,
--     so a concurrent delete either waits and then sees the deny, or wins and the deny is refused.
-- An allow naming a deleted group or tag fails closed (it lets nobody in), so it does not hold them back.
-- And decision 12 covers groups: deleting a group, or changing its set, takes rights from its members,
-- so a manager who is not an admin may do it only when they hold every right the group's set grants.

-- The files whose deny names a group or tag, for the refusal: every one counts, whatever its state or
-- permission type (a deny kept on an "all members" file comes back when the file turns custom again);
-- only files the caller can see are named.
create or replace function private.refuse_deleting_denied() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_what text := case tg_table_name when 'deal_tags' then 'tag' else 'group' end;
  v_files uuid[];
  v_total int;
  v_names text[];
  v_list text;
begin
  if tg_op = 'UPDATE' then
    if new.id is distinct from old.id or new.deal_id is distinct from old.deal_id then
      raise exception 'A % cannot change its id or move to another deal', v_what using errcode = 'P0001';
    end if;
    return new;
  end if;
  -- The deal itself is being deleted (this row goes in its cascade): its files and permissions go too.
  if not exists (select 1 from public.deals d where d.id = old.deal_id) then
    return old;
  end if;
  if v_what = 'tag' then
    v_files := array(select p.file_id from public.file_permissions p where p.denied_tags @> array[old.id]);
  else
    v_files := array(select p.file_id from public.file_permissions p where p.denied_groups @> array[old.id]);
  end if;
  v_total := cardinality(v_files);
  if v_total > 0 then
    -- Names in order, asking can_see_file only until three are found ("offset 0" keeps that filter out of the sort).
    v_names := array(select s.name from (select f.id, f.name from public.files f where f.id = any (v_files)
                                          order by lower(f.name), f.id offset 0) s
                     where auth.uid() is null or private.can_see_file(s.id) limit 3);
    v_list := coalesce(array_to_string(v_names, ', '), '');
    if v_list <> '' and v_total > cardinality(v_names) then
      v_list := v_list || format(' and %s more', v_total - cardinality(v_names));
    end if;
    -- 55000 is answered 409 with this message (errors.ts).
    raise exception '%', format('This %s is used to deny access on %s %s%s. Remove it from %s permissions first.',
        v_what, v_total, case when v_total = 1 then 'file' else 'files' end,
        case when v_list = '' then '' else ': ' || v_list end,
        case when v_total = 1 then 'that file''s' else 'those files''' end)
      using errcode = '55000';
  end if;
  return old;
end $$;
-- The deny lists, searched by the refusal above (GIN answers "@>" without reading every file's row).
create index file_permissions_denied_tags_idx on public.file_permissions using gin (denied_tags);
create index file_permissions_denied_groups_idx on public.file_permissions using gin (denied_groups);
create trigger deal_tags_denies_hold before update or delete on public.deal_tags
  for each row execute function private.refuse_deleting_denied();
create trigger deal_groups_denies_hold before update or delete on public.deal_groups
  for each row execute function private.refuse_deleting_denied();

-- A deny names only groups and tags of the file's deal. Only ids the write adds are checked (a deny
-- already there stays editable), and they are locked (KEY SHARE) so they cannot be deleted under it.
create or replace function private.deny_names_existing() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_had_groups uuid[];
  v_had_tags uuid[];
  v_groups uuid[];
  v_tags uuid[];
  v_found int;
begin
  -- The row already there: OLD, or for an upsert's insert (which fires before its conflict) the stored one.
  if tg_op = 'UPDATE' then
    v_had_groups := old.denied_groups;
    v_had_tags := old.denied_tags;
  else
    select p.denied_groups, p.denied_tags into v_had_groups, v_had_tags
      from public.file_permissions p where p.file_id = new.file_id;
  end if;
  v_groups := array(select distinct g from unnest(new.denied_groups) g where not g = any (coalesce(v_had_groups, '{}')));
  v_tags := array(select distinct t from unnest(new.denied_tags) t where not t = any (coalesce(v_had_tags, '{}')));
  if cardinality(v_groups) > 0 then
    perform 1 from public.deal_groups g where g.id = any (v_groups) and g.deal_id = new.deal_id for key share;
    get diagnostics v_found = row_count;
    if v_found <> cardinality(v_groups) then
      raise exception 'A denied group does not exist in this deal' using errcode = 'P0001';
    end if;
  end if;
  if cardinality(v_tags) > 0 then
    perform 1 from public.deal_tags t where t.id = any (v_tags) and t.deal_id = new.deal_id for key share;
    get diagnostics v_found = row_count;
    if v_found <> cardinality(v_tags) then
      raise exception 'A denied tag does not exist in this deal' using errcode = 'P0001';
    end if;
  end if;
  return new;
end $$;
create trigger file_permissions_denies_exist before insert or update on public.file_permissions
  for each row execute function private.deny_names_existing();

-- Decision 12 for groups: a group's set gives its members rights, so deleting the group or changing its
-- set takes them away. A manager who is not an admin may do so only if they hold every right of the set:
-- then members lose nothing the manager could not give back. Giving the group a richer set is refused by
-- group_matches_deal. Tags carry no rights. Admins, the server and a deal's deletion pass.
create or replace function private.guard_group_rights() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_verb text := case tg_op when 'DELETE' then 'delete this group' else 'change this group''s permission set' end;
  v_missing text[];
begin
  if auth.uid() is null or (tg_op = 'UPDATE' and new.permission_set_id is not distinct from old.permission_set_id)
     or not exists (select 1 from public.deals d where d.id = old.deal_id) or private.is_deal_admin(old.deal_id) then
    return coalesce(new, old);
  end if;
  v_missing := array(select unnest(private.set_capabilities(old.permission_set_id))
                     except select unnest(private.member_capabilities(old.deal_id, auth.uid())) order by 1);
  if cardinality(v_missing) > 0 then
    raise exception 'You cannot %: its permission set grants %, which you do not hold', v_verb, array_to_string(v_missing, ', ')
      using errcode = '42501';
  end if;
  return coalesce(new, old);
end $$;
create trigger deal_groups_rights_guard before update or delete on public.deal_groups
  for each row execute function private.guard_group_rights();

-- The same for a deal's permission set: taking capabilities out of it takes them from every member and
-- group holding it, so a manager who is not an admin may change a set's capabilities only if they hold
-- every capability it granted (permission_sets_check already keeps what it grants within theirs).
create or replace function private.guard_set_rights() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_missing text[];
begin
  if auth.uid() is null or old.deal_id is null or new.capabilities is not distinct from old.capabilities
     or private.is_deal_admin(old.deal_id) then
    return new;
  end if;
  v_missing := array(select unnest(old.capabilities)
                     except select unnest(private.member_capabilities(old.deal_id, auth.uid())) order by 1);
  if cardinality(v_missing) > 0 then
    raise exception 'You cannot change this permission set: it grants %, which you do not hold', array_to_string(v_missing, ', ')
      using errcode = '42501';
  end if;
  return new;
end $$;
create trigger permission_sets_rights_guard before update on public.permission_sets
  for each row execute function private.guard_set_rights();
