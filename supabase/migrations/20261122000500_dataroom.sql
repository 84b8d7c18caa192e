-- Data room: folders, files, versions, metadata, comments, file permissions (DESIGN.md decisions 3, 4;
-- the access model). Names are data; stored bytes are keyed by ids only.
create extension if not exists pg_trgm with schema extensions;

-- A file or folder name: 1..255 characters, no path separators, no control characters, not . or ..
create or replace function private.valid_item_name(p_name text) returns boolean
language sql immutable set search_path = '' as $$
  select p_name is not null
     and length(p_name) between 1 and 255
     and p_name !~ '[/\\[:cntrl:]]'
     and p_name not in ('.', '..')
     and p_name = btrim(p_name)
$$;

create table public.folders (
  id uuid primary key default gen_random_uuid(),
  deal_id uuid not null references public.deals (id) on delete cascade,
  parent_id uuid references public.folders (id) on delete cascade,
  name text not null check (private.valid_item_name(name)),
  full_path text not null,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  archived_at timestamptz
);
create unique index folders_unique_name on public.folders
  (deal_id, coalesce(parent_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(name)) where archived_at is null;
create index folders_path_idx on public.folders (deal_id, lower(full_path)) where archived_at is null;
create index folders_parent_idx on public.folders (parent_id);
create index folders_name_trgm on public.folders using gin (lower(name) extensions.gin_trgm_ops);
alter table public.folders enable row level security;

-- full_path is derived from the parent, never sent by a client; a folder cannot move to another deal.
create or replace function private.folder_full_path() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_parent public.folders;
begin
  if new.parent_id is null then
    new.full_path := '/' || new.name;
  else
    select * into v_parent from public.folders where id = new.parent_id;
    if v_parent.id is null or v_parent.deal_id <> new.deal_id then
      raise exception 'The parent folder does not exist in this deal' using errcode = '23503';
    end if;
    new.full_path := v_parent.full_path || '/' || new.name;
  end if;
  return new;
end $$;
create trigger folders_full_path before insert on public.folders
  for each row execute function private.folder_full_path();

create table public.files (
  id uuid primary key default gen_random_uuid(),
  deal_id uuid not null references public.deals (id) on delete cascade,
  folder_id uuid references public.folders (id) on delete cascade,
  name text not null check (private.valid_item_name(name)),
  formatted_title text check (length(formatted_title) <= 500),
  file_type text not null default '',
  content_type text not null default 'application/octet-stream',
  size_bytes bigint not null default 0 check (size_bytes >= 0),
  current_version integer not null default 0,
  tags text[] not null default '{}',
  checklist_items uuid[] not null default '{}',
  approval_status text not null default 'pending' check (approval_status in ('pending', 'review', 'approved')),
  approval_note text,
  ai_status text not null default 'not_started'
    check (ai_status in ('not_started', 'queued', 'processing', 'review', 'approved', 'try_again', 'completed', 'failed')),
  permission_type text not null default 'all' check (permission_type in ('all', 'custom')),
  -- 'pending' until upload-complete: invisible to everyone but the uploader, swept when abandoned.
  upload_state text not null default 'pending' check (upload_state in ('pending', 'ready')),
  search_text text not null default '',
  uploaded_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  archived_at timestamptz
);
create unique index files_unique_name on public.files
  (deal_id, coalesce(folder_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(name))
  where archived_at is null and upload_state = 'ready';
create index files_listing_idx on public.files (deal_id, folder_id, lower(name))
  where archived_at is null and upload_state = 'ready';
create index files_recent_idx on public.files (deal_id, created_at desc) where upload_state = 'ready';
create index files_search_trgm on public.files using gin (search_text extensions.gin_trgm_ops);
create index files_pending_idx on public.files (created_at) where upload_state = 'pending';
alter table public.files enable row level security;

create table public.file_versions (
  file_id uuid not null references public.files (id) on delete cascade,
  deal_id uuid not null references public.deals (id) on delete cascade,
  version_number integer not null check (version_number >= 1),
  storage_key text not null unique,
  -- Keys are ours (decision 3): derived from ids, never from names.
  constraint file_versions_key_format check (storage_key = 'deals/' || deal_id || '/files/' || file_id || '/v' || version_number),
  size_bytes bigint not null check (size_bytes >= 0),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  original_name text not null,
  content_type text not null default 'application/octet-stream',
  uploaded_by uuid references auth.users (id) on delete set null,
  uploaded_at timestamptz not null default now(),
  primary key (file_id, version_number)
);
alter table public.file_versions enable row level security;

create table public.file_metadata (
  file_id uuid primary key references public.files (id) on delete cascade,
  deal_id uuid not null references public.deals (id) on delete cascade,
  custom_file_category text check (length(custom_file_category) <= 200),
  document_type text check (document_type in ('Contract', 'Report', 'Statement', 'Org Chart', 'NDA', 'Agreement', 'Other')),
  quick_summary text check (length(quick_summary) <= 5000),
  confidentiality_level text check (confidentiality_level in ('public', 'internal', 'confidential', 'privileged')),
  date_range_start date,
  date_range_end date,
  people_mentioned text[] not null default '{}',
  named_organizations text[] not null default '{}',
  languages_used text[] not null default '{}',
  ai_generated_at timestamptz,
  updated_at timestamptz not null default now()
);
alter table public.file_metadata enable row level security;

create table public.file_comments (
  id uuid primary key default gen_random_uuid(),
  file_id uuid not null references public.files (id) on delete cascade,
  deal_id uuid not null references public.deals (id) on delete cascade,
  user_id uuid references auth.users (id) on delete set null,
  comment text not null check (length(btrim(comment)) between 1 and 10000),
  created_at timestamptz not null default now()
);
create index file_comments_file_idx on public.file_comments (file_id, created_at);
alter table public.file_comments enable row level security;

-- Who may see a file whose permission_type is 'custom'. Denied entries win over allowed ones.
create table public.file_permissions (
  file_id uuid primary key references public.files (id) on delete cascade,
  deal_id uuid not null references public.deals (id) on delete cascade,
  allowed_users uuid[] not null default '{}',
  allowed_groups uuid[] not null default '{}',
  allowed_tags uuid[] not null default '{}',
  denied_users uuid[] not null default '{}',
  denied_groups uuid[] not null default '{}',
  denied_tags uuid[] not null default '{}',
  updated_at timestamptz not null default now()
);
alter table public.file_permissions enable row level security;

-- A signed upload URL issued for one version of a file: reserves the version number and storage key,
-- and lets upload-complete trust only keys the server handed out. Abandoned ones are swept.
create table public.upload_grants (
  storage_key text primary key,
  file_id uuid not null references public.files (id) on delete cascade,
  deal_id uuid not null references public.deals (id) on delete cascade,
  version_number integer not null check (version_number >= 1),
  original_name text not null check (private.valid_item_name(original_name)),
  content_type text not null,
  created_by uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  completed_at timestamptz,
  unique (file_id, version_number),
  constraint upload_grants_key_format check (storage_key = 'deals/' || deal_id || '/files/' || file_id || '/v' || version_number)
);
create index upload_grants_expiry_idx on public.upload_grants (expires_at) where completed_at is null;
alter table public.upload_grants enable row level security;

-- Groups and tags of the caller in a deal: empty until the people-and-permissions issue replaces these.
create or replace function private.my_group_ids(p_deal_id uuid) returns uuid[]
language sql stable security definer set search_path = '' as $$ select '{}'::uuid[] $$;
create or replace function private.my_tag_ids(p_deal_id uuid) returns uuid[]
language sql stable security definer set search_path = '' as $$ select '{}'::uuid[] $$;

-- Deals where the caller holds a capability, computed once per statement (an InitPlan), so policies
-- on large tables compare a column against an array instead of calling a function per row.
create or replace function private.deals_with_capability(p_capability text) returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(m.deal_id), '{}') from public.deal_members m
  where m.user_id = (select auth.uid()) and m.status = 'active'
    and p_capability = any (private.role_capabilities(m.role))
$$;

create or replace function private.admin_deals() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(m.deal_id), '{}') from public.deal_members m
  where m.user_id = (select auth.uid()) and m.status = 'active' and m.role = 'admin'
