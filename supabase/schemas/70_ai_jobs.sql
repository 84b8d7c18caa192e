-- AI analysis: the job queue, extracted texts and analyses, and the functions the worker calls. The
-- webhook to the ai-worker function (private.ai_worker_call, ai_jobs_webhook, ai_jobs_kick, the trigger
-- on ai_jobs, the pg_cron kick) exists only on Supabase with pg_net: private.connect_ai_worker() makes it.

set check_function_bodies = false;

-- Tables

CREATE TABLE public.ai_jobs (
    id bigint NOT NULL,
    file_id uuid NOT NULL,
    deal_id uuid NOT NULL,
    version_number integer NOT NULL,
    status text DEFAULT 'queued'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    run_after timestamp with time zone DEFAULT now() NOT NULL,
    lease_until timestamp with time zone,
    worker text,
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    finished_at timestamp with time zone,
    CONSTRAINT ai_jobs_attempts_check CHECK ((attempts >= 0)),
    CONSTRAINT ai_jobs_status_check CHECK ((status = ANY (ARRAY['queued'::text, 'running'::text, 'done'::text, 'failed'::text, 'cancelled'::text]))),
    CONSTRAINT ai_jobs_version_number_check CHECK ((version_number >= 1))
);

CREATE TABLE public.file_ai_analyses (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    file_id uuid NOT NULL,
    deal_id uuid NOT NULL,
    job_id bigint,
    version_number integer NOT NULL,
    provider text NOT NULL,
    status text DEFAULT 'review'::text NOT NULL,
    recommended_item_id uuid,
    recommended_item_name text,
    recommended_category text,
    confidence integer,
    reasoning text NOT NULL,
    candidates jsonb DEFAULT '[]'::jsonb NOT NULL,
    ai_tags text[] DEFAULT '{}'::text[] NOT NULL,
    extraction text DEFAULT 'full'::text NOT NULL,
    chosen_item_id uuid,
    decided_by uuid,
    decided_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT file_ai_analyses_candidates_check CHECK ((jsonb_typeof(candidates) = 'array'::text)),
    CONSTRAINT file_ai_analyses_confidence_check CHECK (((confidence >= 0) AND (confidence <= 100))),
    CONSTRAINT file_ai_analyses_extraction_check CHECK ((extraction = ANY (ARRAY['full'::text, 'truncated'::text, 'name_only'::text]))),
    CONSTRAINT file_ai_analyses_provider_check CHECK ((provider = ANY (ARRAY['builtin'::text, 'openai'::text]))),
    CONSTRAINT file_ai_analyses_reasoning_check CHECK ((length(reasoning) <= 4000)),
    CONSTRAINT file_ai_analyses_status_check CHECK ((status = ANY (ARRAY['review'::text, 'accepted'::text, 'overridden'::text, 'dismissed'::text, 'superseded'::text, 'no_match'::text])))
);

CREATE TABLE public.file_texts (
    file_id uuid NOT NULL,
    deal_id uuid NOT NULL,
    version_number integer NOT NULL,
    content text DEFAULT ''::text NOT NULL,
    truncated boolean DEFAULT false NOT NULL,
    note text,
    extracted_at timestamp with time zone DEFAULT now() NOT NULL,
    search_language text DEFAULT 'english'::text NOT NULL,
    page_starts integer[],
    search_vector tsvector GENERATED ALWAYS AS (to_tsvector(
CASE search_language
    WHEN 'german'::text THEN 'german'::regconfig
    ELSE 'english'::regconfig
END, content)) STORED,
    CONSTRAINT file_texts_search_language_check CHECK ((search_language = ANY (ARRAY['english'::text, 'german'::text])))
);

ALTER TABLE ONLY public.ai_jobs
    ADD CONSTRAINT ai_jobs_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.file_ai_analyses
    ADD CONSTRAINT file_ai_analyses_job_id_key UNIQUE (job_id);

ALTER TABLE ONLY public.file_ai_analyses
    ADD CONSTRAINT file_ai_analyses_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.file_texts
    ADD CONSTRAINT file_texts_pkey PRIMARY KEY (file_id);

