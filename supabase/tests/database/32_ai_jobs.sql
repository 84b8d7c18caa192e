-- The AI assistant's jobs and suggestions, decided in the database: a completed upload queues exactly
-- one job; only the server claims jobs (under a lease, reclaimed when a worker dies) and writes
-- analyses, once per job; members read the analyses of files they can see; deciding on a suggestion
-- needs approve or edit rights (or being the uploader) and lands in the feed and the audit log; a
-- person never sets a file's AI status by hand.
begin;
create extension if not exists pgtap with schema extensions;
select plan(31);

select tests.create_actors('32', 'ai32', array['owner', 'viewer', 'approver', 'outsider', 'denied']);
select tests.create_deal('AI32', '32000000-0000-0000-0000-000000000001', '32000000-0000-0000-0000-0000000000a1');
select tests.create_deal('Other32', '32000000-0000-0000-0000-000000000004', '32000000-0000-0000-0000-0000000000a2');
select tests.add_member('32000000-0000-0000-0000-0000000000a1', '32000000-0000-0000-0000-000000000002', 'viewer');
select tests.add_member('32000000-0000-0000-0000-0000000000a1', '32000000-0000-0000-0000-000000000005', 'viewer');
select tests.add_member('32000000-0000-0000-0000-0000000000a1', '32000000-0000-0000-0000-000000000003', 'member', 'active',
  (select id from public.permission_sets where deal_id is null and name = 'approve_only'));
insert into public.checklist_categories (id, deal_id, name) values
  ('32000000-0000-0000-0000-0000000008a1', '32000000-0000-0000-0000-0000000000a1', 'Financial'),
  ('32000000-0000-0000-0000-0000000008a2', '32000000-0000-0000-0000-0000000000a2', 'Legal');
insert into public.checklist_items (id, deal_id, category_id, name) values
  ('32000000-0000-0000-0000-0000000009a1', '32000000-0000-0000-0000-0000000000a1', '32000000-0000-0000-0000-0000000008a1', 'Audited financial statements'),
  ('32000000-0000-0000-0000-0000000009a2', '32000000-0000-0000-0000-0000000000a1', '32000000-0000-0000-0000-0000000008a1', 'Tax returns'),
  ('32000000-0000-0000-0000-0000000009b1', '32000000-0000-0000-0000-0000000000a2', '32000000-0000-0000-0000-0000000008a2', 'NDA');
-- Two files, uploaded the way upload-complete does it: a pending row, a version, then ready.
insert into public.files (id, deal_id, name, uploaded_by) values
  ('32000000-0000-0000-0000-0000000000f1', '32000000-0000-0000-0000-0000000000a1', 'FY2024 audited accounts.pdf', '32000000-0000-0000-0000-000000000001'),
  ('32000000-0000-0000-0000-0000000000f2', '32000000-0000-0000-0000-0000000000a1', 'Board minutes.pdf', '32000000-0000-0000-0000-000000000001');
insert into public.file_versions (file_id, deal_id, version_number, storage_key, size_bytes, sha256, original_name) values
  ('32000000-0000-0000-0000-0000000000f1', '32000000-0000-0000-0000-0000000000a1', 1,
   'deals/32000000-0000-0000-0000-0000000000a1/files/32000000-0000-0000-0000-0000000000f1/v1', 10, repeat('a', 64), 'FY2024 audited accounts.pdf'),
  ('32000000-0000-0000-0000-0000000000f2', '32000000-0000-0000-0000-0000000000a1', 1,
   'deals/32000000-0000-0000-0000-0000000000a1/files/32000000-0000-0000-0000-0000000000f2/v1', 10, repeat('b', 64), 'Board minutes.pdf');
update public.files set upload_state = 'ready', current_version = 1, size_bytes = 10
 where id = '32000000-0000-0000-0000-0000000000f1';