$$;

create or replace function private.member_deals() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(m.deal_id), '{}') from public.deal_members m
  where m.user_id = (select auth.uid()) and m.status = 'active'
$$;

-- The custom-permission test for one file (only reached for files whose permission_type is 'custom').
-- Every group and tag of the caller (ids are unique across deals), for the listing's policy to
-- compute once per statement. The people issue replaces these with the real memberships.
create or replace function private.my_all_group_ids() returns uuid[]
language sql stable security definer set search_path = '' as $$ select '{}'::uuid[] $$;
create or replace function private.my_all_tag_ids() returns uuid[]
language sql stable security definer set search_path = '' as $$ select '{}'::uuid[] $$;

-- The same test with the caller's groups and tags passed in (one indexed lookup per custom file).
create or replace function private.custom_permission_allows_for(p_file_id uuid, p_uid uuid, p_groups uuid[], p_tags uuid[])
returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((
    select not (p_uid = any (p.denied_users) or p.denied_groups && p_groups or p.denied_tags && p_tags)
       and (p_uid = any (p.allowed_users) or p.allowed_groups && p_groups or p.allowed_tags && p_tags)
    from public.file_permissions p where p.file_id = p_file_id), false)
$$;

create or replace function private.custom_permission_allows(p_file_id uuid, p_deal_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((
    select not ((select auth.uid()) = any (p.denied_users)
                or p.denied_groups && private.my_group_ids(p_deal_id)
                or p.denied_tags && private.my_tag_ids(p_deal_id))
       and ((select auth.uid()) = any (p.allowed_users)
            or p.allowed_groups && private.my_group_ids(p_deal_id)
            or p.allowed_tags && private.my_tag_ids(p_deal_id))
    from public.file_permissions p where p.file_id = p_file_id), false)
$$;
alter function private.custom_permission_allows(uuid, uuid) cost 1000;

-- The access model's visibility rule for one file: owner or admin; or the uploader; or `view`
-- and the file's permissions allow it.
create or replace function private.can_see_file(p_file_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.files f
    where f.id = p_file_id
      and (private.is_deal_admin(f.deal_id)
           or (f.uploaded_by = (select auth.uid()) and private.is_deal_member(f.deal_id))
           or (f.upload_state = 'ready' and private.has_capability(f.deal_id, 'view')
               and (f.permission_type = 'all' or private.custom_permission_allows(f.id, f.deal_id)))))
$$;

create or replace function private.can_download_file(p_file_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.can_see_file(p_file_id) and exists (
    select 1 from public.files f where f.id = p_file_id
      and (private.is_deal_admin(f.deal_id) or f.uploaded_by = (select auth.uid())
           or private.has_capability(f.deal_id, 'download')))
$$;

-- New functions are executable by PUBLIC; record_activity and record_login stay revoked (migration 300).

-- Keeps search_text and updated_at; column rules a policy cannot express (approval needs `approve`,
-- everything else about a file needs `edit_files` unless you uploaded it). Privileged paths (no JWT) pass.
create or replace function private.files_before_write() returns trigger
language plpgsql set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
begin
  new.search_text := lower(new.name || ' ' || coalesce(new.formatted_title, '') || ' ' || array_to_string(new.tags, ' '));
  if new.folder_id is not null and (tg_op = 'INSERT' or new.folder_id is distinct from old.folder_id)
     and not exists (select 1 from public.folders fo where fo.id = new.folder_id and fo.deal_id = new.deal_id) then
    raise exception 'The folder belongs to another deal' using errcode = '23503';
  end if;
  if cardinality(new.checklist_items) > 0 and (tg_op = 'INSERT' or new.checklist_items is distinct from old.checklist_items)
     and to_regclass('public.checklist_items') is not null then
    -- Only links being added are checked: removing links never fails.
    if exists (select 1 from unnest(new.checklist_items) u(item_id)
               where (tg_op = 'INSERT' or not u.item_id = any (old.checklist_items))
                 and not exists (select 1 from public.checklist_items ci where ci.id = u.item_id and ci.deal_id = new.deal_id)) then
      raise exception 'Files can only be linked to checklist items of their own deal' using errcode = '23503';
    end if;
  end if;
  if tg_op = 'INSERT' then
    -- A new file starts unreviewed and empty; only upload-complete (below) makes it ready.
    if v_uid is not null and (new.approval_status <> 'pending' or new.ai_status <> 'not_started'
                              or new.current_version <> 0 or new.size_bytes <> 0 or new.upload_state <> 'pending') then
      raise exception 'A new file starts pending, unreviewed and empty' using errcode = '42501';
    end if;
    return new;
  end if;
  new.updated_at := now();
  if new.deal_id <> old.deal_id or new.uploaded_by is distinct from old.uploaded_by then
    raise exception 'A file cannot change deal or uploader' using errcode = '42501';
  end if;
  if v_uid is not null then
    -- The stored state must match a recorded version: no file becomes ready, or changes size,
    -- without the version row upload-complete writes.
    if (new.upload_state, new.current_version, new.size_bytes) is distinct from (old.upload_state, old.current_version, old.size_bytes) then
      if new.upload_state = 'pending' and old.upload_state = 'ready' then
        raise exception 'A ready file cannot go back to pending' using errcode = '42501';
      end if;
      if new.upload_state = 'ready' and not exists (
           select 1 from public.file_versions v
           where v.file_id = new.id and v.version_number = new.current_version and v.size_bytes = new.size_bytes) then
        raise exception 'The file''s version and size must match a recorded version' using errcode = '42501';
      end if;
    end if;
    if new.approval_status is distinct from old.approval_status
       and not private.has_capability(new.deal_id, 'approve') then
      raise exception 'You don''t have permission to change the approval status' using errcode = '42501';
    end if;
    -- Any change besides the approval needs edit_files or being the uploader.
    if (to_jsonb(new) - array['approval_status', 'approval_note', 'updated_at', 'search_text'])
         is distinct from (to_jsonb(old) - array['approval_status', 'approval_note', 'updated_at', 'search_text'])
       and not (private.has_capability(new.deal_id, 'edit_files') or old.uploaded_by = v_uid) then
      raise exception 'You don''t have permission to edit this file' using errcode = '42501';
    end if;
  end if;
  return new;
end $$;
create trigger files_before_write before insert or update on public.files
  for each row execute function private.files_before_write();

-- Policies. Large tables compare against per-statement arrays (see deals_with_capability).
-- Folders are never moved or renamed (no such feature): only archiving changes a folder.
revoke update, delete on public.folders from authenticated;
grant update (archived_at) on public.folders to authenticated;
-- Deleting goes through private.delete_folder, which removes the subtree, returns its stored keys
-- and records one activity.

create policy folders_select on public.folders for select to authenticated
  using (deal_id = any ((select private.member_deals())::uuid[]));
create policy folders_insert on public.folders for insert to authenticated
  with check (private.has_capability(deal_id, 'edit_folders') and created_by = (select auth.uid()));
create policy folders_update on public.folders for update to authenticated
  using (private.has_capability(deal_id, 'edit_folders')) with check (private.has_capability(deal_id, 'edit_folders'));

create policy files_select on public.files for select to authenticated
  using (
    deal_id = any ((select private.admin_deals())::uuid[])
    or (uploaded_by = (select auth.uid()) and deal_id = any ((select private.member_deals())::uuid[]))
    or (upload_state = 'ready'
        and deal_id = any ((select private.deals_with_capability('view'))::uuid[])
        and (permission_type = 'all'
             or private.custom_permission_allows_for(id, (select auth.uid()), (select private.my_all_group_ids()),
                                                     (select private.my_all_tag_ids())))));
create policy files_insert on public.files for insert to authenticated
  with check (private.has_capability(deal_id, 'upload') and uploaded_by = (select auth.uid()) and upload_state = 'pending');
create policy files_update on public.files for update to authenticated
  using (private.can_see_file(id)
         and (private.has_capability(deal_id, 'edit_files') or private.has_capability(deal_id, 'approve')
              or uploaded_by = (select auth.uid())))
  with check (private.is_deal_member(deal_id));
create policy files_delete on public.files for delete to authenticated
  using (private.can_see_file(id)
         and (private.has_capability(deal_id, 'edit_files') or uploaded_by = (select auth.uid())));

create policy file_versions_select on public.file_versions for select to authenticated
  using (private.can_see_file(file_id));
create policy file_versions_insert on public.file_versions for insert to authenticated
  with check (private.can_see_file(file_id) and uploaded_by = (select auth.uid())
              and (private.has_capability(deal_id, 'edit_files')
                   or exists (select 1 from public.files f where f.id = file_id and f.uploaded_by = (select auth.uid()))));

create policy file_metadata_select on public.file_metadata for select to authenticated
  using (private.can_see_file(file_id));
create policy file_metadata_insert on public.file_metadata for insert to authenticated
  with check (private.can_see_file(file_id) and (private.has_capability(deal_id, 'edit_files')
              or exists (select 1 from public.files f where f.id = file_id and f.uploaded_by = (select auth.uid()))));
create policy file_metadata_update on public.file_metadata for update to authenticated
  using (private.can_see_file(file_id) and (private.has_capability(deal_id, 'edit_files')
         or exists (select 1 from public.files f where f.id = file_id and f.uploaded_by = (select auth.uid()))));

create policy file_comments_select on public.file_comments for select to authenticated
  using (private.can_see_file(file_id));
create policy file_comments_insert on public.file_comments for insert to authenticated
  with check (private.can_see_file(file_id) and private.has_capability(deal_id, 'comment')
              and user_id = (select auth.uid()));

-- Only those who can edit a file (or uploaded it) read or change who else may see it.
create policy file_permissions_select on public.file_permissions for select to authenticated
  using (private.can_see_file(file_id) and (private.has_capability(deal_id, 'edit_files')
         or exists (select 1 from public.files f where f.id = file_id and f.uploaded_by = (select auth.uid()))));
create policy file_permissions_write_insert on public.file_permissions for insert to authenticated
  with check (private.can_see_file(file_id) and (private.has_capability(deal_id, 'edit_files')
         or exists (select 1 from public.files f where f.id = file_id and f.uploaded_by = (select auth.uid()))));
create policy file_permissions_write_update on public.file_permissions for update to authenticated
  using (private.can_see_file(file_id) and (private.has_capability(deal_id, 'edit_files')
         or exists (select 1 from public.files f where f.id = file_id and f.uploaded_by = (select auth.uid())))) with check (private.can_see_file(file_id) and (private.has_capability(deal_id, 'edit_files')
         or exists (select 1 from public.files f where f.id = file_id and f.uploaded_by = (select auth.uid()))));
create policy file_permissions_write_delete on public.file_permissions for delete to authenticated
  using (private.can_see_file(file_id) and (private.has_capability(deal_id, 'edit_files')
         or exists (select 1 from public.files f where f.id = file_id and f.uploaded_by = (select auth.uid()))));

create policy upload_grants_select on public.upload_grants for select to authenticated
  using (created_by = (select auth.uid()));
create policy upload_grants_insert on public.upload_grants for insert to authenticated
  with check (created_by = (select auth.uid()) and private.can_see_file(file_id)
              and (private.has_capability(deal_id, 'upload') or private.has_capability(deal_id, 'edit_files')));
-- A grant can be completed once by its creator, never reopened (the sweeper deletes open grants' bytes).
create policy upload_grants_update on public.upload_grants for update to authenticated
  using (created_by = (select auth.uid()) and completed_at is null)
  with check (created_by = (select auth.uid()) and completed_at is not null);

revoke all on public.upload_grants from anon;
revoke update on public.upload_grants from authenticated;
grant update (completed_at) on public.upload_grants to authenticated;
revoke all on public.folders, public.files, public.file_versions, public.file_metadata,
  public.file_comments, public.file_permissions from anon;
revoke update, delete on public.file_versions, public.file_comments from authenticated;
revoke delete on public.file_metadata from authenticated;

-- Consistency: child rows carry their file's deal.
create or replace function private.child_matches_file_deal() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.files f where f.id = new.file_id and f.deal_id = new.deal_id) then
    raise exception 'deal_id does not match the file' using errcode = '23503';
  end if;
  return new;
end $$;
create trigger file_versions_deal before insert on public.file_versions
  for each row execute function private.child_matches_file_deal();
create trigger file_metadata_deal before insert or update on public.file_metadata
  for each row execute function private.child_matches_file_deal();
create trigger file_comments_deal before insert on public.file_comments
  for each row execute function private.child_matches_file_deal();
create trigger upload_grants_deal before insert or update on public.upload_grants
  for each row execute function private.child_matches_file_deal();
create trigger file_permissions_deal before insert or update on public.file_permissions
  for each row execute function private.child_matches_file_deal();

-- Activity: an upload when a file becomes ready, a delete when a file or folder is deleted directly
-- (files removed with their folder are counted in the folder's row).
create or replace function private.files_activity() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_path text;
begin
  if tg_op = 'UPDATE' and old.upload_state = 'pending' and new.upload_state = 'ready' then
    select full_path into v_path from public.folders where id = new.folder_id;
    perform private.record_activity(new.deal_id, coalesce(auth.uid(), new.uploaded_by), 'upload',
      format('Uploaded "%s"', new.name),
      jsonb_build_object('file_id', new.id, 'path', coalesce(v_path, '/')));
  elsif tg_op = 'UPDATE' and old.upload_state = 'ready' and new.current_version > old.current_version then
    select full_path into v_path from public.folders where id = new.folder_id;
    perform private.record_activity(new.deal_id, coalesce(auth.uid(), new.uploaded_by), 'upload',
      format('Uploaded version %s of "%s"', new.current_version, new.name),
      jsonb_build_object('file_id', new.id, 'path', coalesce(v_path, '/'), 'version', new.current_version));
  elsif tg_op = 'DELETE' and old.upload_state = 'ready'
        and coalesce(current_setting('app.deleting_folder', true), '') = '' then
    select full_path into v_path from public.folders where id = old.folder_id;
    perform private.record_activity(old.deal_id, auth.uid(), 'delete', format('Deleted "%s"', old.name),
      jsonb_build_object('file_id', old.id, 'path', coalesce(v_path, '/')));
  end if;
  return null;
end $$;
create trigger files_activity after update or delete on public.files
  for each row execute function private.files_activity();

create or replace function private.folders_activity() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- delete_folder records one row for the whole subtree itself.
  if coalesce(current_setting('app.deleting_folder', true), '') = '' then
    perform private.record_activity(old.deal_id, auth.uid(), 'delete', format('Deleted folder "%s"', old.name),
      jsonb_build_object('folder_id', old.id, 'path', old.full_path));
  end if;
  return null;
end $$;
create trigger folders_activity after delete on public.folders
  for each row execute function private.folders_activity();

-- A download is recorded when a signed URL is issued to someone allowed to download.
create or replace function private.record_download(p_file_id uuid, p_version integer) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  v_file public.files;
  v_path text;
begin
  if not private.can_download_file(p_file_id) then
    return false;
  end if;
  select * into v_file from public.files where id = p_file_id;
  select full_path into v_path from public.folders where id = v_file.folder_id;
  perform private.record_activity(v_file.deal_id, auth.uid(), 'download',
    format('Downloaded "%s"%s', v_file.name, case when p_version <> v_file.current_version then format(' (version %s)', p_version) else '' end),
    jsonb_build_object('file_id', v_file.id, 'path', coalesce(v_path, '/'), 'version', p_version));
  return true;
end $$;
grant execute on function private.record_download(uuid, integer) to authenticated;

-- Folder subtree operations run whole, including files the caller cannot see (hidden by custom
-- permissions), so nothing is left orphaned; the caller's right is checked here.
create or replace function private.folder_subtree_counts(p_folder_id uuid)
returns table (folders bigint, files bigint)
language sql stable security definer set search_path = '' as $$
  with recursive tree as (
    select f.id from public.folders f where f.id = p_folder_id and private.is_deal_member(f.deal_id)
    union all
    select c.id from public.folders c join tree t on c.parent_id = t.id
  )
  select (select greatest(count(*) - 1, 0) from tree),
         (select count(*) from public.files fi where fi.folder_id in (select id from tree) and fi.upload_state = 'ready')
$$;

create or replace function private.archive_folder(p_folder_id uuid) returns table (folders bigint, files bigint)
language plpgsql security definer set search_path = '' as $$
declare
  v_claims text;
  v_deal uuid;
  v_folders bigint;
  v_files bigint;
begin
  select deal_id into v_deal from public.folders where id = p_folder_id and archived_at is null;
  if v_deal is null or not private.is_deal_member(v_deal) then
    raise exception 'Folder not found or you don''t have access' using errcode = 'P0002';
  end if;
  if not private.has_capability(v_deal, 'edit_folders') then
    raise exception 'You don''t have permission to archive folders' using errcode = '42501';
  end if;
  -- Archiving a folder archives everything in it, whoever uploaded it: the folder right decides, so
  -- the per-file edit rule of files_before_write is set aside for this statement (claims cleared).
  v_claims := current_setting('request.jwt.claims', true);
  perform set_config('request.jwt.claims', '', true);
  with recursive tree as (
    select id from public.folders where id = p_folder_id
    union all
    select c.id from public.folders c join tree t on c.parent_id = t.id where c.archived_at is null
  ), archived_files as (
    update public.files set archived_at = now()
    where folder_id in (select id from tree) and archived_at is null returning 1
  ), archived_folders as (
    update public.folders set archived_at = now() where id in (select id from tree) returning 1
  )
  select (select count(*) from archived_folders), (select count(*) from archived_files) into v_folders, v_files;
  perform set_config('request.jwt.claims', coalesce(v_claims, ''), true);
  return query select v_folders, v_files;
end $$;

-- Deletes a folder with everything in it and returns the storage keys to remove once committed.
create or replace function private.delete_folder(p_folder_id uuid) returns table (storage_key text)
language plpgsql security definer set search_path = '' as $$
declare
  v_deal uuid;
  v_keys text[];
  v_files bigint;
begin
  select deal_id into v_deal from public.folders where id = p_folder_id;
  if v_deal is null or not private.is_deal_member(v_deal) then
    raise exception 'Folder not found or you don''t have access' using errcode = 'P0002';
  end if;
  if not private.has_capability(v_deal, 'edit_folders') then
    raise exception 'You don''t have permission to delete folders' using errcode = '42501';
  end if;
  with recursive tree as (
    select id from public.folders where id = p_folder_id
    union all
    select c.id from public.folders c join tree t on c.parent_id = t.id
  )
  select count(*) into v_files from public.files fi
  where fi.folder_id in (select id from tree) and fi.upload_state = 'ready';
  with recursive tree as (
    select id from public.folders where id = p_folder_id
    union all
    select c.id from public.folders c join tree t on c.parent_id = t.id
  ), doomed as (
    select fi.id from public.files fi where fi.folder_id in (select id from tree)
  )
  select coalesce(array_agg(k), '{}') into v_keys from (
    select v.storage_key as k from public.file_versions v where v.file_id in (select id from doomed)
    union
    select g.storage_key from public.upload_grants g where g.file_id in (select id from doomed)
  ) keys;
  perform set_config('app.deleting_folder', p_folder_id::text, true);
  perform private.record_activity(v_deal, auth.uid(), 'delete',
    format('Deleted folder "%s"%s', (select name from public.folders where id = p_folder_id),
           case when v_files > 0 then format(' with %s file%s', v_files, case when v_files = 1 then '' else 's' end) else '' end),
    jsonb_build_object('folder_id', p_folder_id, 'path', (select full_path from public.folders where id = p_folder_id)));
  delete from public.folders where id = p_folder_id;
  perform set_config('app.deleting_folder', '', true);
  return query select unnest(v_keys);
end $$;

-- Every stored key of one file (all versions, and other members' unfinished version uploads, which
-- RLS hides from the caller), for a caller allowed to delete it.
create or replace function private.file_storage_keys(p_file_id uuid) returns table (storage_key text)
language plpgsql stable security definer set search_path = '' as $$
declare
  v_file public.files;
begin
  select * into v_file from public.files where id = p_file_id;
  if v_file.id is null or not private.can_see_file(p_file_id)
     or not (private.has_capability(v_file.deal_id, 'edit_files') or v_file.uploaded_by = (select auth.uid())) then
    raise exception 'File not found' using errcode = 'P0002';
  end if;
  return query
    select v.storage_key from public.file_versions v where v.file_id = p_file_id
    union select g.storage_key from public.upload_grants g where g.file_id = p_file_id;
end $$;

grant execute on function private.folder_subtree_counts(uuid), private.archive_folder(uuid), private.delete_folder(uuid),
  private.file_storage_keys(uuid) to authenticated;

revoke truncate, trigger, references on all tables in schema public from anon, authenticated;

-- Activity about a file shows only to those who can see the file (or, once it is deleted, to those
-- who could edit files), so the feed never names a file hidden by custom permissions.
create or replace function private.file_exists(p_file_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.files where id = p_file_id)
$$;

drop policy activities_select on public.activities;
create policy activities_select on public.activities for select to authenticated
  using (deal_id in (select private.my_deal_ids())
         and (metadata ->> 'file_id' is null
              or private.can_see_file((metadata ->> 'file_id')::uuid)
              or (not private.file_exists((metadata ->> 'file_id')::uuid)
                  and private.has_capability(deal_id, 'edit_files'))));
