-- The data room: folders, files and their versions, metadata, comments, per-file permissions, upload
-- grants and review decisions, with the helpers that say who sees and downloads a file.

set check_function_bodies = false;

-- Functions the tables' constraints and defaults call

CREATE FUNCTION private.valid_item_name(p_name text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select p_name is not null
     and length(p_name) between 1 and 255
     and p_name !~ '[/\\[:cntrl:]]'
     and p_name not in ('.', '..')
     and p_name = btrim(p_name)
$$;

SET default_tablespace = '';

SET default_table_access_method = heap;

-- Tables

CREATE TABLE public.folders (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    deal_id uuid NOT NULL,
    parent_id uuid,
    name text NOT NULL,
    full_path text NOT NULL,
    created_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    archived_at timestamp with time zone,
    CONSTRAINT folders_name_check CHECK (private.valid_item_name(name))
);

CREATE TABLE public.files (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    deal_id uuid NOT NULL,
    folder_id uuid,
    name text NOT NULL,
    formatted_title text,
    file_type text DEFAULT ''::text NOT NULL,
    content_type text DEFAULT 'application/octet-stream'::text NOT NULL,
    size_bytes bigint DEFAULT 0 NOT NULL,
    current_version integer DEFAULT 0 NOT NULL,
    tags text[] DEFAULT '{}'::text[] NOT NULL,
    checklist_items uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    approval_status text DEFAULT 'pending'::text NOT NULL,
    approval_note text,
    ai_status text DEFAULT 'not_started'::text NOT NULL,
    permission_type text DEFAULT 'all'::text NOT NULL,
    upload_state text DEFAULT 'pending'::text NOT NULL,
    search_text text DEFAULT ''::text NOT NULL,
    uploaded_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    archived_at timestamp with time zone,
    edit_version integer DEFAULT 1 NOT NULL,
    edited_by uuid,
    name_key text GENERATED ALWAYS AS (lower(name)) STORED,
    CONSTRAINT files_ai_status_check CHECK ((ai_status = ANY (ARRAY['not_started'::text, 'queued'::text, 'processing'::text, 'review'::text, 'approved'::text, 'try_again'::text, 'completed'::text, 'failed'::text]))),
    CONSTRAINT files_approval_status_check CHECK ((approval_status = ANY (ARRAY['pending'::text, 'review'::text, 'approved'::text, 'changes_requested'::text]))),
    CONSTRAINT files_formatted_title_check CHECK ((length(formatted_title) <= 500)),
    CONSTRAINT files_name_check CHECK (private.valid_item_name(name)),
    CONSTRAINT files_permission_type_check CHECK ((permission_type = ANY (ARRAY['all'::text, 'custom'::text]))),
    CONSTRAINT files_size_bytes_check CHECK ((size_bytes >= 0)),
    CONSTRAINT files_upload_state_check CHECK ((upload_state = ANY (ARRAY['pending'::text, 'ready'::text])))
);

CREATE TABLE public.file_approvals (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    file_id uuid NOT NULL,
    deal_id uuid NOT NULL,
    decision text NOT NULL,
    note text,
    decided_by uuid,
    decided_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT file_approvals_decision_check CHECK ((decision = ANY (ARRAY['pending'::text, 'review'::text, 'approved'::text, 'changes_requested'::text]))),
    CONSTRAINT file_approvals_note_check CHECK ((length(note) <= 2000))
);

CREATE TABLE public.file_comments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    file_id uuid NOT NULL,
    deal_id uuid NOT NULL,
    user_id uuid,
    comment text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT file_comments_comment_check CHECK (((length(btrim(comment)) >= 1) AND (length(btrim(comment)) <= 10000)))
);

CREATE TABLE public.file_metadata (
    file_id uuid NOT NULL,
    deal_id uuid NOT NULL,
    custom_file_category text,
    document_type text,
    quick_summary text,
    confidentiality_level text,
    date_range_start date,
    date_range_end date,
    people_mentioned text[] DEFAULT '{}'::text[] NOT NULL,
    named_organizations text[] DEFAULT '{}'::text[] NOT NULL,
    languages_used text[] DEFAULT '{}'::text[] NOT NULL,
    ai_generated_at timestamp with time zone,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT file_metadata_confidentiality_level_check CHECK ((confidentiality_level = ANY (ARRAY['public'::text, 'internal'::text, 'confidential'::text, 'privileged'::text]))),
    CONSTRAINT file_metadata_custom_file_category_check CHECK ((length(custom_file_category) <= 200)),
    CONSTRAINT file_metadata_document_type_check CHECK ((document_type = ANY (ARRAY['Contract'::text, 'Report'::text, 'Statement'::text, 'Org Chart'::text, 'NDA'::text, 'Agreement'::text, 'Other'::text]))),
    CONSTRAINT file_metadata_quick_summary_check CHECK ((length(quick_summary) <= 5000))
);

