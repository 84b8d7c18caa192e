-- People and permissions: permission sets (system and per deal), groups, tags, invitations, and the
-- effective capabilities every policy reads through private.has_capability (DESIGN.md, the access model).

create or replace function private.all_capabilities() returns text[]
language sql immutable set search_path = '' as $$
  select array['view','download','comment','approve','upload','edit_files','edit_folders','edit_checklist','manage_users']
$$;

-- Every capability but view and upload requires view (spec part 2 §5).
create or replace function private.capabilities_valid(p_caps text[]) returns boolean
language sql immutable set search_path = '' as $$
  select p_caps <@ private.all_capabilities()
     and ('view' = any (p_caps) or not (p_caps && array['download','comment','approve','edit_files','edit_folders','edit_checklist','manage_users']))
$$;

create table public.permission_sets (
  id uuid primary key default gen_random_uuid(),
  deal_id uuid references public.deals (id) on delete cascade,  -- null: a system set, global
  name text not null check (length(btrim(name)) between 1 and 100),
  description text not null default '' check (length(description) <= 1000),
  capabilities text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint permission_sets_capabilities_valid check (private.capabilities_valid(capabilities))
);
create unique index permission_sets_system_name on public.permission_sets (lower(name)) where deal_id is null;
create unique index permission_sets_deal_name on public.permission_sets (deal_id, lower(name)) where deal_id is not null;
alter table public.permission_sets enable row level security;

-- A readable refusal instead of a bare check violation.
create or replace function private.permission_sets_check() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.capabilities := array(select distinct c from unnest(new.capabilities) c order by 1);
  if not new.capabilities <@ private.all_capabilities() then
    raise exception 'Unknown capability in %', new.capabilities using errcode = 'P0001';
  end if;
  if not private.capabilities_valid(new.capabilities) then
    raise exception 'A permission set that grants download, comment, approve, edit_files, edit_folders, edit_checklist or manage_users must also grant view'
      using errcode = 'P0001';
  end if;
  if new.deal_id is not null then
    if not private.can_grant(new.deal_id, new.capabilities) then
      raise exception 'You can only give others rights you hold yourself' using errcode = '42501';
    end if;
  end if;
  new.updated_at := now();
  return new;
end $$;
create trigger permission_sets_check before insert or update on public.permission_sets
  for each row execute function private.permission_sets_check();

insert into public.permission_sets (name, description, capabilities) values
  ('upload_only', 'Upload files; cannot view existing files', array['upload']),
  ('upload_view', 'Upload, view, download and comment (the default for invitations)', array['view','download','comment','upload']),
  ('approve_only', 'Upload, view, download, comment and approve files', array['view','download','comment','upload','approve']),
  ('edit', 'Full file operations: upload, view, edit, metadata, organise, checklist',
   array['view','download','comment','approve','upload','edit_files','edit_folders','edit_checklist']);

-- Members hold a role (admin, or the legacy contributor/viewer badges) or 'member', whose rights come
-- only from their permission set and groups.
alter table public.deal_members drop constraint deal_members_role_check;
alter table public.deal_members add constraint deal_members_role_check
  check (role in ('admin', 'contributor', 'viewer', 'member'));
alter table public.deal_members add column permission_set_id uuid references public.permission_sets (id) on delete restrict;
alter table public.deal_members add column last_active_at timestamptz;
create index deal_members_set_idx on public.deal_members (permission_set_id);

create table public.deal_groups (
  id uuid primary key default gen_random_uuid(),
  deal_id uuid not null references public.deals (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 100),
  description text not null default '' check (length(description) <= 1000),
  permission_set_id uuid references public.permission_sets (id) on delete restrict,
  color text not null default '#6366F1' check (color ~ '^#[0-9A-Fa-f]{6}$'),
  created_at timestamptz not null default now()
);
create unique index deal_groups_name on public.deal_groups (deal_id, lower(name));
alter table public.deal_groups enable row level security;

create table public.deal_group_members (
  group_id uuid not null references public.deal_groups (id) on delete cascade,
  deal_id uuid not null,
  user_id uuid not null,
  primary key (group_id, user_id),
  foreign key (deal_id, user_id) references public.deal_members (deal_id, user_id) on delete cascade
);
create index deal_group_members_user_idx on public.deal_group_members (deal_id, user_id);
alter table public.deal_group_members enable row level security;

