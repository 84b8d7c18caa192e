-- The admin portal's people and history (docs/product.md admin portal): super admins, user management,
-- system permission sets and the audit log. Every change goes through a function that checks, in the
-- database, that the caller is a super admin, and writes exactly one audit entry. Being a super admin
-- grants nothing inside any deal (deal policies never read private.is_super_admin()).

-- Sessions that end: access tokens issued before a user's cutoff (a password reset) are refused by the
-- API's sign-in check, which reads this table (one primary-key lookup a request).
create table private.session_cutoffs (
  user_id uuid primary key references auth.users (id) on delete cascade,
  not_before timestamptz not null
);
alter table private.session_cutoffs enable row level security;

create or replace function private.require_super_admin() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if auth.uid() is null or not private.is_super_admin() then
    raise exception 'You don''t have permission to access this area' using errcode = '42501';
  end if;
end $$;
revoke execute on function private.require_super_admin() from public, anon;

create or replace function private.audit(p_action text, p_entity_type text, p_entity_id uuid,
                                         p_changes jsonb default '{}', p_metadata jsonb default '{}')
returns void language sql security definer set search_path = '' as $$
  insert into public.audit_logs (action, entity_type, entity_id, performed_by, performed_by_email, changes, metadata)
  values (p_action, p_entity_type, p_entity_id, auth.uid(), (select email from public.profiles where id = auth.uid()),
          coalesce(p_changes, '{}'), coalesce(p_metadata, '{}'));
$$;
revoke execute on function private.audit(text, text, uuid, jsonb, jsonb) from public, anon, authenticated;

-- Users: a new account, a change of name, title or e-mail, and a deleted account each leave one entry.
create trigger profiles_audit_insert_delete after insert or delete on public.profiles
  for each row execute function private.audit_row('user');
create trigger profiles_audit_update after update on public.profiles
  for each row when ((old.first_name, old.last_name, old.title, old.email) is distinct from (new.first_name, new.last_name, new.title, new.email))
  execute function private.audit_row('user');

-- Super admins: one toggle. Promotions and revocations take turns (the table lock), so two revocations
-- at once cannot both pass the last-super-admin check.
create or replace function public.admin_set_super_admin(p_user_id uuid, p_is_super_admin boolean)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  v_email text;
  v_is boolean;
begin
  perform private.require_super_admin();
  if p_user_id is null or p_is_super_admin is null then
    raise exception 'user_id and is_super_admin are required' using errcode = 'P0001';
  end if;
  lock table public.platform_admins in share row exclusive mode;
  select email into v_email from public.profiles where id = p_user_id;
  if v_email is null then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  v_is := exists (select 1 from public.platform_admins where user_id = p_user_id);
  if p_is_super_admin and not v_is then
    insert into public.platform_admins (user_id, granted_by) values (p_user_id, auth.uid());
    perform private.audit('super_admin_granted', 'user', p_user_id,
      jsonb_build_object('is_super_admin', jsonb_build_object('old', false, 'new', true)), jsonb_build_object('email', v_email));
  elsif not p_is_super_admin and v_is then
    if not exists (select 1 from public.platform_admins where user_id <> p_user_id) then
      raise exception 'The last super admin cannot be revoked: promote another user first' using errcode = '55000';
    end if;
    delete from public.platform_admins where user_id = p_user_id;
    perform private.audit('super_admin_revoked', 'user', p_user_id,
      jsonb_build_object('is_super_admin', jsonb_build_object('old', true, 'new', false)), jsonb_build_object('email', v_email));
  end if;
  return jsonb_build_object('user_id', p_user_id, 'email', v_email, 'is_super_admin', p_is_super_admin);
end $$;
revoke execute on function public.admin_set_super_admin(uuid, boolean) from public, anon;
grant execute on function public.admin_set_super_admin(uuid, boolean) to authenticated;

-- A user's names and title (the profiles trigger writes the audit entry).
create or replace function public.admin_update_user(p_user_id uuid, p_first_name text, p_last_name text, p_title text)
returns void language plpgsql security definer set search_path = '' as $$
begin
  perform private.require_super_admin();
  update public.profiles
     set first_name = coalesce(btrim(p_first_name), first_name),
         last_name = coalesce(btrim(p_last_name), last_name),
         title = coalesce(btrim(p_title), title)
   where id = p_user_id;
  if not found then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