-- The second file is shown to the viewer and hidden from 'denied'.
update public.files set permission_type = 'custom' where id = '32000000-0000-0000-0000-0000000000f2';
insert into public.file_permissions (file_id, deal_id, allowed_users, denied_users) values
  ('32000000-0000-0000-0000-0000000000f2', '32000000-0000-0000-0000-0000000000a1', array['32000000-0000-0000-0000-000000000002'::uuid],
   array['32000000-0000-0000-0000-000000000005'::uuid]);


-- ---------------------------------------------------------------- queueing
select is((select ai_status from public.files where id = '32000000-0000-0000-0000-0000000000f1'), 'queued',
  'a completed upload reads queued');
select is((select count(*)::int from public.ai_jobs where file_id = '32000000-0000-0000-0000-0000000000f1' and status = 'queued'), 1,
  'and has exactly one queued job');

-- ---------------------------------------------------------------- claiming, leases, one result per job
create temp table claimed as select * from private.claim_ai_jobs('worker-a', 1, 60);
select is((select count(*)::int from claimed), 1, 'a worker claims one job');
select is((select ai_status from public.files where id = (select file_id from claimed)), 'processing', 'its file reads processing');
select is((select count(*)::int from private.claim_ai_jobs('worker-b', 5, 60) where job_id = (select job_id from claimed)), 0,
  'a job under lease is not claimed by another worker');
-- worker-a dies: its lease runs out.
update public.ai_jobs set lease_until = now() - interval '1 second' where id = (select job_id from claimed);
select is((select attempts from private.claim_ai_jobs('worker-b', 5, 60) where job_id = (select job_id from claimed)), 2,
  'after the lease runs out another worker claims it again (second attempt)');
select is(private.finish_ai_job((select job_id from claimed), 'worker-a',
  jsonb_build_object('provider', 'builtin', 'candidates', jsonb_build_array(jsonb_build_object('item_id', '32000000-0000-0000-0000-0000000009a2', 'confidence', 40, 'reasoning', 'x')))),
  false, 'the dead worker''s late result is refused');
select is(private.finish_ai_job((select job_id from claimed), 'worker-b',
  jsonb_build_object('provider', 'builtin', 'text', 'Audited financial statements for the year',
    'candidates', jsonb_build_array(
      jsonb_build_object('item_id', '32000000-0000-0000-0000-0000000009a1', 'confidence', 91, 'reasoning', 'name: "audited accounts"'),
      jsonb_build_object('item_id', '32000000-0000-0000-0000-0000000009b1', 'confidence', 50, 'reasoning', 'another deal''s item'),
      jsonb_build_object('item_id', '32000000-0000-0000-0000-0000000009a2', 'confidence', 20, 'reasoning', 'weak')))),
  true, 'the live worker''s result is recorded');
select is(private.finish_ai_job((select job_id from claimed), 'worker-b', '{"provider": "builtin"}'::jsonb), false,
  'a job is finished once');
select is((select count(*)::int from public.file_ai_analyses where file_id = '32000000-0000-0000-0000-0000000000f1'), 1,
  'one suggestion for the file');
select is((select jsonb_array_length(candidates) from public.file_ai_analyses where file_id = '32000000-0000-0000-0000-0000000000f1'), 2,
  'candidates keep only items of the file''s deal');
select is((select ai_status from public.files where id = '32000000-0000-0000-0000-0000000000f1'), 'review', 'the file reads review');

-- ---------------------------------------------------------------- failures: backoff, then try_again
update public.files set upload_state = 'ready', current_version = 1, size_bytes = 10
 where id = '32000000-0000-0000-0000-0000000000f2';
create temp table claimed2 as select * from private.claim_ai_jobs('worker-a', 5, 60);
select is((select count(*)::int from claimed2), 1, 'the second file''s job is claimed');
select is(private.fail_ai_job((select job_id from claimed2), 'worker-a', 'provider down'), 'queued', 'a first failure queues it again');
select ok((select run_after > now() + interval '5 seconds' from public.ai_jobs where id = (select job_id from claimed2)),
  'with a backoff');