CREATE TABLE public.file_permissions (
    file_id uuid NOT NULL,
    deal_id uuid NOT NULL,
    allowed_users uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    allowed_groups uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    allowed_tags uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    denied_users uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    denied_groups uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    denied_tags uuid[] DEFAULT '{}'::uuid[] NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.file_versions (
    file_id uuid NOT NULL,
    deal_id uuid NOT NULL,
    version_number integer NOT NULL,
    storage_key text NOT NULL,
    size_bytes bigint NOT NULL,
    sha256 text NOT NULL,
    original_name text NOT NULL,
    content_type text DEFAULT 'application/octet-stream'::text NOT NULL,
    uploaded_by uuid,
    uploaded_at timestamp with time zone DEFAULT now() NOT NULL,
    people_mentioned text[] DEFAULT '{}'::text[] NOT NULL,
    named_organizations text[] DEFAULT '{}'::text[] NOT NULL,
    languages_used text[] DEFAULT '{}'::text[] NOT NULL,
    CONSTRAINT file_versions_key_format CHECK ((storage_key = ((((('deals/'::text || deal_id) || '/files/'::text) || file_id) || '/v'::text) || version_number))),
    CONSTRAINT file_versions_sha256_check CHECK ((sha256 ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT file_versions_size_bytes_check CHECK ((size_bytes >= 0)),
    CONSTRAINT file_versions_version_number_check CHECK ((version_number >= 1))
);

CREATE TABLE public.upload_grants (
    storage_key text NOT NULL,
    file_id uuid NOT NULL,
    deal_id uuid NOT NULL,
    version_number integer NOT NULL,
    original_name text NOT NULL,
    content_type text NOT NULL,
    created_by uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    completed_at timestamp with time zone,
    CONSTRAINT upload_grants_key_format CHECK ((storage_key = ((((('deals/'::text || deal_id) || '/files/'::text) || file_id) || '/v'::text) || version_number))),
    CONSTRAINT upload_grants_original_name_check CHECK (private.valid_item_name(original_name)),
    CONSTRAINT upload_grants_version_number_check CHECK ((version_number >= 1))
);

-- ZIP exports (decision 48): what each holds and where a job's archive is.

create table public.exports (
  id uuid primary key default gen_random_uuid(),
  deal_id uuid not null references public.deals(id) on delete cascade,
  user_id uuid not null references auth.users(id) on delete cascade,
  mode text not null check (mode in ('direct', 'job')),
  status text not null default 'queued' check (status in ('queued', 'running', 'ready', 'failed')),
  file_count integer not null check (file_count >= 0),
  total_bytes bigint not null check (total_bytes >= 0),
  entries jsonb not null default '[]'::jsonb,
  refused jsonb not null default '[]'::jsonb,
  renames jsonb not null default '[]'::jsonb,
  storage_key text,
  link_token_hash text,
  link_expires_at timestamptz,
  attempts integer not null default 0,
  lease_until timestamptz,
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  expires_at timestamptz not null default now() + interval '24 hours',
  constraint exports_key_format check (storage_key is null or storage_key = 'deals/' || deal_id || '/exports/' || id || '.zip')
);
ALTER TABLE ONLY public.file_approvals
    ADD CONSTRAINT file_approvals_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.file_comments
    ADD CONSTRAINT file_comments_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.file_metadata
    ADD CONSTRAINT file_metadata_pkey PRIMARY KEY (file_id);

ALTER TABLE ONLY public.file_permissions
    ADD CONSTRAINT file_permissions_pkey PRIMARY KEY (file_id);

ALTER TABLE ONLY public.file_versions
    ADD CONSTRAINT file_versions_pkey PRIMARY KEY (file_id, version_number);

ALTER TABLE ONLY public.file_versions
    ADD CONSTRAINT file_versions_storage_key_key UNIQUE (storage_key);

ALTER TABLE ONLY public.files
    ADD CONSTRAINT files_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.folders
    ADD CONSTRAINT folders_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.upload_grants
    ADD CONSTRAINT upload_grants_file_id_version_number_key UNIQUE (file_id, version_number);

ALTER TABLE ONLY public.upload_grants
    ADD CONSTRAINT upload_grants_pkey PRIMARY KEY (storage_key);

ALTER TABLE ONLY public.file_approvals
    ADD CONSTRAINT file_approvals_deal_id_fkey FOREIGN KEY (deal_id) REFERENCES public.deals(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.file_approvals
    ADD CONSTRAINT file_approvals_decided_by_fkey FOREIGN KEY (decided_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.file_approvals
    ADD CONSTRAINT file_approvals_file_id_fkey FOREIGN KEY (file_id) REFERENCES public.files(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.file_comments
    ADD CONSTRAINT file_comments_deal_id_fkey FOREIGN KEY (deal_id) REFERENCES public.deals(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.file_comments
    ADD CONSTRAINT file_comments_file_id_fkey FOREIGN KEY (file_id) REFERENCES public.files(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.file_comments
    ADD CONSTRAINT file_comments_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.file_metadata
    ADD CONSTRAINT file_metadata_deal_id_fkey FOREIGN KEY (deal_id) REFERENCES public.deals(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.file_metadata
    ADD CONSTRAINT file_metadata_file_id_fkey FOREIGN KEY (file_id) REFERENCES public.files(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.file_permissions
    ADD CONSTRAINT file_permissions_deal_id_fkey FOREIGN KEY (deal_id) REFERENCES public.deals(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.file_permissions
    ADD CONSTRAINT file_permissions_file_id_fkey FOREIGN KEY (file_id) REFERENCES public.files(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.file_versions
    ADD CONSTRAINT file_versions_deal_id_fkey FOREIGN KEY (deal_id) REFERENCES public.deals(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.file_versions
    ADD CONSTRAINT file_versions_file_id_fkey FOREIGN KEY (file_id) REFERENCES public.files(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.file_versions
    ADD CONSTRAINT file_versions_uploaded_by_fkey FOREIGN KEY (uploaded_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.files
    ADD CONSTRAINT files_deal_id_fkey FOREIGN KEY (deal_id) REFERENCES public.deals(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.files
    ADD CONSTRAINT files_edited_by_fkey FOREIGN KEY (edited_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.files
    ADD CONSTRAINT files_folder_id_fkey FOREIGN KEY (folder_id) REFERENCES public.folders(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.files
    ADD CONSTRAINT files_uploaded_by_fkey FOREIGN KEY (uploaded_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.folders
    ADD CONSTRAINT folders_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.folders
    ADD CONSTRAINT folders_deal_id_fkey FOREIGN KEY (deal_id) REFERENCES public.deals(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.folders
    ADD CONSTRAINT folders_parent_id_fkey FOREIGN KEY (parent_id) REFERENCES public.folders(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.upload_grants
    ADD CONSTRAINT upload_grants_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.upload_grants
    ADD CONSTRAINT upload_grants_deal_id_fkey FOREIGN KEY (deal_id) REFERENCES public.deals(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.upload_grants
    ADD CONSTRAINT upload_grants_file_id_fkey FOREIGN KEY (file_id) REFERENCES public.files(id) ON DELETE CASCADE;

-- Indexes

CREATE INDEX file_approvals_file ON public.file_approvals USING btree (file_id, decided_at DESC);

CREATE INDEX file_comments_file_idx ON public.file_comments USING btree (file_id, created_at);

CREATE INDEX file_permissions_denied_groups_idx ON public.file_permissions USING gin (denied_groups);

CREATE INDEX file_permissions_denied_tags_idx ON public.file_permissions USING gin (denied_tags);

CREATE INDEX files_checklist_items ON public.files USING gin (checklist_items);

CREATE INDEX files_deal_updated ON public.files USING btree (deal_id, updated_at DESC);

CREATE INDEX files_linked_idx ON public.files USING btree (deal_id) WHERE ((cardinality(checklist_items) > 0) AND (archived_at IS NULL) AND (upload_state = 'ready'::text));

CREATE INDEX files_listing_idx ON public.files USING btree (deal_id, folder_id, name_key) WHERE ((archived_at IS NULL) AND (upload_state = 'ready'::text));

CREATE INDEX files_pending_idx ON public.files USING btree (created_at) WHERE (upload_state = 'pending'::text);

CREATE INDEX files_recent_idx ON public.files USING btree (deal_id, created_at DESC) WHERE (upload_state = 'ready'::text);

CREATE INDEX files_root_listing_idx ON public.files USING btree (deal_id, name_key) WHERE ((folder_id IS NULL) AND (archived_at IS NULL) AND (upload_state = 'ready'::text));

CREATE INDEX files_search_trgm ON public.files USING gin (search_text extensions.gin_trgm_ops);

CREATE UNIQUE INDEX files_unique_name ON public.files USING btree (deal_id, COALESCE(folder_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(name)) WHERE ((archived_at IS NULL) AND (upload_state = 'ready'::text));

CREATE INDEX folders_name_trgm ON public.folders USING gin (lower(name) extensions.gin_trgm_ops);

CREATE INDEX folders_parent_idx ON public.folders USING btree (parent_id);

CREATE INDEX folders_path_idx ON public.folders USING btree (deal_id, lower(full_path)) WHERE (archived_at IS NULL);

CREATE UNIQUE INDEX folders_unique_name ON public.folders USING btree (deal_id, COALESCE(parent_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(name)) WHERE (archived_at IS NULL);

CREATE INDEX upload_grants_expiry_idx ON public.upload_grants USING btree (expires_at) WHERE (completed_at IS NULL);

create index exports_user_idx on public.exports (deal_id, user_id, created_at desc);
create index exports_open_idx on public.exports (created_at) where status in ('queued', 'running');
create index exports_expiry_idx on public.exports (expires_at);


-- Helpers

-- Records an export as the caller: every file must be one the caller may download (can_download_file:
-- the `download` capability, or their own upload),
-- its version must exist; count, size and storage keys come from the database, not from the request.
-- The feed gets an `export` entry; a job wakes the worker (NOTIFY export_jobs).
CREATE FUNCTION private.create_export(
  p_deal_id uuid, p_mode text, p_files jsonb, p_refused jsonb, p_renames jsonb, p_token_hash text, p_link_seconds integer
) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_id uuid := gen_random_uuid();
  v_entries jsonb;
  v_count integer;
  v_bytes bigint;
  v_wanted integer := jsonb_array_length(coalesce(p_files, '[]'::jsonb));
begin
  if v_wanted = 0 then
    raise exception using errcode = '22023', message = 'An export needs at least one file.';
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
           'file_id', f.id, 'version', v.version_number, 'storage_key', v.storage_key, 'size', v.size_bytes,
           'sha256', v.sha256, 'archive_path', e.archive_path, 'original_path', e.original_path) order by e.ord), '[]'::jsonb),
         count(*), coalesce(sum(v.size_bytes), 0)
    into v_entries, v_count, v_bytes
  from rows from (jsonb_to_recordset(coalesce(p_files, '[]'::jsonb))
                   as (file_id uuid, version integer, archive_path text, original_path text)) with ordinality
         as e(file_id, version, archive_path, original_path, ord)
  join public.files f on f.id = e.file_id and f.deal_id = p_deal_id
  join public.file_versions v on v.file_id = f.id and v.version_number = e.version
  where private.can_download_file(f.id);
  if v_count <> v_wanted then
    raise exception using errcode = '42501', message = 'You don''t have permission to download one of these files.';
  end if;
  insert into public.exports (id, deal_id, user_id, mode, status, file_count, total_bytes, entries, refused, renames,
                              link_token_hash, link_expires_at)
  values (v_id, p_deal_id, auth.uid(), p_mode, case p_mode when 'direct' then 'ready' else 'queued' end, v_count, v_bytes,
          v_entries, coalesce(p_refused, '[]'::jsonb), coalesce(p_renames, '[]'::jsonb), p_token_hash,
          case when p_link_seconds is null then null else now() + make_interval(secs => p_link_seconds) end);
  perform private.record_activity(p_deal_id, auth.uid(), 'export',
    format('Exported %s %s as ZIP (%s)', v_count, case v_count when 1 then 'file' else 'files' end,
           pg_catalog.pg_size_pretty(v_bytes)),
    jsonb_build_object('export_id', v_id, 'file_count', v_count, 'total_bytes', v_bytes, 'mode', p_mode));
  if p_mode = 'job' then
    perform pg_notify('export_jobs', v_id::text);
  end if;
  return v_id;
end $$;

CREATE FUNCTION private.archive_folder(p_folder_id uuid) RETURNS TABLE(folders bigint, files bigint)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

CREATE FUNCTION private.can_download_file(p_file_id uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
begin
  return private.can_see_file(p_file_id) and exists (
    select 1 from public.files f where f.id = p_file_id
      and (private.is_deal_admin(f.deal_id) or f.uploaded_by = (select auth.uid())
           or private.has_capability(f.deal_id, 'download')));
end $$;

CREATE FUNCTION private.can_see_file(p_file_id uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
declare
  f record;
begin
  select fi.id, fi.deal_id, fi.uploaded_by, fi.upload_state, fi.permission_type into f
  from public.files fi where fi.id = p_file_id;
  if not found then
    return false;
  end if;
  return private.is_deal_admin(f.deal_id)
      or (f.uploaded_by = auth.uid() and private.is_deal_member(f.deal_id))
      or (f.upload_state = 'ready' and private.has_capability(f.deal_id, 'view')
          and (f.permission_type = 'all' or private.custom_permission_allows(f.id, f.deal_id)));
end $$;

CREATE FUNCTION private.child_matches_file_deal() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not exists (select 1 from public.files f where f.id = new.file_id and f.deal_id = new.deal_id) then
    raise exception 'deal_id does not match the file' using errcode = '23503';
  end if;
  return new;
end $$;

CREATE FUNCTION private.custom_permission_allows(p_file_id uuid, p_deal_id uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER COST 1000
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
begin
  return coalesce((
    select not ((select auth.uid()) = any (p.denied_users)
                or p.denied_groups && private.my_group_ids(p_deal_id)
                or p.denied_tags && private.my_tag_ids(p_deal_id))
       and ((select auth.uid()) = any (p.allowed_users)
            or p.allowed_groups && private.my_group_ids(p_deal_id)
            or p.allowed_tags && private.my_tag_ids(p_deal_id))
    from public.file_permissions p where p.file_id = p_file_id), false);
end $$;

CREATE FUNCTION private.custom_permission_allows_for(p_file_id uuid, p_uid uuid, p_groups uuid[], p_tags uuid[]) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce((
    select not (p_uid = any (p.denied_users) or p.denied_groups && p_groups or p.denied_tags && p_tags)
       and (p_uid = any (p.allowed_users) or p.allowed_groups && p_groups or p.allowed_tags && p_tags)
    from public.file_permissions p where p.file_id = p_file_id), false)
$$;

CREATE FUNCTION private.delete_folder(p_folder_id uuid) RETURNS TABLE(storage_key text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
    union
    select r.storage_key from public.file_renditions r where r.file_id in (select id from doomed) and r.storage_key is not null
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

CREATE FUNCTION private.file_approval_history() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.file_approvals (file_id, deal_id, decision, note, decided_by)
  values (new.id, new.deal_id, new.approval_status, new.approval_note, auth.uid());
  perform private.record_activity(new.deal_id, auth.uid(), 'approval',
    format('%s "%s"', case new.approval_status when 'approved' then 'Approved'
                                               when 'changes_requested' then 'Requested changes on'
                                               when 'review' then 'Put in review'
                                               else 'Set back to pending' end, new.name),
    jsonb_build_object('file_id', new.id, 'decision', new.approval_status));
  return null;
end $$;

CREATE FUNCTION private.file_exists(p_file_id uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'auto'
    AS $$
begin
  return exists (select 1 from public.files where id = p_file_id);
end $$;

CREATE FUNCTION private.file_name_taken(p_deal_id uuid, p_folder_id uuid, p_name text) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if p_deal_id is null or p_name is null
     or not private.is_deal_member(p_deal_id)
     or not private.has_capability(p_deal_id, 'upload')
     or not exists (select 1 from public.deals d where d.id = p_deal_id and d.archived_at is null)
     or (p_folder_id is not null and not exists (
           select 1 from public.folders fo
           where fo.id = p_folder_id and fo.deal_id = p_deal_id and fo.archived_at is null)) then
    return null;
  end if;
  -- The unique index's own expression, so the answer is exactly what the insert would meet.
  return exists (
    select 1 from public.files f
    where f.deal_id = p_deal_id
      and coalesce(f.folder_id, '00000000-0000-0000-0000-000000000000'::uuid)
          = coalesce(p_folder_id, '00000000-0000-0000-0000-000000000000'::uuid)
      and lower(f.name) = lower(p_name) and f.archived_at is null and f.upload_state = 'ready');
end $$;

CREATE FUNCTION private.file_pending_review(f public.files) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  select f.upload_state = 'ready' and f.archived_at is null and f.approval_status in ('pending', 'review')
$$;

CREATE FUNCTION private.file_storage_keys(p_file_id uuid) RETURNS TABLE(storage_key text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
    union select g.storage_key from public.upload_grants g where g.file_id = p_file_id
    union select r.storage_key from public.file_renditions r where r.file_id = p_file_id and r.storage_key is not null;
end $$;

CREATE FUNCTION private.files_activity() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

CREATE FUNCTION private.files_before_write() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_uid uuid := auth.uid();
  -- Set (transaction-local) by public.ai_suggestion_action and public.ai_request_analysis for the file they act on.
  v_ai_action boolean := coalesce(current_setting('app.ai_action_file', true), '') = new.id::text;
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
  if new.deal_id <> old.deal_id or (new.uploaded_by is distinct from old.uploaded_by
       and not (new.uploaded_by is null and not private.account_exists(old.uploaded_by))) then
    raise exception 'A file cannot change deal or uploader' using errcode = '42501';
  end if;
  if new.uploaded_by is null and old.uploaded_by is not null then
    -- The uploader's account was deleted (the foreign key's own update): the file is theirs no more.
    return new;
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
    -- A file's AI status moves only with its uploads (files_ai_queued_status) or through the AI functions.
    if new.ai_status is distinct from old.ai_status and not v_ai_action
       and not (new.ai_status = 'queued' and (old.upload_state = 'pending' or new.current_version > old.current_version)) then
      raise exception 'A file''s AI status changes only through the AI assistant' using errcode = '42501';
    end if;
    if (to_jsonb(new) - array['approval_status', 'approval_note', 'updated_at', 'search_text', 'name_key', 'ai_status']
          - case when v_ai_action then array['checklist_items'] else array[]::text[] end)
         is distinct from (to_jsonb(old) - array['approval_status', 'approval_note', 'updated_at', 'search_text', 'name_key', 'ai_status']
          - case when v_ai_action then array['checklist_items'] else array[]::text[] end)
       and not (private.has_capability(new.deal_id, 'edit_files') or old.uploaded_by = v_uid) then
      raise exception 'You don''t have permission to edit this file' using errcode = '42501';
    end if;
  end if;
  return new;
end $$;

CREATE FUNCTION private.folder_full_path() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

CREATE FUNCTION private.folder_subtree_counts(p_folder_id uuid) RETURNS TABLE(folders bigint, files bigint)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with recursive tree as (
    select f.id from public.folders f where f.id = p_folder_id and private.is_deal_member(f.deal_id)
    union all
    select c.id from public.folders c join tree t on c.parent_id = t.id
  )
  select (select greatest(count(*) - 1, 0) from tree),
         (select count(*) from public.files fi where fi.folder_id in (select id from tree) and fi.upload_state = 'ready')
$$;

CREATE FUNCTION private.folders_activity() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- delete_folder records one row for the whole subtree itself.
  if coalesce(current_setting('app.deleting_folder', true), '') = '' then
    perform private.record_activity(old.deal_id, auth.uid(), 'delete', format('Deleted folder "%s"', old.name),
      jsonb_build_object('folder_id', old.id, 'path', old.full_path));
  end if;
  return null;
end $$;

CREATE FUNCTION private.names_to_current_version() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.file_versions v
  set people_mentioned = new.people_mentioned, named_organizations = new.named_organizations, languages_used = new.languages_used
  from public.files f
  where f.id = new.file_id and v.file_id = f.id and v.version_number = f.current_version;
  return new;
end $$;

CREATE FUNCTION private.record_download(p_file_id uuid, p_version integer) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_file public.files;
  v_path text;
begin
  if not private.can_download_file(p_file_id) then
    return false;
  end if;
  select * into v_file from public.files where id = p_file_id for key share;
  if not found then
    raise exception using errcode = 'P0002', message = 'This file no longer exists.';
  end if;
  select full_path into v_path from public.folders where id = v_file.folder_id;
  perform private.record_activity(v_file.deal_id, auth.uid(), 'download',
    format('Downloaded "%s"%s', v_file.name, case when p_version <> v_file.current_version then format(' (version %s)', p_version) else '' end),
    jsonb_build_object('file_id', v_file.id, 'path', coalesce(v_path, '/'), 'version', p_version));
  return true;
end $$;

CREATE FUNCTION private.version_inherits_names() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  select m.people_mentioned, m.named_organizations, m.languages_used
  into new.people_mentioned, new.named_organizations, new.languages_used
  from public.file_metadata m where m.file_id = new.file_id;
  new.people_mentioned := coalesce(new.people_mentioned, '{}');
  new.named_organizations := coalesce(new.named_organizations, '{}');
  new.languages_used := coalesce(new.languages_used, '{}');
  return new;
end $$;

GRANT ALL ON FUNCTION private.archive_folder(p_folder_id uuid) TO authenticated;

GRANT ALL ON FUNCTION private.delete_folder(p_folder_id uuid) TO authenticated;

REVOKE ALL ON FUNCTION private.file_name_taken(p_deal_id uuid, p_folder_id uuid, p_name text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.file_name_taken(p_deal_id uuid, p_folder_id uuid, p_name text) TO authenticated;

REVOKE ALL ON FUNCTION private.file_pending_review(f public.files) FROM PUBLIC;
GRANT ALL ON FUNCTION private.file_pending_review(f public.files) TO authenticated;
GRANT ALL ON FUNCTION private.file_pending_review(f public.files) TO service_role;

GRANT ALL ON FUNCTION private.file_storage_keys(p_file_id uuid) TO authenticated;

GRANT ALL ON FUNCTION private.folder_subtree_counts(p_folder_id uuid) TO authenticated;

GRANT ALL ON FUNCTION private.record_download(p_file_id uuid, p_version integer) TO authenticated;

REVOKE ALL ON FUNCTION private.create_export(uuid, text, jsonb, jsonb, jsonb, text, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION private.create_export(uuid, text, jsonb, jsonb, jsonb, text, integer) TO authenticated;

-- Triggers

CREATE TRIGGER a_archived_read_only BEFORE INSERT OR DELETE OR UPDATE ON public.file_approvals FOR EACH ROW EXECUTE FUNCTION private.refuse_archived_deal();

CREATE TRIGGER a_archived_read_only BEFORE INSERT OR DELETE OR UPDATE ON public.file_comments FOR EACH ROW EXECUTE FUNCTION private.refuse_archived_deal();

CREATE TRIGGER a_archived_read_only BEFORE INSERT OR DELETE OR UPDATE ON public.file_metadata FOR EACH ROW EXECUTE FUNCTION private.refuse_archived_deal();

CREATE TRIGGER a_archived_read_only BEFORE INSERT OR DELETE OR UPDATE ON public.file_permissions FOR EACH ROW EXECUTE FUNCTION private.refuse_archived_deal();

CREATE TRIGGER a_archived_read_only BEFORE INSERT OR DELETE OR UPDATE ON public.file_versions FOR EACH ROW EXECUTE FUNCTION private.refuse_archived_deal();

CREATE TRIGGER a_archived_read_only BEFORE INSERT OR DELETE OR UPDATE ON public.files FOR EACH ROW EXECUTE FUNCTION private.refuse_archived_deal();

CREATE TRIGGER a_archived_read_only BEFORE INSERT OR DELETE OR UPDATE ON public.folders FOR EACH ROW EXECUTE FUNCTION private.refuse_archived_deal();

CREATE TRIGGER a_archived_read_only BEFORE INSERT OR DELETE OR UPDATE ON public.upload_grants FOR EACH ROW EXECUTE FUNCTION private.refuse_archived_deal();

CREATE TRIGGER aa_clean_texts BEFORE INSERT OR UPDATE OF comment ON public.file_comments FOR EACH ROW EXECUTE FUNCTION private.clean_texts('comment:comment:multi');

CREATE TRIGGER aa_clean_texts BEFORE INSERT OR UPDATE OF custom_file_category, quick_summary ON public.file_metadata FOR EACH ROW EXECUTE FUNCTION private.clean_texts('custom_file_category:file category:line', 'quick_summary:summary:multi');

CREATE TRIGGER aa_clean_texts BEFORE INSERT OR UPDATE OF original_name ON public.file_versions FOR EACH ROW EXECUTE FUNCTION private.clean_texts('original_name:file name:line');

CREATE TRIGGER aa_clean_texts BEFORE INSERT OR UPDATE OF name, formatted_title, approval_note ON public.files FOR EACH ROW EXECUTE FUNCTION private.clean_texts('name:file name:line', 'formatted_title:file title:line', 'approval_note:approval note:multi');

CREATE TRIGGER aa_clean_texts BEFORE INSERT OR UPDATE OF name ON public.folders FOR EACH ROW EXECUTE FUNCTION private.clean_texts('name:folder name:line');

CREATE TRIGGER file_comments_deal BEFORE INSERT ON public.file_comments FOR EACH ROW EXECUTE FUNCTION private.child_matches_file_deal();

CREATE TRIGGER file_metadata_deal BEFORE INSERT OR UPDATE ON public.file_metadata FOR EACH ROW EXECUTE FUNCTION private.child_matches_file_deal();

CREATE TRIGGER file_permissions_deal BEFORE INSERT OR UPDATE ON public.file_permissions FOR EACH ROW EXECUTE FUNCTION private.child_matches_file_deal();

CREATE TRIGGER file_permissions_denies_exist BEFORE INSERT OR UPDATE ON public.file_permissions FOR EACH ROW EXECUTE FUNCTION private.deny_names_existing();

CREATE TRIGGER file_versions_deal BEFORE INSERT ON public.file_versions FOR EACH ROW EXECUTE FUNCTION private.child_matches_file_deal();

CREATE TRIGGER files_activity AFTER DELETE OR UPDATE ON public.files FOR EACH ROW EXECUTE FUNCTION private.files_activity();

CREATE TRIGGER files_approval_history AFTER UPDATE OF approval_status ON public.files FOR EACH ROW WHEN ((new.approval_status IS DISTINCT FROM old.approval_status)) EXECUTE FUNCTION private.file_approval_history();

CREATE TRIGGER files_before_write BEFORE INSERT OR UPDATE ON public.files FOR EACH ROW EXECUTE FUNCTION private.files_before_write();

CREATE TRIGGER folders_activity AFTER DELETE ON public.folders FOR EACH ROW EXECUTE FUNCTION private.folders_activity();

CREATE TRIGGER folders_full_path BEFORE INSERT ON public.folders FOR EACH ROW EXECUTE FUNCTION private.folder_full_path();

CREATE TRIGGER names_to_current_version AFTER INSERT OR UPDATE OF people_mentioned, named_organizations, languages_used ON public.file_metadata FOR EACH ROW EXECUTE FUNCTION private.names_to_current_version();

CREATE TRIGGER upload_grants_deal BEFORE INSERT OR UPDATE ON public.upload_grants FOR EACH ROW EXECUTE FUNCTION private.child_matches_file_deal();

CREATE TRIGGER version_inherits_names BEFORE INSERT ON public.file_versions FOR EACH ROW EXECUTE FUNCTION private.version_inherits_names();

-- Row-level security and policies

ALTER TABLE public.file_approvals ENABLE ROW LEVEL SECURITY;

CREATE POLICY file_approvals_select ON public.file_approvals FOR SELECT TO authenticated USING (private.can_see_file(file_id));

ALTER TABLE public.file_comments ENABLE ROW LEVEL SECURITY;

CREATE POLICY file_comments_insert ON public.file_comments FOR INSERT TO authenticated WITH CHECK ((private.can_see_file(file_id) AND private.has_capability(deal_id, 'comment'::text) AND (user_id = ( SELECT auth.uid() AS uid))));

CREATE POLICY file_comments_select ON public.file_comments FOR SELECT TO authenticated USING (private.can_see_file(file_id));

ALTER TABLE public.file_metadata ENABLE ROW LEVEL SECURITY;

CREATE POLICY file_metadata_insert ON public.file_metadata FOR INSERT TO authenticated WITH CHECK ((private.can_see_file(file_id) AND (private.has_capability(deal_id, 'edit_files'::text) OR (EXISTS ( SELECT 1
   FROM public.files f
  WHERE ((f.id = file_metadata.file_id) AND (f.uploaded_by = ( SELECT auth.uid() AS uid))))))));

CREATE POLICY file_metadata_select ON public.file_metadata FOR SELECT TO authenticated USING (private.can_see_file(file_id));

CREATE POLICY file_metadata_update ON public.file_metadata FOR UPDATE TO authenticated USING ((private.can_see_file(file_id) AND (private.has_capability(deal_id, 'edit_files'::text) OR (EXISTS ( SELECT 1
   FROM public.files f
  WHERE ((f.id = file_metadata.file_id) AND (f.uploaded_by = ( SELECT auth.uid() AS uid))))))));

ALTER TABLE public.file_permissions ENABLE ROW LEVEL SECURITY;

CREATE POLICY file_permissions_select ON public.file_permissions FOR SELECT TO authenticated USING ((private.can_see_file(file_id) AND (private.has_capability(deal_id, 'edit_files'::text) OR (EXISTS ( SELECT 1
   FROM public.files f
  WHERE ((f.id = file_permissions.file_id) AND (f.uploaded_by = ( SELECT auth.uid() AS uid))))))));

CREATE POLICY file_permissions_write_insert ON public.file_permissions FOR INSERT TO authenticated WITH CHECK ((private.can_see_file(file_id) AND (private.has_capability(deal_id, 'edit_files'::text) OR (EXISTS ( SELECT 1
   FROM public.files f
  WHERE ((f.id = file_permissions.file_id) AND (f.uploaded_by = ( SELECT auth.uid() AS uid))))))));

CREATE POLICY file_permissions_write_update ON public.file_permissions FOR UPDATE TO authenticated USING ((private.can_see_file(file_id) AND (private.has_capability(deal_id, 'edit_files'::text) OR (EXISTS ( SELECT 1
   FROM public.files f
  WHERE ((f.id = file_permissions.file_id) AND (f.uploaded_by = ( SELECT auth.uid() AS uid)))))))) WITH CHECK ((private.can_see_file(file_id) AND (private.has_capability(deal_id, 'edit_files'::text) OR (EXISTS ( SELECT 1
   FROM public.files f
  WHERE ((f.id = file_permissions.file_id) AND (f.uploaded_by = ( SELECT auth.uid() AS uid))))))));

ALTER TABLE public.file_versions ENABLE ROW LEVEL SECURITY;

CREATE POLICY file_versions_insert ON public.file_versions FOR INSERT TO authenticated WITH CHECK ((private.can_see_file(file_id) AND (uploaded_by = ( SELECT auth.uid() AS uid)) AND (private.has_capability(deal_id, 'edit_files'::text) OR (EXISTS ( SELECT 1
   FROM public.files f
  WHERE ((f.id = file_versions.file_id) AND (f.uploaded_by = ( SELECT auth.uid() AS uid))))))));

CREATE POLICY file_versions_select ON public.file_versions FOR SELECT TO authenticated USING (private.can_see_file(file_id));

ALTER TABLE public.files ENABLE ROW LEVEL SECURITY;

CREATE POLICY files_delete ON public.files FOR DELETE TO authenticated USING ((private.can_see_file(id) AND (private.has_capability(deal_id, 'edit_files'::text) OR (uploaded_by = ( SELECT auth.uid() AS uid)))));

CREATE POLICY files_insert ON public.files FOR INSERT TO authenticated WITH CHECK ((private.has_capability(deal_id, 'upload'::text) AND (uploaded_by = ( SELECT auth.uid() AS uid)) AND (upload_state = 'pending'::text)));

CREATE POLICY files_select ON public.files FOR SELECT TO authenticated USING (((deal_id = ANY (( SELECT private.admin_deals() AS admin_deals)::uuid[])) OR ((uploaded_by = ( SELECT auth.uid() AS uid)) AND (deal_id = ANY (( SELECT private.member_deals() AS member_deals)::uuid[]))) OR ((upload_state = 'ready'::text) AND (deal_id = ANY (( SELECT private.deals_with_capability('view'::text) AS deals_with_capability)::uuid[])) AND ((permission_type = 'all'::text) OR private.custom_permission_allows_for(id, ( SELECT auth.uid() AS uid), ( SELECT private.my_all_group_ids() AS my_all_group_ids), ( SELECT private.my_all_tag_ids() AS my_all_tag_ids))))));

CREATE POLICY files_update ON public.files FOR UPDATE TO authenticated USING ((private.can_see_file(id) AND (private.has_capability(deal_id, 'edit_files'::text) OR private.has_capability(deal_id, 'approve'::text) OR (uploaded_by = ( SELECT auth.uid() AS uid))))) WITH CHECK (private.is_deal_member(deal_id));

ALTER TABLE public.folders ENABLE ROW LEVEL SECURITY;

CREATE POLICY folders_insert ON public.folders FOR INSERT TO authenticated WITH CHECK ((private.has_capability(deal_id, 'edit_folders'::text) AND (created_by = ( SELECT auth.uid() AS uid))));

CREATE POLICY folders_select ON public.folders FOR SELECT TO authenticated USING ((deal_id = ANY (( SELECT private.member_deals() AS member_deals)::uuid[])));

CREATE POLICY folders_update ON public.folders FOR UPDATE TO authenticated USING (private.has_capability(deal_id, 'edit_folders'::text)) WITH CHECK (private.has_capability(deal_id, 'edit_folders'::text));

ALTER TABLE public.exports ENABLE ROW LEVEL SECURITY;

-- The requester alone, while a member of the deal.
CREATE POLICY exports_select ON public.exports FOR SELECT TO authenticated
  USING (user_id = (select auth.uid()) and deal_id in (select private.my_deal_ids()));

ALTER TABLE public.upload_grants ENABLE ROW LEVEL SECURITY;

CREATE POLICY upload_grants_insert ON public.upload_grants FOR INSERT TO authenticated WITH CHECK (((created_by = ( SELECT auth.uid() AS uid)) AND private.can_see_file(file_id) AND (private.has_capability(deal_id, 'upload'::text) OR private.has_capability(deal_id, 'edit_files'::text))));

CREATE POLICY upload_grants_select ON public.upload_grants FOR SELECT TO authenticated USING ((created_by = ( SELECT auth.uid() AS uid)));

CREATE POLICY upload_grants_update ON public.upload_grants FOR UPDATE TO authenticated USING (((created_by = ( SELECT auth.uid() AS uid)) AND (completed_at IS NULL))) WITH CHECK (((created_by = ( SELECT auth.uid() AS uid)) AND (completed_at IS NOT NULL)));

-- Grants

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.files TO authenticated;

GRANT SELECT ON TABLE public.file_approvals TO authenticated;

GRANT SELECT,INSERT ON TABLE public.file_comments TO authenticated;

GRANT SELECT,INSERT,UPDATE ON TABLE public.file_metadata TO authenticated;

GRANT SELECT,INSERT,UPDATE ON TABLE public.file_permissions TO authenticated;

GRANT SELECT,INSERT ON TABLE public.file_versions TO authenticated;

GRANT SELECT,INSERT ON TABLE public.folders TO authenticated;

GRANT UPDATE(archived_at) ON TABLE public.folders TO authenticated;

GRANT SELECT,INSERT ON TABLE public.upload_grants TO authenticated;

GRANT UPDATE(completed_at) ON TABLE public.upload_grants TO authenticated;

GRANT SELECT ON TABLE public.exports TO authenticated;
