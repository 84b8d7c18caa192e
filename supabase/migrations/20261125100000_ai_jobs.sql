-- The AI assistant (docs/architecture.md "Background jobs", docs/product.md §4): every completed upload
-- (a new file, a new version, each file of an imported folder) queues an analysis job here, by trigger,
-- so no path forgets it. Only the server's worker (a privileged connection, no JWT) claims jobs and
-- writes analyses; people read the analyses of files they can see and act on them through
-- public.ai_suggestion_action, which decides who may.

create table public.ai_jobs (
  id bigint generated always as identity primary key,
  file_id uuid not null references public.files (id) on delete cascade,
  deal_id uuid not null references public.deals (id) on delete cascade,
  version_number integer not null check (version_number >= 1),
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed', 'cancelled')),
  attempts integer not null default 0 check (attempts >= 0),
  run_after timestamptz not null default now(),
  lease_until timestamptz,
  worker text,
  last_error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
-- At most one open job per file: a newer request cancels the older one.
create unique index ai_jobs_one_open_per_file on public.ai_jobs (file_id) where status in ('queued', 'running');
create index ai_jobs_claimable on public.ai_jobs (run_after, id) where status in ('queued', 'running');
alter table public.ai_jobs enable row level security;
revoke all on public.ai_jobs from anon, authenticated;

create table public.file_ai_analyses (
  id uuid primary key default gen_random_uuid(),
  file_id uuid not null references public.files (id) on delete cascade,
  deal_id uuid not null references public.deals (id) on delete cascade,
  -- One analysis per job: a job run twice (a worker died after writing) cannot yield two suggestions.
  job_id bigint unique references public.ai_jobs (id) on delete set null,
  version_number integer not null,
  provider text not null check (provider in ('builtin', 'openai')),
  status text not null default 'review' check (status in ('review', 'accepted', 'overridden', 'dismissed', 'superseded', 'no_match')),
  recommended_item_id uuid references public.checklist_items (id) on delete set null,
  recommended_item_name text,
  recommended_category text,
  confidence integer check (confidence between 0 and 100),
  reasoning text not null check (length(reasoning) <= 4000),
  -- Top candidates, best first: [{item_id, item_name, category, confidence, reasoning}].
  candidates jsonb not null default '[]'::jsonb check (jsonb_typeof(candidates) = 'array'),
  ai_tags text[] not null default '{}',
  extraction text not null default 'full' check (extraction in ('full', 'truncated', 'name_only')),
  chosen_item_id uuid references public.checklist_items (id) on delete set null,
  decided_by uuid references auth.users (id) on delete set null,
  decided_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index file_ai_analyses_one_open on public.file_ai_analyses (file_id) where status = 'review';
create index file_ai_analyses_file on public.file_ai_analyses (file_id, created_at desc);
create index file_ai_analyses_deal_open on public.file_ai_analyses (deal_id) where status = 'review';
alter table public.file_ai_analyses enable row level security;
revoke all on public.file_ai_analyses from anon, authenticated;
grant select on public.file_ai_analyses to authenticated;
create policy file_ai_analyses_select on public.file_ai_analyses for select to authenticated
  using (private.can_see_file(file_id));

-- The text read out of a file's current version, kept for search.
create table public.file_texts (
  file_id uuid primary key references public.files (id) on delete cascade,
  deal_id uuid not null references public.deals (id) on delete cascade,
  version_number integer not null,
  content text not null default '',
  truncated boolean not null default false,
  note text,
  extracted_at timestamptz not null default now()
);
alter table public.file_texts enable row level security;
revoke all on public.file_texts from anon, authenticated;
grant select on public.file_texts to authenticated;
create policy file_texts_select on public.file_texts for select to authenticated
  using (private.can_see_file(file_id));

alter table public.activities drop constraint activities_activity_type_check;
alter table public.activities add constraint activities_activity_type_check check (activity_type in
  ('upload', 'download', 'delete', 'checklist_update', 'user_invite', 'deal_create', 'login', 'approval', 'ai_review'));

-- Queues (or re-queues) one file's analysis; an open job for an older request is cancelled.
create or replace function private.enqueue_ai_job(p_file_id uuid) returns bigint
language plpgsql security definer set search_path = '' as $$
declare
  v_file public.files;
  v_job bigint;
begin
  select * into v_file from public.files where id = p_file_id;
  if v_file.id is null or v_file.upload_state <> 'ready' or v_file.current_version < 1 then
    return null;
  end if;
  update public.ai_jobs set status = 'cancelled', finished_at = now(), lease_until = null
   where file_id = p_file_id and status in ('queued', 'running');
  insert into public.ai_jobs (file_id, deal_id, version_number)
  values (v_file.id, v_file.deal_id, v_file.current_version) returning id into v_job;
  perform pg_notify('ai_jobs', v_job::text);
  return v_job;
end $$;
revoke execute on function private.enqueue_ai_job(uuid) from public, anon, authenticated;

-- A file that becomes ready, or gets a new version, reads 'queued' in the same write...
create or replace function private.files_ai_queued_status() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.upload_state = 'ready' and (old.upload_state = 'pending' or new.current_version > old.current_version) then
    new.ai_status := 'queued';
  end if;
  return new;
end $$;
create trigger files_ai_queued_status before update on public.files
  for each row execute function private.files_ai_queued_status();

-- ... and its job is queued once the row is written. An older open suggestion no longer describes the
-- file's content, so it is superseded.
create or replace function private.files_ai_enqueue() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.upload_state = 'ready' and (old.upload_state = 'pending' or new.current_version > old.current_version) then
    update public.file_ai_analyses set status = 'superseded' where file_id = new.id and status = 'review';
    perform private.enqueue_ai_job(new.id);
  end if;
  return null;
end $$;
create trigger files_ai_enqueue after update on public.files
  for each row execute function private.files_ai_enqueue();

-- Live status (the Events port): each change of a file's AI status is announced with the deal and file;
-- listeners check, per person, that the file is visible before passing it on.
create or replace function private.files_ai_status_event() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform pg_notify('deal_events', json_build_object('deal_id', new.deal_id, 'file_id', new.id,
    'type', 'ai_status', 'ai_status', new.ai_status)::text);
  return null;
end $$;
-- Any update, not `update of ai_status`: the queued status is set by a BEFORE trigger, which a column
-- list would not see.
create trigger files_ai_status_event after update on public.files
  for each row when (new.ai_status is distinct from old.ai_status)
  execute function private.files_ai_status_event();

-- Claims up to p_limit jobs for p_worker under a lease. A running job whose lease ran out (its worker
-- died) is claimed again; one that already used its three attempts fails instead. p_deal_id, when
-- given, keeps the worker to one deal's jobs (benchmarks and tests sharing a database).
create or replace function private.claim_ai_jobs(p_worker text, p_limit integer, p_lease_seconds integer,
                                                 p_deal_id uuid default null)
returns table (job_id bigint, file_id uuid, deal_id uuid, version_number integer, attempts integer,
               storage_key text, file_name text, content_type text, size_bytes bigint)
language plpgsql security definer set search_path = '' as $$
begin
  with expired as (
    update public.ai_jobs j set status = 'failed', finished_at = now(), lease_until = null,
           last_error = coalesce(j.last_error, 'The worker stopped before finishing')
     where j.status = 'running' and j.lease_until < now() and j.attempts >= 3
    returning j.file_id
  )
  update public.files f set ai_status = 'try_again' from expired e where f.id = e.file_id;

  return query
  with picked as (
    select j.id from public.ai_jobs j
     where j.status in ('queued', 'running') and j.run_after <= now()
       and (j.status = 'queued' or j.lease_until < now())
       and (p_deal_id is null or j.deal_id = p_deal_id)
     order by j.run_after, j.id
     for update skip locked
     limit greatest(p_limit, 0)
  ), claimed as (
    update public.ai_jobs j set status = 'running', attempts = j.attempts + 1, worker = p_worker,
           lease_until = now() + make_interval(secs => p_lease_seconds)
      from picked where j.id = picked.id
    returning j.*
  ), marked as (
    update public.files f set ai_status = 'processing' from claimed c where f.id = c.file_id
    returning f.id
  )
  select c.id, c.file_id, c.deal_id, c.version_number, c.attempts, v.storage_key, f.name, v.content_type, v.size_bytes
    from claimed c
    join public.files f on f.id = c.file_id
    join public.file_versions v on v.file_id = c.file_id and v.version_number = c.version_number;
end $$;
revoke execute on function private.claim_ai_jobs(text, integer, integer, uuid) from public, anon, authenticated;

-- The nearest moment a job becomes claimable (for the worker's timer), or null.
create or replace function private.next_ai_job_at() returns timestamptz
language sql stable security definer set search_path = '' as $$
  select min(case when status = 'queued' then run_after else greatest(run_after, lease_until) end)
    from public.ai_jobs where status in ('queued', 'running')
$$;
revoke execute on function private.next_ai_job_at() from public, anon, authenticated;

-- The checklist a file is classified against: the items of its deal with their category and the
-- catalog's description and requirements.
create or replace function private.ai_checklist(p_deal_id uuid)
returns table (item_id uuid, item_code text, name text, description text, category text, requirements jsonb, catalog_title text, catalog_description text)
language sql stable security definer set search_path = '' as $$
  select i.id, i.item_code, i.name, i.description, c.name,
         coalesce(ci.requirements, '{}'::jsonb) || i.requirements, ci.title, ci.description
    from public.checklist_items i
    join public.checklist_categories c on c.id = i.category_id
    left join public.catalog_items ci on ci.id = i.catalog_item_id
   where i.deal_id = p_deal_id
   order by c.position, i.position
$$;
revoke execute on function private.ai_checklist(uuid) from public, anon, authenticated;

-- Records a job's result once. Refused (false) when the job is no longer this worker's: its lease ran
-- out and another worker took it, or a newer upload cancelled it.
-- p_result: {provider, candidates: [{item_id, confidence, reasoning}], reasoning, ai_tags, extraction,
--            text, text_truncated, text_note}
create or replace function private.finish_ai_job(p_job_id bigint, p_worker text, p_result jsonb) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  v_job public.ai_jobs;
  v_top jsonb;
  v_item record;
  v_candidates jsonb;
begin
  select * into v_job from public.ai_jobs where id = p_job_id for update;
  if v_job.id is null or v_job.status <> 'running' or v_job.worker is distinct from p_worker then
    return false;
  end if;
  -- Candidates keep only items of the file's deal, with their current names.
  select coalesce(jsonb_agg(jsonb_build_object('item_id', i.id, 'item_name', i.name, 'category', c.name,
                                               'confidence', least(100, greatest(0, (e.value->>'confidence')::int)),
                                               'reasoning', left(coalesce(e.value->>'reasoning', ''), 1000))
                            order by e.ordinality), '[]'::jsonb)
    into v_candidates
    from jsonb_array_elements(coalesce(p_result->'candidates', '[]'::jsonb)) with ordinality e
    join public.checklist_items i on i.id = (e.value->>'item_id')::uuid and i.deal_id = v_job.deal_id
    join public.checklist_categories c on c.id = i.category_id;
  v_top := v_candidates->0;

  insert into public.file_texts (file_id, deal_id, version_number, content, truncated, note, extracted_at)
  values (v_job.file_id, v_job.deal_id, v_job.version_number, coalesce(p_result->>'text', ''),
          coalesce((p_result->>'text_truncated')::boolean, false), p_result->>'text_note', now())
  on conflict (file_id) do update set deal_id = excluded.deal_id, version_number = excluded.version_number,
    content = excluded.content, truncated = excluded.truncated, note = excluded.note, extracted_at = now();

  update public.file_ai_analyses set status = 'superseded' where file_id = v_job.file_id and status = 'review';
  insert into public.file_ai_analyses (file_id, deal_id, job_id, version_number, provider, status, recommended_item_id,
         recommended_item_name, recommended_category, confidence, reasoning, candidates, ai_tags, extraction)
  values (v_job.file_id, v_job.deal_id, v_job.id, v_job.version_number, p_result->>'provider',
          case when v_top is null then 'no_match' else 'review' end,
          (v_top->>'item_id')::uuid, v_top->>'item_name', v_top->>'category', (v_top->>'confidence')::int,
          left(coalesce(nullif(p_result->>'reasoning', ''), v_top->>'reasoning', 'No checklist item matched.'), 4000),
          v_candidates,
          coalesce(array(select jsonb_array_elements_text(coalesce(p_result->'ai_tags', '[]'::jsonb)) limit 10), '{}'),
          coalesce(p_result->>'extraction', 'full'));

  update public.ai_jobs set status = 'done', finished_at = now(), lease_until = null where id = p_job_id;
  update public.files set ai_status = case when v_top is null then 'completed' else 'review' end
   where id = v_job.file_id;
  return true;
end $$;
revoke execute on function private.finish_ai_job(bigint, text, jsonb) from public, anon, authenticated;

-- A failed attempt: retried with backoff (10 s, 40 s), then the file reads 'try_again'. The file
-- itself is never touched beyond its AI status.
create or replace function private.fail_ai_job(p_job_id bigint, p_worker text, p_error text) returns text
language plpgsql security definer set search_path = '' as $$
declare
  v_job public.ai_jobs;
begin
  select * into v_job from public.ai_jobs where id = p_job_id for update;
  if v_job.id is null or v_job.status <> 'running' or v_job.worker is distinct from p_worker then
    return null;
  end if;
  if v_job.attempts >= 3 then
    update public.ai_jobs set status = 'failed', finished_at = now(), lease_until = null, last_error = left(p_error, 2000)
     where id = p_job_id;
    update public.files set ai_status = 'try_again' where id = v_job.file_id;
    return 'failed';
  end if;
  update public.ai_jobs set status = 'queued', lease_until = null, last_error = left(p_error, 2000),
         run_after = now() + make_interval(secs => 10 * power(4, v_job.attempts - 1))
   where id = p_job_id;
  update public.files set ai_status = 'queued' where id = v_job.file_id;
  return 'queued';
end $$;
revoke execute on function private.fail_ai_job(bigint, text, text) from public, anon, authenticated;

-- Who may act on a file's AI: anyone who sees the file may ask for an analysis if they may upload,
-- edit files or approve; deciding on a suggestion (it links the file to an item) needs approve or
-- edit_files, or being the file's uploader.
create or replace function private.can_request_ai(p_file_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.can_see_file(p_file_id) and exists (
    select 1 from public.files f where f.id = p_file_id and f.upload_state = 'ready'
      and (private.is_deal_admin(f.deal_id) or f.uploaded_by = (select auth.uid())
           or private.has_capability(f.deal_id, 'upload') or private.has_capability(f.deal_id, 'edit_files')
           or private.has_capability(f.deal_id, 'approve')))
$$;

create or replace function private.can_decide_ai(p_file_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.can_see_file(p_file_id) and exists (
    select 1 from public.files f where f.id = p_file_id
      and (private.is_deal_admin(f.deal_id) or f.uploaded_by = (select auth.uid())
           or private.has_capability(f.deal_id, 'edit_files') or private.has_capability(f.deal_id, 'approve')))
$$;

-- Queues analysis of the given files (or, when null, every file of the deal the caller may see) whose
-- AI status is not_started or try_again, or — for an explicit retry — anything but a running job.
-- Returns how many were queued.
create or replace function public.ai_request_analysis(p_deal_id uuid, p_file_ids uuid[] default null, p_force boolean default false)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  v_file record;
  v_count integer := 0;
begin
  if auth.uid() is null or not private.is_deal_member(p_deal_id) then
    raise exception 'Deal not found or you don''t have access to it.' using errcode = 'P0002';
  end if;
  if exists (select 1 from public.deals where id = p_deal_id and archived_at is not null) then
    raise exception 'This deal is archived' using errcode = '55000';
  end if;
  for v_file in
    select f.id, f.ai_status from public.files f
     where f.deal_id = p_deal_id and f.upload_state = 'ready' and f.archived_at is null
       and (p_file_ids is null or f.id = any (p_file_ids))
       and (f.ai_status in ('not_started', 'try_again', 'failed')
            or (p_force and f.ai_status not in ('queued', 'processing')))
     order by f.created_at
     for update of f
  loop
    if private.can_request_ai(v_file.id) then
      perform set_config('app.ai_action_file', v_file.id::text, true);
      update public.files set ai_status = 'queued' where id = v_file.id;
      perform set_config('app.ai_action_file', '', true);
      perform private.enqueue_ai_job(v_file.id);
      v_count := v_count + 1;
    end if;
  end loop;
  return v_count;
end $$;
revoke execute on function public.ai_request_analysis(uuid, uuid[], boolean) from public, anon;
grant execute on function public.ai_request_analysis(uuid, uuid[], boolean) to authenticated;

-- A person's decision on a file's open suggestion: accept links the file to the recommended item,
-- override links it to p_item_id (an item of the same deal), dismiss clears the suggestion, try_again
-- queues a new analysis. Each lands in the deal's feed and the audit log.
create or replace function public.ai_suggestion_action(p_file_id uuid, p_action text, p_item_id uuid default null)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_file public.files;
  v_analysis public.file_ai_analyses;
  v_item public.checklist_items;
  v_status text;
  v_description text;
begin
  if p_action is null or p_action not in ('accept', 'dismiss', 'override', 'try_again') then
    raise exception 'Unknown action: use accept, dismiss, override or try_again' using errcode = 'P0001';
  end if;
  select * into v_file from public.files where id = p_file_id;
  if v_file.id is null or auth.uid() is null or not private.can_see_file(p_file_id) then
    raise exception 'File not found' using errcode = 'P0002';
  end if;
  if exists (select 1 from public.deals where id = v_file.deal_id and archived_at is not null) then
    raise exception 'This deal is archived' using errcode = '55000';
  end if;
  if not private.can_decide_ai(p_file_id) then
    raise exception 'You don''t have permission to act on AI suggestions in this deal' using errcode = '42501';
  end if;

  if p_action = 'try_again' then
    update public.file_ai_analyses set status = 'dismissed', decided_by = auth.uid(), decided_at = now()
     where file_id = p_file_id and status = 'review';
    perform set_config('app.ai_action_file', p_file_id::text, true);
    update public.files set ai_status = 'queued' where id = p_file_id;
    perform set_config('app.ai_action_file', '', true);
    perform private.enqueue_ai_job(p_file_id);
    perform private.record_activity(v_file.deal_id, auth.uid(), 'ai_review',
      format('Asked the AI to analyse "%s" again', v_file.name), jsonb_build_object('file_id', p_file_id, 'action', p_action));
    insert into public.audit_logs (action, entity_type, entity_id, performed_by, performed_by_email, metadata)
    values ('ai_try_again', 'file', p_file_id, auth.uid(), (select email from public.profiles where id = auth.uid()),
            jsonb_build_object('deal_id', v_file.deal_id));
    return jsonb_build_object('file_id', p_file_id, 'action', p_action, 'ai_status', 'queued');
  end if;

  select * into v_analysis from public.file_ai_analyses where file_id = p_file_id and status = 'review' for update;
  if v_analysis.id is null then
    raise exception 'This file has no AI suggestion awaiting review' using errcode = 'P0002';
  end if;

  if p_action = 'override' then
    if p_item_id is null then
      raise exception 'Please select a checklist item to override with' using errcode = 'P0001';
    end if;
    select * into v_item from public.checklist_items where id = p_item_id and deal_id = v_file.deal_id;
    if v_item.id is null then
      raise exception 'The checklist item does not belong to this deal' using errcode = 'P0001';
    end if;
  elsif p_action = 'accept' then
    select * into v_item from public.checklist_items where id = v_analysis.recommended_item_id and deal_id = v_file.deal_id;
    if v_item.id is null then
      raise exception 'The recommended checklist item no longer exists; choose one with override' using errcode = 'P0001';
    end if;
  end if;

  v_status := case p_action when 'accept' then 'accepted' when 'override' then 'overridden' else 'dismissed' end;
  update public.file_ai_analyses
     set status = v_status, chosen_item_id = v_item.id, decided_by = auth.uid(), decided_at = now()
   where id = v_analysis.id;

  if v_item.id is not null then
    -- Linking is this decision's effect, allowed to whoever may decide (files_before_write reads the flag).
    perform set_config('app.ai_action_file', p_file_id::text, true);
    update public.files set checklist_items = case when v_item.id = any (checklist_items) then checklist_items
                                                   else checklist_items || v_item.id end,
                            ai_status = 'approved'
     where id = p_file_id;
    perform set_config('app.ai_action_file', '', true);
  else
    perform set_config('app.ai_action_file', p_file_id::text, true);
    update public.files set ai_status = 'completed' where id = p_file_id;
    perform set_config('app.ai_action_file', '', true);
  end if;

  v_description := case p_action
    when 'accept' then format('Accepted the AI suggestion for "%s": %s', v_file.name, v_item.name)
    when 'override' then format('Linked "%s" to %s instead of the AI suggestion', v_file.name, v_item.name)
    else format('Dismissed the AI suggestion for "%s"', v_file.name) end;
  perform private.record_activity(v_file.deal_id, auth.uid(), 'ai_review', v_description,
    jsonb_build_object('file_id', p_file_id, 'action', p_action, 'item_id', v_item.id, 'analysis_id', v_analysis.id));
  insert into public.audit_logs (action, entity_type, entity_id, performed_by, performed_by_email, metadata)
  values ('ai_' || p_action, 'file', p_file_id, auth.uid(), (select email from public.profiles where id = auth.uid()),
          jsonb_build_object('deal_id', v_file.deal_id, 'analysis_id', v_analysis.id, 'item_id', v_item.id,
                             'recommended_item_id', v_analysis.recommended_item_id));
  return jsonb_build_object('file_id', p_file_id, 'action', p_action, 'item_id', v_item.id,
                            'ai_status', case when v_item.id is null then 'completed' else 'approved' end);
end $$;
revoke execute on function public.ai_suggestion_action(uuid, text, uuid) from public, anon;
grant execute on function public.ai_suggestion_action(uuid, text, uuid) to authenticated;

-- files_before_write (migration 20261122000500) with the AI's two rules: a person changes a file's AI
-- status only through the AI functions, and an AI decision may link the file to the chosen item.
create or replace function private.files_before_write() returns trigger
language plpgsql set search_path = '' as $$
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
       and not (new.uploaded_by is null and not exists (select 1 from auth.users where id = old.uploaded_by))) then
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
    if (to_jsonb(new) - array['approval_status', 'approval_note', 'updated_at', 'search_text', 'ai_status']
          - case when v_ai_action then array['checklist_items'] else array[]::text[] end)
         is distinct from (to_jsonb(old) - array['approval_status', 'approval_note', 'updated_at', 'search_text', 'ai_status']
          - case when v_ai_action then array['checklist_items'] else array[]::text[] end)
       and not (private.has_capability(new.deal_id, 'edit_files') or old.uploaded_by = v_uid) then
      raise exception 'You don''t have permission to edit this file' using errcode = '42501';
    end if;
  end if;
  return new;
end $$;