end $$;
revoke execute on function public.admin_update_user(uuid, text, text, text) from public, anon;
grant execute on function public.admin_update_user(uuid, text, text, text) to authenticated;

-- After a super admin set a new password (through the auth platform): the user's earlier tokens stop
-- working, and the reset is audited. Tokens are issued with whole-second times, hence the truncation.
create or replace function public.admin_password_was_reset(p_user_id uuid)
returns void language plpgsql security definer set search_path = '' as $$
declare
  v_email text;
begin
  perform private.require_super_admin();
  select email into v_email from public.profiles where id = p_user_id;
  if v_email is null then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  insert into private.session_cutoffs (user_id, not_before) values (p_user_id, date_trunc('second', now()))
  on conflict (user_id) do update set not_before = excluded.not_before;
  perform private.audit('user_password_reset', 'user', p_user_id, '{}', jsonb_build_object('email', v_email));
end $$;
revoke execute on function public.admin_password_was_reset(uuid) from public, anon;
grant execute on function public.admin_password_was_reset(uuid) to authenticated;

-- Whether a super admin may reset this user's password (checked before the auth platform is asked).
create or replace function public.admin_can_manage_user(p_user_id uuid) returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_super_admin();
  if not exists (select 1 from public.profiles where id = p_user_id) then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  return true;
end $$;
revoke execute on function public.admin_can_manage_user(uuid) from public, anon;
grant execute on function public.admin_can_manage_user(uuid) to authenticated;

-- A deleted user's archived deals keep their record; their owner reads as a deleted user.
alter table public.deals alter column owner_id drop not null;
alter table public.deals drop constraint deals_owner_id_fkey;
alter table public.deals add constraint deals_owner_id_fkey foreign key (owner_id) references auth.users (id) on delete set null;

create or replace function private.guard_deal_update() returns trigger
language plpgsql set search_path = '' as $$
begin
  -- The owner never changes, except to nobody when their account is deleted.
  if new.owner_id is distinct from old.owner_id
     and not (new.owner_id is null and not exists (select 1 from auth.users where id = old.owner_id)) then
    raise exception 'The deal owner cannot be changed' using errcode = '42501';
  end if;
  if old.archived_at is not null and new.archived_at is null then
    raise exception 'An archived deal cannot be restored' using errcode = '42501';
  end if;
  new.updated_at := now();
  return new;
end $$;

-- While a super admin deletes an account, the database's own clean-up (memberships removed, authorship
-- set to nobody) reaches into archived deals too; that is not a person's write into them. True only
-- inside admin_delete_user, after the account row is gone.
create or replace function private.account_deletion_cleanup() returns boolean
language plpgsql stable security definer set search_path = '' as $$
declare
  v_user text := current_setting('app.deleting_user', true);
begin
  return coalesce(v_user, '') <> '' and private.is_super_admin()
     and not exists (select 1 from auth.users where id = v_user::uuid);
end $$;
revoke execute on function private.account_deletion_cleanup() from public, anon;

create or replace function private.refuse_archived_deal() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_deal uuid;
begin
  if auth.uid() is null or private.account_deletion_cleanup() then
    return coalesce(new, old);
  end if;
  v_deal := case when tg_op = 'DELETE' then old.deal_id else new.deal_id end;
  if v_deal is not null and exists (select 1 from public.deals d where d.id = v_deal and d.archived_at is not null) then
    raise exception 'This deal is archived' using errcode = '55000',
      hint = 'Archived deals are read-only: their files can still be read and downloaded.';
  end if;
  return coalesce(new, old);
end $$;

create or replace function private.refuse_archived_deal_edit() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- Restoring is refused by deals_guard ('An archived deal cannot be restored'), for every role.
  if auth.uid() is not null and old.archived_at is not null
     and (tg_op = 'DELETE' or new.archived_at is not null) and not private.account_deletion_cleanup() then
    raise exception 'This deal is archived' using errcode = '55000';
  end if;
  return coalesce(new, old);
end $$;

-- Deletes an account: refused for yourself and while the user owns a deal that is not archived. Their
-- memberships end; their comments, decisions, activity and audit rows stay, by a deleted user.
create or replace function public.admin_delete_user(p_user_id uuid)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  v_email text;
  v_open text;
  v_count integer;