create table public.deal_tags (
  id uuid primary key default gen_random_uuid(),
  deal_id uuid not null references public.deals (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 100),
  color text not null default '#10B981' check (color ~ '^#[0-9A-Fa-f]{6}$'),
  created_at timestamptz not null default now()
);
create unique index deal_tags_name on public.deal_tags (deal_id, lower(name));
alter table public.deal_tags enable row level security;

create table public.deal_member_tags (
  tag_id uuid not null references public.deal_tags (id) on delete cascade,
  deal_id uuid not null,
  user_id uuid not null,
  primary key (tag_id, user_id),
  foreign key (deal_id, user_id) references public.deal_members (deal_id, user_id) on delete cascade
);
create index deal_member_tags_user_idx on public.deal_member_tags (deal_id, user_id);
alter table public.deal_member_tags enable row level security;

create table public.invitations (
  id uuid primary key default gen_random_uuid(),
  deal_id uuid not null references public.deals (id) on delete cascade,
  email text not null check (email = lower(btrim(email)) and email like '%_@_%' and length(email) <= 254),
  permission_set_id uuid not null references public.permission_sets (id) on delete restrict,
  group_ids uuid[] not null default '{}',
  tag_ids uuid[] not null default '{}',
  company text check (length(company) <= 200),
  status text not null default 'pending' check (status in ('pending', 'accepted', 'declined')),
  invited_by uuid references auth.users (id) on delete set null,
  invited_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  responded_at timestamptz
);
create unique index invitations_one_pending on public.invitations (deal_id, email) where status = 'pending';
create index invitations_email_idx on public.invitations (email) where status = 'pending';
alter table public.invitations enable row level security;

-- Effective capabilities: role ∪ own set ∪ every group's set; none unless the membership is active.
create or replace function private.member_capabilities(p_deal_id uuid, p_user_id uuid) returns text[]
language sql stable security definer set search_path = '' as $$
  -- Only about yourself, or about a member of a deal you belong to (privileged callers: anyone).
  select coalesce(array_agg(distinct c order by c), '{}') from (
    select * from (values (1)) gate(x)
    where (select auth.uid()) is null or p_user_id = (select auth.uid())
       or exists (select 1 from public.deal_members me where me.deal_id = p_deal_id
                  and me.user_id = (select auth.uid()) and me.status = 'active')
  ) allowed, (
    select unnest(private.role_capabilities(m.role)) as c
      from public.deal_members m where m.deal_id = p_deal_id and m.user_id = p_user_id and m.status = 'active'
    union
    select unnest(ps.capabilities)
      from public.deal_members m join public.permission_sets ps on ps.id = m.permission_set_id
      where m.deal_id = p_deal_id and m.user_id = p_user_id and m.status = 'active'
    union
    select unnest(ps.capabilities)
      from public.deal_members m
      join public.deal_group_members gm on gm.deal_id = m.deal_id and gm.user_id = m.user_id
      join public.deal_groups g on g.id = gm.group_id
      join public.permission_sets ps on ps.id = g.permission_set_id
      where m.deal_id = p_deal_id and m.user_id = p_user_id and m.status = 'active'
  ) caps
$$;

-- Whether the caller may hand out these capabilities: deal admins may; other managers only what they hold.
create or replace function private.can_grant(p_deal_id uuid, p_caps text[]) returns boolean
language sql stable security definer set search_path = '' as $$
  select (select auth.uid()) is null or private.is_deal_admin(p_deal_id)
      or coalesce(p_caps, '{}') <@ private.member_capabilities(p_deal_id, (select auth.uid()))
$$;

create or replace function private.set_capabilities(p_set_id uuid) returns text[]
language sql stable security definer set search_path = '' as $$
  select coalesce((select capabilities from public.permission_sets where id = p_set_id), '{}')
$$;

create or replace function private.has_capability(p_deal_id uuid, p_capability text) returns boolean
language sql stable security definer set search_path = '' as $$
  select p_capability = any (private.member_capabilities(p_deal_id, (select auth.uid())))
$$;

create or replace function private.deals_with_capability(p_capability text) returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(m.deal_id), '{}') from public.deal_members m
  where m.user_id = (select auth.uid()) and m.status = 'active'
    and p_capability = any (private.member_capabilities(m.deal_id, m.user_id))
$$;

create or replace function private.my_group_ids(p_deal_id uuid) returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(gm.group_id), '{}') from public.deal_group_members gm
  where gm.deal_id = p_deal_id and gm.user_id = (select auth.uid())
$$;

create or replace function private.my_tag_ids(p_deal_id uuid) returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(mt.tag_id), '{}') from public.deal_member_tags mt
  where mt.deal_id = p_deal_id and mt.user_id = (select auth.uid())
