-- On Supabase, a queued AI job calls the ai-worker edge function (docs/architecture.md "Background jobs").
-- Only where Supabase's supabase_functions schema and pg_net exist; embedded, the worker listens to NOTIFY
-- instead. The function's URL and shared secret live in Supabase Vault, set once per project:
--   select vault.create_secret('https://<project-ref>.supabase.co/functions/v1/ai-worker', 'ai_worker_url');
--   select vault.create_secret('<the AI_WORKER_SECRET given to the function>', 'ai_worker_secret');
do $guard$
begin
  if not exists (select 1 from pg_namespace where nspname = 'supabase_functions')
     or not exists (select 1 from pg_namespace where nspname = 'net') then
    return;
  end if;
  execute $fn$
    create or replace function private.ai_jobs_webhook() returns trigger
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
        return null;
      end if;
      perform net.http_post(
        url := v_url,
        body := jsonb_build_object('type', 'INSERT', 'table', 'ai_jobs', 'record', jsonb_build_object('id', new.id, 'file_id', new.file_id)),
        headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || v_secret),
        timeout_milliseconds := 5000);
      return null;
    end $body$;
  $fn$;
  execute 'revoke execute on function private.ai_jobs_webhook() from public, anon, authenticated';
  execute 'drop trigger if exists ai_jobs_webhook on public.ai_jobs';
  execute 'create trigger ai_jobs_webhook after insert on public.ai_jobs for each row execute function private.ai_jobs_webhook()';
end
$guard$;