begin
  perform private.require_super_admin();
  if p_user_id = auth.uid() then
    raise exception 'You cannot delete your own account' using errcode = '55000';
  end if;
  lock table public.platform_admins in share row exclusive mode;
  select email into v_email from public.profiles where id = p_user_id;
  if v_email is null then
    raise exception 'User not found' using errcode = 'P0002';
  end if;
  select count(*), string_agg(format('"%s"', name), ', ' order by name) into v_count, v_open
    from public.deals where owner_id = p_user_id and archived_at is null;
  if v_count > 0 then
    raise exception '% owns % deal% that %: %. Archive % first.', v_email, v_count,
      case when v_count = 1 then '' else 's' end, case when v_count = 1 then 'is not archived' else 'are not archived' end,
      v_open, case when v_count = 1 then 'it' else 'them' end
      using errcode = '55000';
  end if;
  perform set_config('app.deleting_user', p_user_id::text, true);
  delete from auth.users where id = p_user_id;
  perform set_config('app.deleting_user', '', true);
  return jsonb_build_object('user_id', p_user_id, 'email', v_email, 'deleted', true);
end $$;
revoke execute on function public.admin_delete_user(uuid) from public, anon;
grant execute on function public.admin_delete_user(uuid) to authenticated;

-- System permission sets: the four built-in ones keep their names and cannot be deleted, and a set in
-- use cannot be deleted (409, naming what uses it).
-- Security definer: what uses a set is counted across every deal, whoever deletes it.
create or replace function private.system_set_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_members integer;
  v_groups integer;
  v_invitations integer;
begin
  if old.deal_id is not null then
    return coalesce(new, old);
  end if;
  if lower(old.name) in ('upload_only', 'upload_view', 'approve_only', 'edit') then
    if tg_op = 'DELETE' then
      raise exception 'The built-in permission set "%" cannot be deleted', old.name using errcode = '55000';
    elsif lower(new.name) <> lower(old.name) then
      raise exception 'The built-in permission set "%" cannot be renamed', old.name using errcode = '55000';
    end if;
  end if;
  if tg_op = 'DELETE' then
    select count(*) into v_members from public.deal_members where permission_set_id = old.id;
    select count(*) into v_groups from public.deal_groups where permission_set_id = old.id;
    select count(*) into v_invitations from public.invitations where permission_set_id = old.id;
    if v_members + v_groups + v_invitations > 0 then
      raise exception 'This permission set is in use by % member%, % group% and % invitation%: move them to another set first',
        v_members, case when v_members = 1 then '' else 's' end, v_groups, case when v_groups = 1 then '' else 's' end,
        v_invitations, case when v_invitations = 1 then '' else 's' end
        using errcode = '55000';
    end if;
  end if;
  return coalesce(new, old);
end $$;
create trigger permission_sets_system_guard before update or delete on public.permission_sets
  for each row execute function private.system_set_guard();

-- The audit log's filters.
create index audit_logs_action_idx on public.audit_logs (action, created_at desc);

