-- On Supabase, queued AI jobs reach the ai-worker function only through the webhook that migration
-- 20261125101000 wires (pg_net), and that migration did nothing, silently, on a project where pg_net
-- was not enabled yet: uploads then waited for an analysis forever. The wiring is now a function, run
-- here and again by hand once pg_net is enabled (README, "Self-host on Supabase"); the migration says
-- loudly what is missing; GET /health reports whether jobs can reach a worker (`ai_worker`).

-- Wires the webhook and, where pg_cron is available, the once-a-minute kick. False when pg_net is not
-- enabled (nothing done).
create or replace function private.connect_ai_worker() returns boolean
language plpgsql set search_path = '' as $wire$
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
  return true;
end
$wire$;
revoke execute on function private.connect_ai_worker() from public, anon, authenticated, service_role;

-- Whether a queued job reaches a worker on this project: the webhook wired and both Vault secrets set.
-- For the API's health check, as the server's role (the secrets are never returned).
create or replace function private.ai_worker_reachable() returns boolean
language plpgsql stable security definer set search_path = '' as $$
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
revoke execute on function private.ai_worker_reachable() from public, anon, authenticated, service_role;

do $$
begin
  -- Plain Postgres (npm start) has no Supabase roles: the in-process worker takes every job there.
  if not exists (select 1 from pg_roles where rolname = 'supabase_admin') then
    return;
  end if;
  if not private.connect_ai_worker() then
    raise warning using
      message = 'AI jobs: pg_net is not enabled, so queued analyses never reach the ai-worker function.',
      hint = 'Enable pg_net (Dashboard > Database > Extensions, or: create extension pg_net;), then run: select private.connect_ai_worker();';
  elsif not private.ai_worker_reachable() then
    raise warning using
      message = 'AI jobs: the webhook is wired, but the Vault secrets ai_worker_url and ai_worker_secret are not set.',
      hint = 'select vault.create_secret(''https://<project>.supabase.co/functions/v1/ai-worker'', ''ai_worker_url''); select vault.create_secret(''<AI_WORKER_SECRET>'', ''ai_worker_secret'');';
  end if;
end $$;
