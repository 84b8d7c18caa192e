-- The once-a-minute kick (pg_cron, on Supabase) also wakes the ai-worker for job-mode ZIP exports that
-- are queued or were cut off by the function's wall clock (their lease run out), not only for AI jobs:
-- before, such an export waited for the next upload or export to call the worker (docs/decisions.md 48).
-- A project already connected gets the new kick now; others get it when connect_ai_worker() runs.

CREATE OR REPLACE FUNCTION private.connect_ai_worker() RETURNS boolean
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

do $$
begin
  if to_regprocedure('private.ai_jobs_kick()') is not null then
    perform private.connect_ai_worker();
  end if;
end $$;
