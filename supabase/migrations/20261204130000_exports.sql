-- ZIP exports of files and folders (docs/decisions.md decision 48).

-- An export is recorded in the feed with its file count and size.
alter table public.activities drop constraint activities_activity_type_check;
alter table public.activities add constraint activities_activity_type_check check (activity_type = any (array[
  'upload', 'download', 'delete', 'checklist_update', 'user_invite', 'deal_create', 'login', 'approval', 'ai_review',
  'role_change', 'export', 'view']));

-- One export: a direct one streams from the API while its link lives (link_expires_at); a job's ZIP is
-- written by the server's worker to storage_key and downloads through the blob store until expires_at.
-- `entries` is what the ZIP holds, resolved as the requester and checked by private.create_export; only
-- that function writes rows as a member, only the worker (privileged) changes them.
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
create index exports_user_idx on public.exports (deal_id, user_id, created_at desc);
create index exports_open_idx on public.exports (created_at) where status in ('queued', 'running');
create index exports_expiry_idx on public.exports (expires_at);

alter table public.exports enable row level security;
-- The requester alone, while a member of the deal.
create policy exports_select on public.exports for select to authenticated
  using (user_id = (select auth.uid()) and deal_id in (select private.my_deal_ids()));
grant select on public.exports to authenticated;

-- Records an export as the caller: every file must be one the caller may download (can_download_file:
-- the `download` capability, or their own upload),
-- its version must exist; count, size and storage keys come from the database, not from the request.
-- The feed gets an `export` entry; a job wakes the worker (NOTIFY export_jobs).
create or replace function private.create_export(
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
revoke all on function private.create_export(uuid, text, jsonb, jsonb, jsonb, text, integer) from public;
grant execute on function private.create_export(uuid, text, jsonb, jsonb, jsonb, text, integer) to authenticated;