$$;

create or replace function private.my_all_group_ids() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(gm.group_id), '{}') from public.deal_group_members gm
  join public.deal_members m on m.deal_id = gm.deal_id and m.user_id = gm.user_id and m.status = 'active'
  where gm.user_id = (select auth.uid())
$$;

create or replace function private.my_all_tag_ids() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(mt.tag_id), '{}') from public.deal_member_tags mt
  join public.deal_members m on m.deal_id = mt.deal_id and m.user_id = mt.user_id and m.status = 'active'
  where mt.user_id = (select auth.uid())
$$;

-- The badge a member shows: their role, or for 'member' the legacy mapping of their rights
-- (edit rights → contributor, otherwise viewer).
create or replace function private.display_role(p_deal_id uuid, p_user_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  select case when not ((select auth.uid()) is null or p_user_id = (select auth.uid()) or private.is_deal_member(p_deal_id)) then null
              when m.role <> 'member' then m.role
              when 'edit_files' = any (private.member_capabilities(p_deal_id, p_user_id)) then 'contributor'
              else 'viewer' end
  from public.deal_members m where m.deal_id = p_deal_id and m.user_id = p_user_id
$$;

-- Managing members must never raise anyone above the manager, nor touch the owner.
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
  if tg_op <> 'DELETE' then
    if new.role = 'admin' and (tg_op = 'INSERT' or old.role <> 'admin') and not private.is_deal_admin(new.deal_id) then
      raise exception 'Only deal admins can make someone an admin' using errcode = '42501';
    end if;
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
  return coalesce(new, old);
end $$;
create trigger deal_members_guard before insert or update or delete on public.deal_members
  for each row execute function private.guard_member_write();

-- Group and tag links stay inside their deal.
create or replace function private.link_matches_deal() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_table_name = 'deal_group_members' then
    if not exists (select 1 from public.deal_groups g where g.id = new.group_id and g.deal_id = new.deal_id) then
      raise exception 'The group belongs to another deal' using errcode = 'P0001';
    end if;
    if not private.can_grant(new.deal_id, (select private.set_capabilities(g.permission_set_id) from public.deal_groups g where g.id = new.group_id)) then
      raise exception 'You can only give others rights you hold yourself' using errcode = '42501';
    end if;
  elsif not exists (select 1 from public.deal_tags t where t.id = new.tag_id and t.deal_id = new.deal_id) then
    raise exception 'The tag belongs to another deal' using errcode = 'P0001';
  end if;
  return new;
end $$;
create trigger deal_group_members_deal before insert or update on public.deal_group_members
  for each row execute function private.link_matches_deal();
create trigger deal_member_tags_deal before insert or update on public.deal_member_tags
  for each row execute function private.link_matches_deal();

create or replace function private.group_matches_deal() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.permission_set_id is not null and not exists (
    select 1 from public.permission_sets ps where ps.id = new.permission_set_id
      and (ps.deal_id is null or ps.deal_id = new.deal_id)) then
    raise exception 'That permission set does not belong to this deal' using errcode = 'P0001';
  end if;
  if not private.can_grant(new.deal_id, private.set_capabilities(new.permission_set_id)) then
    raise exception 'You can only give others rights you hold yourself' using errcode = '42501';
  end if;
  return new;
end $$;
create trigger deal_groups_set_deal before insert or update on public.deal_groups
  for each row execute function private.group_matches_deal();

-- Policies.
create policy permission_sets_select on public.permission_sets for select to authenticated
  using (deal_id is null or deal_id in (select private.my_deal_ids()) or (select private.is_super_admin()));
create policy permission_sets_system_write_insert on public.permission_sets for insert to authenticated
  with check (deal_id is null and (select private.is_super_admin()));
create policy permission_sets_system_write_update on public.permission_sets for update to authenticated
  using (deal_id is null and (select private.is_super_admin())) with check (deal_id is null and (select private.is_super_admin()));
create policy permission_sets_system_write_delete on public.permission_sets for delete to authenticated
  using (deal_id is null and (select private.is_super_admin()));
create policy permission_sets_deal_write_insert on public.permission_sets for insert to authenticated
  with check (deal_id is not null and private.has_capability(deal_id, 'manage_users'));
create policy permission_sets_deal_write_update on public.permission_sets for update to authenticated
  using (deal_id is not null and private.has_capability(deal_id, 'manage_users')) with check (deal_id is not null and private.has_capability(deal_id, 'manage_users'));
create policy permission_sets_deal_write_delete on public.permission_sets for delete to authenticated
  using (deal_id is not null and private.has_capability(deal_id, 'manage_users'));

create policy deal_groups_select on public.deal_groups for select to authenticated
  using (deal_id in (select private.my_deal_ids()));
create policy deal_groups_write_insert on public.deal_groups for insert to authenticated
  with check (private.has_capability(deal_id, 'manage_users'));
create policy deal_groups_write_update on public.deal_groups for update to authenticated
  using (private.has_capability(deal_id, 'manage_users')) with check (private.has_capability(deal_id, 'manage_users'));
create policy deal_groups_write_delete on public.deal_groups for delete to authenticated
  using (private.has_capability(deal_id, 'manage_users'));
create policy deal_group_members_select on public.deal_group_members for select to authenticated
  using (deal_id in (select private.my_deal_ids()));
create policy deal_group_members_write_insert on public.deal_group_members for insert to authenticated
  with check (private.has_capability(deal_id, 'manage_users')
         and user_id <> (select d.owner_id from public.deals d where d.id = deal_id));
create policy deal_group_members_write_update on public.deal_group_members for update to authenticated
  using (private.has_capability(deal_id, 'manage_users')
         and user_id <> (select d.owner_id from public.deals d where d.id = deal_id)) with check (private.has_capability(deal_id, 'manage_users')
         and user_id <> (select d.owner_id from public.deals d where d.id = deal_id));
create policy deal_group_members_write_delete on public.deal_group_members for delete to authenticated
  using (private.has_capability(deal_id, 'manage_users')
         and user_id <> (select d.owner_id from public.deals d where d.id = deal_id));

create policy deal_tags_select on public.deal_tags for select to authenticated
  using (deal_id in (select private.my_deal_ids()));
create policy deal_tags_write_insert on public.deal_tags for insert to authenticated
  with check (private.has_capability(deal_id, 'manage_users'));
create policy deal_tags_write_update on public.deal_tags for update to authenticated
  using (private.has_capability(deal_id, 'manage_users')) with check (private.has_capability(deal_id, 'manage_users'));
create policy deal_tags_write_delete on public.deal_tags for delete to authenticated
  using (private.has_capability(deal_id, 'manage_users'));
create policy deal_member_tags_select on public.deal_member_tags for select to authenticated
  using (deal_id in (select private.my_deal_ids()));
create policy deal_member_tags_write_insert on public.deal_member_tags for insert to authenticated
  with check (private.has_capability(deal_id, 'manage_users')
         and user_id <> (select d.owner_id from public.deals d where d.id = deal_id));
create policy deal_member_tags_write_update on public.deal_member_tags for update to authenticated
  using (private.has_capability(deal_id, 'manage_users')
         and user_id <> (select d.owner_id from public.deals d where d.id = deal_id)) with check (private.has_capability(deal_id, 'manage_users')
         and user_id <> (select d.owner_id from public.deals d where d.id = deal_id));
create policy deal_member_tags_write_delete on public.deal_member_tags for delete to authenticated
  using (private.has_capability(deal_id, 'manage_users')
         and user_id <> (select d.owner_id from public.deals d where d.id = deal_id));

-- Invitations: managers of the deal, and the invitee (by the e-mail of their token) for their own.
create policy invitations_select on public.invitations for select to authenticated
  using (private.has_capability(deal_id, 'manage_users') or email = lower((select auth.email())));
create policy invitations_insert on public.invitations for insert to authenticated
  with check (private.has_capability(deal_id, 'manage_users') and invited_by = (select auth.uid()) and status = 'pending');
create policy invitations_update on public.invitations for update to authenticated
  using (private.has_capability(deal_id, 'manage_users')) with check (private.has_capability(deal_id, 'manage_users'));
create policy invitations_delete on public.invitations for delete to authenticated
  using (private.has_capability(deal_id, 'manage_users'));

-- An invitation hands out a set and groups: only what the inviter could grant directly.
create or replace function private.invitation_check() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- An answer, a resend or a company change hands out nothing new.
  if tg_op = 'UPDATE' and (new.deal_id, new.email, new.permission_set_id, new.group_ids)
                          is not distinct from (old.deal_id, old.email, old.permission_set_id, old.group_ids) then
    return new;
  end if;
  if not exists (select 1 from public.permission_sets ps where ps.id = new.permission_set_id
                 and (ps.deal_id is null or ps.deal_id = new.deal_id)) then
    raise exception 'That permission set does not belong to this deal' using errcode = 'P0001';
  end if;
  if not private.can_grant(new.deal_id, private.set_capabilities(new.permission_set_id) || coalesce(
       (select array_agg(c) from public.deal_groups g, unnest(private.set_capabilities(g.permission_set_id)) c
        where g.id = any (new.group_ids) and g.deal_id = new.deal_id), '{}')) then
    raise exception 'You can only give others rights you hold yourself' using errcode = '42501';
  end if;
  return new;
end $$;
create trigger invitations_check before insert or update on public.invitations
  for each row execute function private.invitation_check();

-- Accepting or declining runs as the invitee, who is not yet a member: this function checks that the
-- invitation is theirs, pending and unexpired, then adds the membership with its set, groups and tags.
create or replace function private.respond_to_invitation(p_invitation_id uuid, p_accept boolean) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_claims text := coalesce(current_setting('request.jwt.claims', true), '');
  v_inv public.invitations;
  v_uid uuid := auth.uid();
  v_email text := lower(auth.email());
begin
  select * into v_inv from public.invitations where id = p_invitation_id for update;
  if v_inv.id is null or v_uid is null or v_email is null or v_inv.email <> v_email then
    raise exception 'Invitation not found' using errcode = 'P0002';
  end if;
  if v_inv.status <> 'pending' then
    raise exception 'This invitation has already been answered' using errcode = 'P0001';
  end if;
  if v_inv.expires_at < now() then
    raise exception 'This invitation has expired. Ask for a new one.' using errcode = 'P0001';
  end if;
  update public.invitations set status = case when p_accept then 'accepted' else 'declined' end, responded_at = now()
  where id = v_inv.id;
  if p_accept then
    -- The invitation carries the inviter's authority (checked when it was sent), not the invitee's.
    perform set_config('request.jwt.claims', '', true);
    insert into public.deal_members (deal_id, user_id, role, permission_set_id, company)
    values (v_inv.deal_id, v_uid, 'member', v_inv.permission_set_id, v_inv.company)
    on conflict (deal_id, user_id) do nothing;
    insert into public.deal_group_members (group_id, deal_id, user_id)
      select g.id, v_inv.deal_id, v_uid from public.deal_groups g
      where g.id = any (v_inv.group_ids) and g.deal_id = v_inv.deal_id
    on conflict do nothing;
    insert into public.deal_member_tags (tag_id, deal_id, user_id)
      select t.id, v_inv.deal_id, v_uid from public.deal_tags t
      where t.id = any (v_inv.tag_ids) and t.deal_id = v_inv.deal_id
    on conflict do nothing;
    perform private.record_activity(v_inv.deal_id, v_uid, 'user_invite',
      format('%s joined the deal', v_email), jsonb_build_object('invitation_id', v_inv.id, 'invited_by', v_inv.invited_by));
    perform set_config('request.jwt.claims', v_claims, true);
  end if;
  return v_inv.deal_id;
end $$;

-- The invitee is not a member yet, so RLS would hide the deal and the inviter: this returns just
-- what the pending-invitations banner shows, for the caller's own e-mail.
create or replace function private.my_invitations()
returns table (invitation_id uuid, deal_id uuid, deal_name text, deal_description text, invited_by_name text,
               invited_by text, invited_at timestamptz, expires_at timestamptz, is_expired boolean, permission_set_name text)
language sql stable security definer set search_path = '' as $$
  select i.id, i.deal_id, d.name, d.description, nullif(btrim(p.first_name || ' ' || p.last_name), ''), p.email,
         i.invited_at, i.expires_at, i.expires_at < now(), ps.name
  from public.invitations i
  join public.deals d on d.id = i.deal_id
  left join public.profiles p on p.id = i.invited_by
  left join public.permission_sets ps on ps.id = i.permission_set_id
  where i.status = 'pending' and i.email = lower((select auth.email())) and d.archived_at is null
  order by i.invited_at desc
$$;

-- Memberships and invitations never move between people or deals, and an invitation's answer comes
-- only from respond_to_invitation.
revoke update on public.deal_members from authenticated;
grant update (role, status, company, permission_set_id, last_active_at) on public.deal_members to authenticated;
revoke update on public.invitations from authenticated;
grant update (expires_at, invited_at, permission_set_id, group_ids, tag_ids, company) on public.invitations to authenticated;

revoke all on public.permission_sets, public.deal_groups, public.deal_group_members, public.deal_tags,
  public.deal_member_tags, public.invitations from anon;
revoke truncate, trigger, references on all tables in schema public from anon, authenticated;

create trigger permission_sets_audit after insert or update or delete on public.permission_sets
  for each row execute function private.audit_row('permission_set');