update public.ai_jobs set run_after = now() - interval '1 second', attempts = 2 where id = (select job_id from claimed2);
select is((select count(*)::int from private.claim_ai_jobs('worker-a', 5, 60)), 1, 'claimed for the third attempt');
select is(private.fail_ai_job((select job_id from claimed2), 'worker-a', 'provider down'), 'failed', 'the third failure fails the job');
select is((select ai_status from public.files where id = '32000000-0000-0000-0000-0000000000f2'), 'try_again', 'and the file reads try_again');

-- ---------------------------------------------------------------- who reads and who acts
insert into public.file_ai_analyses (file_id, deal_id, version_number, provider, status, reasoning) values
  ('32000000-0000-0000-0000-0000000000f2', '32000000-0000-0000-0000-0000000000a1', 1, 'builtin', 'dismissed', 'an older analysis');
select tests.as_user('32000000-0000-0000-0000-000000000002');
select throws_ok($$select count(*) from public.ai_jobs$$, '42501', null, 'people cannot read the job table');
select throws_ok($$insert into public.file_ai_analyses (file_id, deal_id, version_number, provider, reasoning)
  values ('32000000-0000-0000-0000-0000000000f1', '32000000-0000-0000-0000-0000000000a1', 1, 'builtin', 'forged')$$,
  '42501', null, 'nor write analyses');
select is((select count(*)::int from public.file_ai_analyses), 2, 'a viewer reads the analyses of the files it sees');
select throws_ok($$select public.ai_suggestion_action('32000000-0000-0000-0000-0000000000f1', 'accept')$$,
  '42501', null, 'a viewer (no approve, no edit) cannot decide on a suggestion');
select is(public.ai_request_analysis('32000000-0000-0000-0000-0000000000a1', null), 1,
  'but may ask for analysis of the files it sees (the try_again file)');

select tests.as_user('32000000-0000-0000-0000-000000000005');
select is((select count(*)::int from public.file_ai_analyses where file_id = '32000000-0000-0000-0000-0000000000f2'), 0,
  'a member denied the file reads none of its analyses');
select tests.as_user('32000000-0000-0000-0000-000000000004');
select is((select count(*)::int from public.file_ai_analyses), 0, 'an outsider reads no analysis');
select tests.as_user('32000000-0000-0000-0000-000000000001');
select throws_ok($$update public.files set ai_status = 'approved' where id = '32000000-0000-0000-0000-0000000000f1'$$,
  '42501', null, 'nobody, not even the deal owner, sets a file''s AI status by hand');

select tests.as_user('32000000-0000-0000-0000-000000000003');
select throws_ok($$select public.ai_suggestion_action('32000000-0000-0000-0000-0000000000f1', 'approve')$$,
  'P0001', null, 'an unknown action is refused');
select throws_ok($$select public.ai_suggestion_action('32000000-0000-0000-0000-0000000000f1', 'override')$$,
  'P0001', 'Please select a checklist item to override with', 'override needs an item');
select throws_ok($$select public.ai_suggestion_action('32000000-0000-0000-0000-0000000000f1', 'override', '32000000-0000-0000-0000-0000000009b1')$$,
  'P0001', 'The checklist item does not belong to this deal', 'of the same deal');
select is(public.ai_suggestion_action('32000000-0000-0000-0000-0000000000f1', 'accept')->>'ai_status', 'approved',
  'an approver accepts');
select tests.as_server();
select ok((select '32000000-0000-0000-0000-0000000009a1'::uuid = any (checklist_items) and ai_status = 'approved'
             from public.files where id = '32000000-0000-0000-0000-0000000000f1')
          and exists (select 1 from public.activities where activity_type = 'ai_review' and metadata->>'file_id' = '32000000-0000-0000-0000-0000000000f1')
          and exists (select 1 from public.audit_logs where action = 'ai_accept' and entity_id = '32000000-0000-0000-0000-0000000000f1'),
  'accepting links the file to the item, and lands in the feed and the audit log');

select * from finish();
rollback;
