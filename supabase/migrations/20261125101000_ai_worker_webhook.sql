-- On Supabase, queued AI jobs reach the ai-worker edge function (docs/architecture.md "Background jobs"):
-- a database webhook (pg_net) calls it when a job is queued, and, where pg_cron is available, a
-- once-a-minute kick calls it while a job is due that no worker holds (a retry after its backoff, a
-- job whose worker died and whose lease ran out). Only where Supabase's supabase_functions schema and
-- pg_net exist; embedded, the worker listens to NOTIFY instead. The function's URL and shared secret
-- live in Supabase Vault, set once per project:
--   select vault.create_secret('https://<project-ref>.supabase.co/functions/v1/ai-worker', 'ai_worker_url');
--   select vault.create_secret('<the AI_WORKER_SECRET given to the function>', 'ai_worker_secret');
do $guard$
begin
  if not exists (select 1 from pg_namespace where nspname = 'supabase_functions')
     or not exists (select 1 from pg_namespace where nspname = 'net') then
    return;
  end if;
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
      if exists (select 1 from public.ai_jobs
                  where (status = 'queued' and run_after <= now()) or (status = 'running' and lease_until < now())) then
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
end
$guard$;