-- What uses a system set, counted across every deal (a super admin sees no deal's members otherwise).
create or replace function public.admin_permission_set_usage(p_set_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_name text;
begin
  perform private.require_super_admin();
  select name into v_name from public.permission_sets where id = p_set_id and deal_id is null;
  if v_name is null then
    raise exception 'Permission set not found' using errcode = 'P0002';
  end if;
  return jsonb_build_object(
    'permission_set_id', p_set_id,
    'permission_set_name', v_name,
    'total_users', (select count(*) from public.deal_members where permission_set_id = p_set_id),
    'total_groups', (select count(*) from public.deal_groups where permission_set_id = p_set_id),
    'total_invitations', (select count(*) from public.invitations where permission_set_id = p_set_id),
    'users', coalesce((select jsonb_agg(jsonb_build_object('email', u.email, 'deal_name', u.deal_name) order by u.deal_name, u.email)
                         from (select p.email, d.name as deal_name from public.deal_members m
                               join public.profiles p on p.id = m.user_id join public.deals d on d.id = m.deal_id
                               where m.permission_set_id = p_set_id order by d.name, p.email limit 500) u), '[]'),
    'groups', coalesce((select jsonb_agg(jsonb_build_object('group_name', g.group_name, 'deal_name', g.deal_name) order by g.deal_name, g.group_name)
                          from (select g.name as group_name, d.name as deal_name from public.deal_groups g
                                join public.deals d on d.id = g.deal_id
                                where g.permission_set_id = p_set_id order by d.name, g.name limit 500) g), '[]'));
end $$;
revoke execute on function public.admin_permission_set_usage(uuid) from public, anon;
grant execute on function public.admin_permission_set_usage(uuid) to authenticated;

-- Member and group counts of every system set, for the admin list.
create or replace function public.admin_system_set_counts() returns table (set_id uuid, user_count integer, group_count integer)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_super_admin();
  return query
    select ps.id,
           (select count(*)::int from public.deal_members m where m.permission_set_id = ps.id),
           (select count(*)::int from public.deal_groups g where g.permission_set_id = ps.id)
    from public.permission_sets ps where ps.deal_id is null;
end $$;
revoke execute on function public.admin_system_set_counts() from public, anon;
grant execute on function public.admin_system_set_counts() to authenticated;

-- The admin user lists, run past row-level security once the caller is known to be a super admin
-- (the profiles and platform_admins policies, evaluated per row, made a 100,000-account search 1.8x
-- slower than the statement itself). p_which: all, super_admins or eligible (not yet super admins).
create or replace function public.admin_list_users(p_which text, p_search text, p_limit integer, p_offset integer)
returns jsonb language plpgsql stable security definer set search_path = '' as $$
declare
  v_pattern text := '%' || replace(replace(replace(lower(btrim(coalesce(p_search, ''))), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_any boolean := btrim(coalesce(p_search, '')) = '';
  v_rows jsonb;
  v_total integer;
begin
  perform private.require_super_admin();
  if v_any then
    -- Everyone: counting is cheap, and the page is the top of one sort.
    select count(*)::int into v_total from public.profiles p
     where p_which = 'all' or (exists (select 1 from public.platform_admins a where a.user_id = p.id)) = (p_which = 'super_admins');
    select coalesce(jsonb_agg(to_jsonb(page) - 'rn' order by page.rn), '[]') into v_rows
      from (select picked.*, row_number() over () as rn
              from (select p.id, p.email, p.first_name, p.last_name, p.title, p.created_at,
                           exists (select 1 from public.platform_admins a where a.user_id = p.id) as is_super_admin
                      from public.profiles p
                     where p_which = 'all' or (exists (select 1 from public.platform_admins a where a.user_id = p.id)) = (p_which = 'super_admins')
                     order by case when p_which = 'all' then null else lower(p.email) end,
                              case when p_which = 'all' then p.created_at end desc, p.id
                     limit greatest(p_limit, 0) offset greatest(p_offset, 0)) picked) page;
    return jsonb_build_object('users', v_rows, 'total_count', v_total);
  end if;
  -- A search: one pass over the matching accounts, counted and paged from the same rows.
  with matching as materialized (
    select p.id, p.email, p.first_name, p.last_name, p.title, p.created_at,
           exists (select 1 from public.platform_admins a where a.user_id = p.id) as is_super_admin
      from public.profiles p
     where (v_any or lower(p.email) like v_pattern or lower(p.first_name || ' ' || p.last_name) like v_pattern
            or lower(p.title) like v_pattern)
  ), chosen as materialized (
    select * from matching m
     where p_which = 'all' or m.is_super_admin = (p_which = 'super_admins')
  )
  select (select count(*)::int from chosen),
         coalesce((select jsonb_agg(to_jsonb(page) - 'rn' order by page.rn)
                     from (select picked.*, row_number() over () as rn
                             from (select * from chosen ch
                                    order by case when p_which = 'all' then null else lower(ch.email) end,
                                             case when p_which = 'all' then ch.created_at end desc, ch.id
                                    limit greatest(p_limit, 0) offset greatest(p_offset, 0)) picked) page), '[]')
    into v_total, v_rows;
  return jsonb_build_object('users', v_rows, 'total_count', v_total);
end $$;
revoke execute on function public.admin_list_users(text, text, integer, integer) from public, anon;
grant execute on function public.admin_list_users(text, text, integer, integer) to authenticated;