ALTER TABLE public.ai_jobs ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.ai_jobs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY public.ai_jobs
    ADD CONSTRAINT ai_jobs_deal_id_fkey FOREIGN KEY (deal_id) REFERENCES public.deals(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.ai_jobs
    ADD CONSTRAINT ai_jobs_file_id_fkey FOREIGN KEY (file_id) REFERENCES public.files(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.file_ai_analyses
    ADD CONSTRAINT file_ai_analyses_chosen_item_id_fkey FOREIGN KEY (chosen_item_id) REFERENCES public.checklist_items(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.file_ai_analyses
    ADD CONSTRAINT file_ai_analyses_deal_id_fkey FOREIGN KEY (deal_id) REFERENCES public.deals(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.file_ai_analyses
    ADD CONSTRAINT file_ai_analyses_decided_by_fkey FOREIGN KEY (decided_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.file_ai_analyses
    ADD CONSTRAINT file_ai_analyses_file_id_fkey FOREIGN KEY (file_id) REFERENCES public.files(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.file_ai_analyses
    ADD CONSTRAINT file_ai_analyses_job_id_fkey FOREIGN KEY (job_id) REFERENCES public.ai_jobs(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.file_ai_analyses
    ADD CONSTRAINT file_ai_analyses_recommended_item_id_fkey FOREIGN KEY (recommended_item_id) REFERENCES public.checklist_items(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.file_texts
    ADD CONSTRAINT file_texts_deal_id_fkey FOREIGN KEY (deal_id) REFERENCES public.deals(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.file_texts
    ADD CONSTRAINT file_texts_file_id_fkey FOREIGN KEY (file_id) REFERENCES public.files(id) ON DELETE CASCADE;

-- Indexes

CREATE INDEX ai_jobs_claimable ON public.ai_jobs USING btree (run_after, id) WHERE (status = ANY (ARRAY['queued'::text, 'running'::text]));

CREATE UNIQUE INDEX ai_jobs_one_open_per_file ON public.ai_jobs USING btree (file_id) WHERE (status = ANY (ARRAY['queued'::text, 'running'::text]));

CREATE INDEX file_ai_analyses_deal_open ON public.file_ai_analyses USING btree (deal_id) WHERE (status = 'review'::text);

CREATE INDEX file_ai_analyses_file ON public.file_ai_analyses USING btree (file_id, created_at DESC);

CREATE UNIQUE INDEX file_ai_analyses_one_open ON public.file_ai_analyses USING btree (file_id) WHERE (status = 'review'::text);

CREATE INDEX file_texts_deal_idx ON public.file_texts USING btree (deal_id);

CREATE INDEX file_texts_deal_search_idx ON public.file_texts USING gin (deal_id, search_vector);

-- Helpers

CREATE FUNCTION private.ai_checklist(p_deal_id uuid) RETURNS TABLE(item_id uuid, item_code text, name text, description text, category text, requirements jsonb, catalog_title text, catalog_description text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select i.id, i.item_code, i.name, i.description, c.name,
         coalesce(ci.requirements, '{}'::jsonb) || i.requirements, ci.title, ci.description
    from public.checklist_items i
    join public.checklist_categories c on c.id = i.category_id
    left join public.catalog_items ci on ci.id = i.catalog_item_id
   where i.deal_id = p_deal_id
   order by c.position, i.position
$$;

CREATE FUNCTION private.ai_worker_reachable() RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_set boolean;
begin
  if to_regnamespace('net') is null or to_regclass('vault.decrypted_secrets') is null
     or not exists (select 1 from pg_trigger where tgname = 'ai_jobs_webhook' and tgrelid = 'public.ai_jobs'::regclass) then
    return false;
  end if;
  execute 'select count(*) = 2 from vault.decrypted_secrets
           where name in (''ai_worker_url'', ''ai_worker_secret'') and coalesce(decrypted_secret, '''') <> '''''
    into v_set;
  return v_set;
end $$;

CREATE FUNCTION private.can_decide_ai(p_file_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.can_see_file(p_file_id) and exists (
    select 1 from public.files f where f.id = p_file_id
      and (private.is_deal_admin(f.deal_id) or f.uploaded_by = (select auth.uid())
           or private.has_capability(f.deal_id, 'edit_files') or private.has_capability(f.deal_id, 'approve')))
$$;

CREATE FUNCTION private.can_request_ai(p_file_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select private.can_see_file(p_file_id) and exists (
    select 1 from public.files f where f.id = p_file_id and f.upload_state = 'ready'
      and (private.is_deal_admin(f.deal_id) or f.uploaded_by = (select auth.uid())
           or private.has_capability(f.deal_id, 'upload') or private.has_capability(f.deal_id, 'edit_files')
           or private.has_capability(f.deal_id, 'approve')))
$$;

CREATE FUNCTION private.claim_ai_jobs(p_worker text, p_limit integer, p_lease_seconds integer, p_deal_id uuid DEFAULT NULL::uuid) RETURNS TABLE(job_id bigint, file_id uuid, deal_id uuid, version_number integer, attempts integer, storage_key text, file_name text, content_type text, size_bytes bigint)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

CREATE FUNCTION private.connect_ai_worker() RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
begin
  if to_regnamespace('net') is null then
    return false;
  end if;
  -- As migration 20261125101000 does (it also asked for supabase_functions, which the calls never use).
  execute $fn$
    create or replace function private.ai_worker_call(p_reason text) returns void
    language plpgsql security definer set search_path = '' as $body$
    declare
      v_url text;
      v_secret text;
    begin
      if to_regclass('vault.decrypted_secrets') is not null then
        execute 'select (select decrypted_secret from vault.decrypted_secrets where name = ''ai_worker_url''),
                        (select decrypted_secret from vault.decrypted_secrets where name = ''ai_worker_secret'')'
          into v_url, v_secret;
      end if;
      if v_url is null or v_secret is null then
        raise warning 'ai_jobs: set the vault secrets ai_worker_url and ai_worker_secret so queued jobs reach the ai-worker function';
        return;
      end if;
      perform net.http_post(
        url := v_url,
        body := jsonb_build_object('reason', p_reason),
        headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || v_secret),
        timeout_milliseconds := 5000);
    end $body$;
  $fn$;
  execute $fn$
    create or replace function private.ai_jobs_webhook() returns trigger
    language plpgsql security definer set search_path = '' as $body$
    begin
      perform private.ai_worker_call('queued');
      return null;
    end $body$;
  $fn$;
  execute $fn$
    create or replace function private.ai_jobs_kick() returns void
    language plpgsql security definer set search_path = '' as $body$
    begin
      -- Due AI jobs, and job-mode exports queued or cut off (their lease run out) with time left.
      if exists (select 1 from public.ai_jobs
                  where (status = 'queued' and run_after <= now()) or (status = 'running' and lease_until < now()))
         or exists (select 1 from public.exports
                     where mode = 'job' and expires_at > now()
                       and (status = 'queued' or (status = 'running' and lease_until < now()))) then
        perform private.ai_worker_call('due');
      end if;
    end $body$;
  $fn$;
  execute 'revoke execute on function private.ai_worker_call(text) from public, anon, authenticated';
  execute 'revoke execute on function private.ai_jobs_webhook() from public, anon, authenticated';
  execute 'revoke execute on function private.ai_jobs_kick() from public, anon, authenticated';
  execute 'drop trigger if exists ai_jobs_webhook on public.ai_jobs';
  -- One call per statement: a folder import queuing 500 jobs wakes the worker once, not 500 times.
  execute 'create trigger ai_jobs_webhook after insert on public.ai_jobs for each statement execute function private.ai_jobs_webhook()';

  begin
    create extension if not exists pg_cron;
  exception when others then
    raise notice 'ai_jobs: pg_cron is not available; retries wait for the next upload to wake the ai-worker';
  end;
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    begin
      execute $cron$select cron.schedule('ai-jobs-kick', '* * * * *', 'select private.ai_jobs_kick()')$cron$;
    exception when others then
      raise notice 'ai_jobs: could not schedule the once-a-minute kick: %', sqlerrm;
    end;
  end if;
  return true;
end
$_$;

CREATE FUNCTION private.enqueue_ai_job(p_file_id uuid) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

CREATE FUNCTION private.fail_ai_job(p_job_id bigint, p_worker text, p_error text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

CREATE FUNCTION private.files_ai_enqueue() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.upload_state = 'ready' and (old.upload_state = 'pending' or new.current_version > old.current_version) then
    update public.file_ai_analyses set status = 'superseded' where file_id = new.id and status = 'review';
    perform private.enqueue_ai_job(new.id);
  end if;
  return null;
end $$;

CREATE FUNCTION private.files_ai_queued_status() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if new.upload_state = 'ready' and (old.upload_state = 'pending' or new.current_version > old.current_version) then
    new.ai_status := 'queued';
  end if;
  return new;
end $$;

CREATE FUNCTION private.files_ai_status_event() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_event jsonb := jsonb_build_object('deal_id', new.deal_id, 'file_id', new.id, 'type', 'ai_status', 'ai_status', new.ai_status);
begin
  perform pg_notify('deal_events', v_event::text);
  perform private.broadcast_file_event(new.deal_id, new.id, 'ai_status', v_event);
  return null;
end $$;

CREATE FUNCTION private.finish_ai_job(p_job_id bigint, p_worker text, p_result jsonb) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_job public.ai_jobs;
  v_top jsonb;
  v_item record;
  v_candidates jsonb;
  v_pages integer[];
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
  if jsonb_typeof(p_result->'page_starts') = 'array' then
    v_pages := array(select greatest(0, e::int) from jsonb_array_elements_text(p_result->'page_starts') e limit 10000);
  end if;

  insert into public.file_texts (file_id, deal_id, version_number, content, truncated, note, extracted_at, page_starts)
  values (v_job.file_id, v_job.deal_id, v_job.version_number, coalesce(p_result->>'text', ''),
          coalesce((p_result->>'text_truncated')::boolean, false), p_result->>'text_note', now(), v_pages)
  on conflict (file_id) do update set deal_id = excluded.deal_id, version_number = excluded.version_number,
    content = excluded.content, truncated = excluded.truncated, note = excluded.note, extracted_at = now(),
    page_starts = excluded.page_starts;

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

CREATE FUNCTION private.next_ai_job_at() RETURNS timestamp with time zone
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select min(case when status = 'queued' then run_after else greatest(run_after, lease_until) end)
    from public.ai_jobs where status in ('queued', 'running')
$$;

CREATE FUNCTION public.ai_request_analysis(p_deal_id uuid, p_file_ids uuid[] DEFAULT NULL::uuid[], p_force boolean DEFAULT false) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

CREATE FUNCTION public.ai_suggestion_action(p_file_id uuid, p_action text, p_item_id uuid DEFAULT NULL::uuid) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

create function private.file_texts_language() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.search_language := coalesce((select d.search_language from public.deals d where d.id = new.deal_id), 'english');
  return new;
end $$;

create function private.deals_search_reindex() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.file_texts set search_language = new.search_language where deal_id = new.id;
  return null;
end $$;

-- Marks (chr 1 and 2, which the snippet's selection uses) and line breaks and tabs as spaces, one
-- character for one.
create function private.search_plain(p_text text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select replace(replace(replace(replace(replace(p_text, chr(1), ' '), chr(2), ' '), chr(10), ' '), chr(13), ' '),
                 chr(9), ' ')
$$;


create function private.search_tsquery(p_language text, p_query text) returns tsquery
language plpgsql immutable set search_path = '' as $$
declare
  v_cfg regconfig := case p_language when 'german' then 'pg_catalog.german'::regconfig
                                     else 'pg_catalog.english'::regconfig end;
  v_query tsquery := websearch_to_tsquery(v_cfg, coalesce(p_query, ''));
  v_text text := v_query::text;
  v_last text;
  v_lexeme text;
begin
  if length(p_query) - length(replace(p_query, '"', '')) = 0
     or (length(p_query) - length(replace(p_query, '"', ''))) % 2 = 0 then
    v_last := substring(p_query from '(?:^|\s)([^\s"-][^\s"]*)\s*$');
  end if;
  if v_last is not null and lower(v_last) <> 'or' then
    v_lexeme := websearch_to_tsquery(v_cfg, v_last)::text;
    if v_lexeme ~ '^''([^'']|'''')+''$' and right(v_text, length(v_lexeme)) = v_lexeme then
      return (v_text || ':*')::tsquery;
    end if;
  end if;
  return v_query;
end $$;

create function private.search_hits(
  p_deal_id uuid, p_query tsquery, p_folder_id uuid, p_extensions text[], p_tag text, p_item_id uuid,
  p_approval text, p_from timestamptz, p_to timestamptz, p_after_rank real, p_after_id uuid, p_limit integer
) returns table (file_id uuid, rank real)
language sql stable security definer rows 20 set search_path = '' set enable_seqscan = off as $$
  with recursive caller as materialized (
    select auth.uid() as uid, private.is_deal_admin(p_deal_id) as admin, private.is_deal_member(p_deal_id) as member,
           private.has_capability(p_deal_id, 'view') as viewer, private.my_group_ids(p_deal_id) as group_ids,
           private.my_tag_ids(p_deal_id) as tag_ids
  ), below (id) as (
    select fo.id from public.folders fo where fo.id = p_folder_id and fo.deal_id = p_deal_id
    union all
    select c.id from public.folders c join below b on c.parent_id = b.id
  )
  select h.file_id, h.rank from (
    select t.file_id, ts_rank_cd(t.search_vector, p_query) as rank
      from caller me
      cross join public.file_texts t
      join public.files f on f.id = t.file_id and f.deal_id = p_deal_id
      left join public.folders fo on fo.id = f.folder_id
     where t.deal_id = p_deal_id and t.search_vector @@ p_query
       and t.version_number = f.current_version and f.upload_state = 'ready' and f.archived_at is null
       and fo.archived_at is null
       and (p_folder_id is null or f.folder_id in (select id from below))
       and (p_extensions is null
            or lower(coalesce(nullif(f.file_type, ''), substring(f.name from '\.([^.]+)$'), '')) = any (p_extensions))
       and (p_tag is null or lower(p_tag) = any (array(select lower(x) from unnest(f.tags) x)))
       and (p_item_id is null or p_item_id = any (f.checklist_items))
       and (p_approval is null or f.approval_status = p_approval)
       and (p_from is null or f.created_at >= p_from)
       and (p_to is null or f.created_at < p_to)
       and (me.admin
            or (f.uploaded_by = me.uid and me.member)
            or (me.viewer and (f.permission_type = 'all'
                               or private.custom_permission_allows_for(f.id, me.uid, me.group_ids, me.tag_ids))))
  ) h
  where p_after_id is null or h.rank < p_after_rank or (h.rank = p_after_rank and h.file_id > p_after_id)
  order by h.rank desc, h.file_id
  limit least(greatest(coalesce(p_limit, 20), 1), 100)
$$;

create function public.search_documents(
  p_deal_id uuid, p_query text, p_folder_id uuid default null, p_extensions text[] default null,
  p_tag text default null, p_item_id uuid default null, p_approval text default null,
  p_from timestamptz default null, p_to timestamptz default null, p_after_rank real default null,
  p_after_id uuid default null, p_limit integer default 20
) returns table (file_id uuid, filename text, folder_path text, mime_type text, page integer, snippet text,
                 rank real, uploaded_at timestamptz)
language sql stable set search_path = '' as $$
  with q as (
    select private.search_tsquery(d.search_language, p_query) as tsq,
           case d.search_language when 'german' then 'pg_catalog.german'::regconfig
                                  else 'pg_catalog.english'::regconfig end as cfg
      from public.deals d where d.id = p_deal_id
  ), stems as (
    -- The searched words (not the excluded ones) as stored, and a query matching any one of them.
    select array_agg(replace(m[2], '''''', '''')) as words,
           string_agg('''' || m[2] || '''' || coalesce(m[3], ''), ' | ')::tsquery as any_word
      from q, regexp_matches(q.tsq::text, '(!?)''((?:[^'']|'''')+)''(:\*)?', 'g') m
     where m[1] = ''
  ), hits as (
    select h.file_id, h.rank, q.tsq, q.cfg
      from q, private.search_hits(p_deal_id, q.tsq, p_folder_id, p_extensions, p_tag, p_item_id, p_approval,
                                  p_from, p_to, p_after_rank, p_after_id, p_limit) h
     where numnode(q.tsq) > 0
  ), texts as materialized (
    -- Each text read and decompressed once: `|| ''` makes it a value of its own, not a pointer to the
    -- stored one, which every later use would decompress again.
    select h.file_id, h.rank, h.tsq, h.cfg, f.name, fo.full_path, f.content_type, f.created_at, t.page_starts,
           t.content || '' as content
      from hits h
      join public.files f on f.id = h.file_id
      join public.file_texts t on t.file_id = h.file_id
      left join public.folders fo on fo.id = f.folder_id
  ), located as materialized (
    -- Stems are lower case: the text as written first, lowered (slow on long texts) only if needed.
    select t.*, case when first.at is not null then greatest(first.at - 600, 1) end as near
      from texts t
      cross join lateral (select min(coalesce(nullif(strpos(t.content, w), 0), nullif(strpos(lower(t.content), w), 0)))
                                 as at
                            from stems, unnest(stems.words) w) first
  ), windows as (
    -- From a word's start to a word's end (unless the window reaches the text's edge), the marks taken
    -- out and line breaks and tabs made spaces: one character for one, so offsets into the text hold (the
    -- API squeezes white space anyway). The text is walked once, to `near`: in UTF-8 each character
    -- offset is a walk from the start (length() of 20 KB cost 80 µs), and translate() cost ten times
    -- replace() (docs/decisions.md decision 60).
    select t.*, coalesce(t.near + k.skip, 1) as start,
           case when t.near is null then private.search_plain(t.content)
                when length(r.raw) - k.skip <= 1800 then w.piece
                else left(w.piece, length(w.piece) - greatest(strpos(reverse(w.piece), ' ') - 1, 0)) end as text
      from located t
      cross join lateral (select substring(t.content from t.near for 1900) as raw offset 0) r
      cross join lateral (select case when t.near is null or t.near = 1 then 0
                                      else strpos(private.search_plain(left(r.raw, 100)), ' ') end as skip offset 0) k
      cross join lateral (select private.search_plain(substring(r.raw from k.skip + 1 for 1800)) as piece offset 0) w
  ), shown as materialized (
    select w.file_id, w.name, w.full_path, w.content_type, w.rank, w.created_at, w.page_starts, w.start, w.text,
           ts_headline(w.cfg, w.text, case when w.near is null then w.tsq else stems.any_word end,
                       'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MinWords=12, MaxWords=30') as snippet
      from windows w, stems
  )
  select s.file_id, s.name, coalesce(s.full_path, '/'), s.content_type,
         case when s.page_starts is null or at.pos = 0 then null
              else (select greatest(count(*), 1)::int from unnest(s.page_starts) p
                     where p < s.start - 1 + at.pos + greatest(strpos(s.snippet, chr(1)) - 1, 0)) end,
         s.snippet, s.rank, s.created_at
    from shown s
    cross join lateral (select strpos(s.text, translate(s.snippet, chr(1) || chr(2), '')) as pos) at
   order by s.rank desc, s.file_id
$$;


REVOKE ALL ON FUNCTION private.ai_checklist(p_deal_id uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.ai_worker_reachable() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.claim_ai_jobs(p_worker text, p_limit integer, p_lease_seconds integer, p_deal_id uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.connect_ai_worker() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.enqueue_ai_job(p_file_id uuid) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.fail_ai_job(p_job_id bigint, p_worker text, p_error text) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.files_ai_status_event() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.finish_ai_job(p_job_id bigint, p_worker text, p_result jsonb) FROM PUBLIC;

REVOKE ALL ON FUNCTION private.next_ai_job_at() FROM PUBLIC;

REVOKE ALL ON FUNCTION public.ai_request_analysis(p_deal_id uuid, p_file_ids uuid[], p_force boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.ai_request_analysis(p_deal_id uuid, p_file_ids uuid[], p_force boolean) TO authenticated;

REVOKE ALL ON FUNCTION public.ai_suggestion_action(p_file_id uuid, p_action text, p_item_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.ai_suggestion_action(p_file_id uuid, p_action text, p_item_id uuid) TO authenticated;

REVOKE ALL ON FUNCTION private.file_texts_language() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.deals_search_reindex() FROM PUBLIC;

REVOKE ALL ON FUNCTION private.search_plain(p_text text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.search_plain(p_text text) TO authenticated;

REVOKE ALL ON FUNCTION private.search_tsquery(p_language text, p_query text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.search_tsquery(p_language text, p_query text) TO authenticated;

REVOKE ALL ON FUNCTION private.search_hits(p_deal_id uuid, p_query tsquery, p_folder_id uuid, p_extensions text[], p_tag text, p_item_id uuid, p_approval text, p_from timestamp with time zone, p_to timestamp with time zone, p_after_rank real, p_after_id uuid, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.search_hits(p_deal_id uuid, p_query tsquery, p_folder_id uuid, p_extensions text[], p_tag text, p_item_id uuid, p_approval text, p_from timestamp with time zone, p_to timestamp with time zone, p_after_rank real, p_after_id uuid, p_limit integer) TO authenticated;

REVOKE ALL ON FUNCTION public.search_documents(p_deal_id uuid, p_query text, p_folder_id uuid, p_extensions text[], p_tag text, p_item_id uuid, p_approval text, p_from timestamp with time zone, p_to timestamp with time zone, p_after_rank real, p_after_id uuid, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.search_documents(p_deal_id uuid, p_query text, p_folder_id uuid, p_extensions text[], p_tag text, p_item_id uuid, p_approval text, p_from timestamp with time zone, p_to timestamp with time zone, p_after_rank real, p_after_id uuid, p_limit integer) TO authenticated;

-- Triggers

CREATE TRIGGER deals_search_reindex AFTER UPDATE OF search_language ON public.deals FOR EACH ROW WHEN ((old.search_language IS DISTINCT FROM new.search_language)) EXECUTE FUNCTION private.deals_search_reindex();

CREATE TRIGGER file_texts_language BEFORE INSERT OR UPDATE OF deal_id ON public.file_texts FOR EACH ROW EXECUTE FUNCTION private.file_texts_language();

CREATE TRIGGER files_ai_enqueue AFTER UPDATE ON public.files FOR EACH ROW EXECUTE FUNCTION private.files_ai_enqueue();

CREATE TRIGGER files_ai_queued_status BEFORE UPDATE ON public.files FOR EACH ROW EXECUTE FUNCTION private.files_ai_queued_status();

CREATE TRIGGER files_ai_status_event AFTER UPDATE ON public.files FOR EACH ROW WHEN ((new.ai_status IS DISTINCT FROM old.ai_status)) EXECUTE FUNCTION private.files_ai_status_event();

-- Row-level security and policies

ALTER TABLE public.ai_jobs ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.file_ai_analyses ENABLE ROW LEVEL SECURITY;

CREATE POLICY file_ai_analyses_select ON public.file_ai_analyses FOR SELECT TO authenticated USING (private.can_see_file(file_id));

ALTER TABLE public.file_texts ENABLE ROW LEVEL SECURITY;

CREATE POLICY file_texts_select ON public.file_texts FOR SELECT TO authenticated USING (private.can_see_file(file_id));

-- Grants

GRANT SELECT ON TABLE public.file_ai_analyses TO authenticated;

GRANT SELECT ON TABLE public.file_texts TO authenticated;

-- Office renditions: Office files converted to PDF once per version for the viewer (decision 50),
-- queued by private.request_file_rendition, converted by the embedded server (server/office-worker.ts).

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
