-- Office files (DOCX, XLSX, PPTX and their kin) converted to PDF once per version for the viewer
-- (docs/decisions.md decision 50; docs/architecture.md "Background jobs"). A rendition is queued lazily
-- by the first person who opens the version (private.request_file_rendition, as the caller: only one who
-- can see the file), claimed by the embedded server's converter under a lease, retried like the AI jobs,
-- and readable by exactly the people who can see the file. Only the server writes its status.

create table public.file_renditions (
  file_id uuid not null references public.files (id) on delete cascade,
  deal_id uuid not null references public.deals (id) on delete cascade,
  version_number integer not null check (version_number >= 1),
  status text not null default 'queued' check (status in ('queued', 'processing', 'ready', 'failed', 'unavailable')),
  storage_key text,
  attempts integer not null default 0 check (attempts >= 0),
  run_after timestamptz not null default now(),
  lease_until timestamptz,
  worker text,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz,
  primary key (file_id, version_number),
  constraint file_renditions_key_format check (storage_key is null
    or storage_key = 'deals/' || deal_id || '/files/' || file_id || '/v' || version_number || '.pdf'),
  constraint file_renditions_ready_has_key check (status <> 'ready' or storage_key is not null)
);

create index file_renditions_claimable on public.file_renditions (run_after)
  where status in ('queued', 'processing');

alter table public.file_renditions enable row level security;

create policy file_renditions_select on public.file_renditions
  for select to authenticated using (private.can_see_file(file_id));

-- Read by the people who can see the file; written only through the functions below (decision 31).
grant select on table public.file_renditions to authenticated;

-- Whether a version is a document the converter turns into a PDF: by its name or its content type.
create function private.is_office_document(p_name text, p_content_type text) returns boolean
language sql immutable set search_path = '' as $$
  select lower(coalesce(substring(p_name from '\.([A-Za-z0-9]+)$'), '')) in
           ('docx', 'doc', 'odt', 'rtf', 'xlsx', 'xls', 'ods', 'pptx', 'ppt', 'odp')
      or lower(split_part(coalesce(p_content_type, ''), ';', 1)) in (
           'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
           'application/msword',
           'application/vnd.oasis.opendocument.text',
           'application/rtf',
           'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
           'application/vnd.ms-excel',
           'application/vnd.oasis.opendocument.spreadsheet',
           'application/vnd.openxmlformats-officedocument.presentationml.presentation',
           'application/vnd.ms-powerpoint',
           'application/vnd.oasis.opendocument.presentation')
$$;

-- The caller's rendition of one version, queued on the first ask (insert ... on conflict do nothing).
-- No row: the caller cannot see the file, the version does not exist, or it is no Office document.
create function private.request_file_rendition(p_file_id uuid, p_version integer)
returns setof public.file_renditions
language plpgsql security definer set search_path = '' as $$
declare
  v_version public.file_versions;
  v_new boolean;
begin
  if auth.uid() is null or p_file_id is null or not private.can_see_file(p_file_id) then
    return;
  end if;
  select * into v_version from public.file_versions where file_id = p_file_id and version_number = p_version;
  if v_version.file_id is null or not private.is_office_document(v_version.original_name, v_version.content_type) then
    return;
  end if;
  insert into public.file_renditions (file_id, deal_id, version_number)
  values (v_version.file_id, v_version.deal_id, v_version.version_number)
  on conflict (file_id, version_number) do nothing
  returning true into v_new;
  if v_new then
    perform pg_notify('file_renditions', p_file_id::text);
  end if;
  return query select * from public.file_renditions where file_id = p_file_id and version_number = p_version;
end $$;

-- The next rendition for a worker, under a lease; one whose worker died past its last attempt fails.
create function private.claim_file_renditions(p_worker text, p_lease_seconds integer, p_deal_id uuid default null)
returns table (file_id uuid, deal_id uuid, version_number integer, attempts integer, source_key text,
               file_name text, content_type text, size_bytes bigint)
