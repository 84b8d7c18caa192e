-- Queued AI jobs reach the ai-worker function on Supabase only through the webhook (pg_net). Without
-- pg_net nothing is wired and health says so; private.connect_ai_worker() wires it once pg_net is
-- there, and private.ai_worker_reachable() (GET /health's `ai_worker`) is true only with the webhook
-- and both Vault secrets (migration 20261202090300). pg_net and the Vault are stood in for by their
-- shapes here: net.http_post records the call. The once-a-minute kick (pg_cron's private.ai_jobs_kick)
-- calls the worker for due AI jobs and for job-mode exports queued or cut off (migration 20261207090000).
begin;
create extension if not exists pgtap with schema extensions;
select plan(11);

select is(private.ai_worker_reachable(), false, 'without pg_net, queued jobs reach no worker');
select is(private.connect_ai_worker(), false, 'without pg_net, nothing is wired');

create schema net;
create table net.calls (url text, body jsonb, headers jsonb);
create function net.http_post(url text, body jsonb, headers jsonb, timeout_milliseconds integer) returns bigint
language sql as $$ insert into net.calls values (url, body, headers) returning 1::bigint $$;

select is(private.connect_ai_worker(), true, 'with pg_net, the webhook is wired');
select is(private.ai_worker_reachable(), false, 'but without the Vault secrets no call can be made');

create schema vault;
create table vault.decrypted_secrets (name text, decrypted_secret text);
insert into vault.decrypted_secrets values ('ai_worker_url', 'https://example.test/functions/v1/ai-worker'),
  ('ai_worker_secret', 'the-shared-secret');
select is(private.ai_worker_reachable(), true, 'with pg_net, the webhook and both secrets, queued jobs reach the worker');

insert into public.ai_jobs (file_id, deal_id, version_number) select null, null, 1 where false;
select results_eq($$select url, headers ->> 'Authorization' from net.calls$$,
  $$values ('https://example.test/functions/v1/ai-worker'::text, 'Bearer the-shared-secret'::text)$$,
  'a queuing statement calls the worker once, with the shared secret');
select tests.create_user('member@webhook38.test', '38000000-0000-0000-0000-000000000001');
select tests.as_user('member@webhook38.test');
select throws_ok($$select private.ai_worker_reachable()$$, '42501', null, 'nobody but the server asks');
select tests.as_server();

-- The kick: nothing due, no call; a job-mode export queued, or cut off with its lease run out, one call.
delete from net.calls;
select private.ai_jobs_kick();
select is((select count(*)::int from net.calls), 0, 'the kick calls nobody when nothing is due');
select tests.create_deal('Kick 38', tests.user_id('member@webhook38.test'), '38000000-0000-0000-0000-0000000000d1');
insert into public.exports (id, deal_id, user_id, mode, file_count, total_bytes)
  values ('38000000-0000-0000-0000-0000000000e1', '38000000-0000-0000-0000-0000000000d1',
          tests.user_id('member@webhook38.test'), 'job', 1200, 1);
select private.ai_jobs_kick();
select is((select array_agg(body ->> 'reason') from net.calls), array['due'], 'a queued job-mode export makes the kick call the worker');
delete from net.calls;
update public.exports set status = 'running', lease_until = now() - interval '1 minute' where id = '38000000-0000-0000-0000-0000000000e1';
select private.ai_jobs_kick();
select is((select count(*)::int from net.calls), 1, 'so does one cut off, its lease run out');
delete from net.calls;
update public.exports set expires_at = now() - interval '1 minute' where id = '38000000-0000-0000-0000-0000000000e1';
select private.ai_jobs_kick();
select is((select count(*)::int from net.calls), 0, 'an export past its 24 hours wakes nobody');

select * from finish();
rollback;