language plpgsql security definer set search_path = '' as $$
begin
  update public.file_renditions r set status = 'failed', finished_at = now(), updated_at = now(), lease_until = null,
         last_error = coalesce(r.last_error, 'The converter stopped before finishing')
   where r.status = 'processing' and r.lease_until < now() and r.attempts >= 3;

  return query
  with picked as (
    select r.file_id, r.version_number from public.file_renditions r
     where r.status in ('queued', 'processing') and r.run_after <= now()
       and (r.status = 'queued' or r.lease_until < now())
       and (p_deal_id is null or r.deal_id = p_deal_id)
     order by r.run_after, r.created_at
     for update skip locked
     limit 1
  ), claimed as (
    update public.file_renditions r set status = 'processing', attempts = r.attempts + 1, worker = p_worker,
           lease_until = now() + make_interval(secs => p_lease_seconds), updated_at = now()
      from picked where r.file_id = picked.file_id and r.version_number = picked.version_number
    returning r.*
  )
  select c.file_id, c.deal_id, c.version_number, c.attempts, v.storage_key, v.original_name, v.content_type, v.size_bytes
    from claimed c
    join public.file_versions v on v.file_id = c.file_id and v.version_number = c.version_number;
end $$;

-- The converted PDF is stored: ready, unless another worker holds the rendition now.
create function private.finish_file_rendition(p_file_id uuid, p_version integer, p_worker text, p_storage_key text)
returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  update public.file_renditions set status = 'ready', storage_key = p_storage_key, lease_until = null,
         last_error = null, finished_at = now(), updated_at = now()
   where file_id = p_file_id and version_number = p_version and status = 'processing'
     and worker is not distinct from p_worker;
  return found;
end $$;

-- A conversion failed: queued again after p_retry_seconds, then 4 times that, then failed for good.
-- p_unavailable: no retry can help (too large for the converter): unavailable, with the reason.
create function private.fail_file_rendition(p_file_id uuid, p_version integer, p_worker text, p_error text,
                                            p_retry_seconds integer default 10, p_unavailable boolean default false)
returns text
language plpgsql security definer set search_path = '' as $$
declare
  v_row public.file_renditions;
begin
  select * into v_row from public.file_renditions
   where file_id = p_file_id and version_number = p_version for update;
  if v_row.file_id is null or v_row.status <> 'processing' or v_row.worker is distinct from p_worker then
    return null;
  end if;
  if p_unavailable or v_row.attempts >= 3 then
    update public.file_renditions
       set status = case when p_unavailable then 'unavailable' else 'failed' end, lease_until = null,
           last_error = left(p_error, 2000), finished_at = now(), updated_at = now()
     where file_id = p_file_id and version_number = p_version;
    return case when p_unavailable then 'unavailable' else 'failed' end;
  end if;
  update public.file_renditions set status = 'queued', lease_until = null, last_error = left(p_error, 2000),
         run_after = now() + make_interval(secs => greatest(p_retry_seconds, 0) * power(4, v_row.attempts - 1)),
         updated_at = now()
   where file_id = p_file_id and version_number = p_version;
  return 'queued';
end $$;

-- When the worker should look again (a retry's backoff, a dead worker's lease).
create function private.next_file_rendition_at() returns timestamptz
language sql stable security definer set search_path = '' as $$
  select min(case when status = 'queued' then run_after else greatest(run_after, lease_until) end)
    from public.file_renditions where status in ('queued', 'processing')
$$;

-- Each change of a rendition's status is a deal event (type rendition), passed on as file events are.
create function private.file_renditions_event() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_event jsonb := jsonb_build_object('deal_id', new.deal_id, 'file_id', new.file_id, 'type', 'rendition',
                                      'version', new.version_number, 'status', new.status);
begin
  perform pg_notify('deal_events', v_event::text);
  perform private.broadcast_file_event(new.deal_id, new.file_id, 'rendition', v_event);
  return null;
end $$;

create trigger file_renditions_event after insert or update of status on public.file_renditions
  for each row execute function private.file_renditions_event();

revoke all on function private.is_office_document(text, text) from public;
revoke all on function private.request_file_rendition(uuid, integer) from public;
grant execute on function private.request_file_rendition(uuid, integer) to authenticated;
revoke all on function private.claim_file_renditions(text, integer, uuid) from public;
revoke all on function private.finish_file_rendition(uuid, integer, text, text) from public;
revoke all on function private.fail_file_rendition(uuid, integer, text, text, integer, boolean) from public;
revoke all on function private.next_file_rendition_at() from public;
revoke all on function private.file_renditions_event() from public;

-- A deleted file's or folder's stored bytes go with it, its converted PDFs too: the keys the API
-- deletes after the rows include the renditions'.
CREATE OR REPLACE FUNCTION private.file_storage_keys(p_file_id uuid) RETURNS TABLE(storage_key text)
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

CREATE OR REPLACE FUNCTION private.delete_folder(p_folder_id uuid) RETURNS TABLE(storage_key text)
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
