-- Office renditions (docs/decisions.md decision 50): a version's PDF is queued by whoever may see the
-- file, once per version; read by exactly the people who can see the file; its status written only by
-- the server's functions, which the API's roles cannot call.
begin;
create extension if not exists pgtap with schema extensions;
select plan(27);

select tests.create_actors('49', 'office49', array['owner', 'viewer', 'outsider']);
select tests.create_deal('Office49', '49000000-0000-0000-0000-000000000001', '49000000-0000-0000-0000-0000000000a1');
select tests.add_member('49000000-0000-0000-0000-0000000000a1', '49000000-0000-0000-0000-000000000002', 'viewer');
-- memo.docx: everyone with view; secret.docx: the viewer denied by name; plan.pdf: no Office file;
-- sheet.bin: an Office file by its content type alone.
insert into public.files (id, deal_id, name, upload_state, permission_type, current_version, size_bytes, uploaded_by) values
  ('49000000-0000-0000-0000-00000000e001', '49000000-0000-0000-0000-0000000000a1', 'memo.docx', 'ready', 'all', 1, 10, '49000000-0000-0000-0000-000000000001'),
  ('49000000-0000-0000-0000-00000000e002', '49000000-0000-0000-0000-0000000000a1', 'secret.docx', 'ready', 'custom', 1, 10, '49000000-0000-0000-0000-000000000001'),
  ('49000000-0000-0000-0000-00000000e003', '49000000-0000-0000-0000-0000000000a1', 'plan.pdf', 'ready', 'all', 1, 10, '49000000-0000-0000-0000-000000000001'),
  ('49000000-0000-0000-0000-00000000e004', '49000000-0000-0000-0000-0000000000a1', 'sheet.bin', 'ready', 'all', 1, 10, '49000000-0000-0000-0000-000000000001');
insert into public.file_permissions (file_id, deal_id, allowed_users, denied_users) values
  ('49000000-0000-0000-0000-00000000e002', '49000000-0000-0000-0000-0000000000a1', '{}', '{49000000-0000-0000-0000-000000000002}');
insert into public.file_versions (file_id, deal_id, version_number, storage_key, size_bytes, sha256, original_name, content_type)
select f.id, f.deal_id, 1, 'deals/' || f.deal_id || '/files/' || f.id || '/v1', 10, repeat('a', 64), f.name,
       case f.name when 'plan.pdf' then 'application/pdf'
                   when 'sheet.bin' then 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
                   else 'application/octet-stream' end
  from public.files f where f.deal_id = '49000000-0000-0000-0000-0000000000a1';

-- ---------------------------------------------------------------- queued by who may see the file
select tests.as_user('viewer@office49.test');
select is((select status from private.request_file_rendition('49000000-0000-0000-0000-00000000e001', 1)), 'queued',
  'a viewer who can see memo.docx queues its rendition');
select is((select count(*)::int from private.request_file_rendition('49000000-0000-0000-0000-00000000e001', 1)), 1,
  'asking again answers the same rendition');
select is((select count(*)::int from private.request_file_rendition('49000000-0000-0000-0000-00000000e002', 1)), 0,
  'a file the viewer is denied answers nothing');
select is((select count(*)::int from private.request_file_rendition('49000000-0000-0000-0000-00000000e003', 1)), 0,
  'a PDF is no Office document: nothing to convert');
select is((select count(*)::int from private.request_file_rendition('49000000-0000-0000-0000-00000000e001', 2)), 0,
  'a version that does not exist answers nothing');
select is((select status from private.request_file_rendition('49000000-0000-0000-0000-00000000e004', 1)), 'queued',
  'an Office file known by its content type alone is queued');
select tests.as_user('outsider@office49.test');
select is((select count(*)::int from private.request_file_rendition('49000000-0000-0000-0000-00000000e001', 1)), 0,
  'someone outside the deal answers nothing');
select tests.as_anon();
select throws_ok($$select * from private.request_file_rendition('49000000-0000-0000-0000-00000000e001', 1)$$, '42501', null,
  'anonymous callers cannot ask');
select tests.as_server();
select is((select count(*)::int from public.file_renditions where deal_id = '49000000-0000-0000-0000-0000000000a1'), 2,
  'one row per version asked for, none for the denied file, the PDF or the missing version');

-- ---------------------------------------------------------------- read by exactly who can see the file
select tests.as_user('viewer@office49.test');
select is((select count(*)::int from public.file_renditions), 2, 'the viewer reads the renditions of files they see');
select tests.as_user('outsider@office49.test');
select is((select count(*)::int from public.file_renditions), 0, 'an outsider reads none');
select tests.as_user('owner@office49.test');
select lives_ok($$select * from private.request_file_rendition('49000000-0000-0000-0000-00000000e002', 1)$$,
  'the owner queues the denied file''s rendition');
select tests.as_user('viewer@office49.test');
select is((select count(*)::int from public.file_renditions where file_id = '49000000-0000-0000-0000-00000000e002'), 0,
  'the viewer denied that file does not read its rendition');

-- ---------------------------------------------------------------- nobody from the API writes status
select tests.as_user('owner@office49.test');
select throws_ok($$update public.file_renditions set status = 'ready', storage_key = 'x'$$, '42501', null,
  'the owner cannot set a rendition''s status');
select throws_ok($$insert into public.file_renditions (file_id, deal_id, version_number)
    values ('49000000-0000-0000-0000-00000000e003', '49000000-0000-0000-0000-0000000000a1', 1)$$, '42501', null,
  'nor insert one directly');
select throws_ok($$delete from public.file_renditions$$, '42501', null, 'nor delete one');
select throws_ok($$select * from private.claim_file_renditions('me', 60)$$, '42501', null, 'nor claim work');
select throws_ok($$select private.finish_file_rendition('49000000-0000-0000-0000-00000000e001', 1, 'me', 'x')$$, '42501', null,
  'nor finish a rendition');
select throws_ok($$select private.fail_file_rendition('49000000-0000-0000-0000-00000000e001', 1, 'me', 'x')$$, '42501', null,
  'nor fail one');
select tests.as_service();
select throws_ok($$select * from public.file_renditions$$, '42501', null, 'service_role holds nothing on renditions');

-- ---------------------------------------------------------------- the server's worker
select tests.as_server();
-- One transaction: every row was queued at the same now(); memo.docx goes first, the others wait.
update public.file_renditions set run_after = now() + interval '1 hour'
 where file_id in ('49000000-0000-0000-0000-00000000e002', '49000000-0000-0000-0000-00000000e004');
select is((select count(*)::int from private.claim_file_renditions('w49', 60, '49000000-0000-0000-0000-0000000000a1')), 1,
  'the worker claims one rendition at a time');
select is((select status || ':' || attempts from public.file_renditions
            where file_id = '49000000-0000-0000-0000-00000000e001'), 'processing:1',
  'the oldest, memo.docx, is processing, attempt 1');
select is(private.finish_file_rendition('49000000-0000-0000-0000-00000000e001', 1, 'someone-else',
    'deals/49000000-0000-0000-0000-0000000000a1/files/49000000-0000-0000-0000-00000000e001/v1.pdf'), false,
  'a worker that does not hold it cannot finish it');
select is(private.finish_file_rendition('49000000-0000-0000-0000-00000000e001', 1, 'w49',
    'deals/49000000-0000-0000-0000-0000000000a1/files/49000000-0000-0000-0000-00000000e001/v1.pdf'), true,
  'the holder finishes it: ready');
-- sheet.bin fails three times: queued again twice (no wait here), then failed with its reason.
update public.file_renditions set run_after = now() where file_id = '49000000-0000-0000-0000-00000000e004';
select private.claim_file_renditions('w49', 60, '49000000-0000-0000-0000-0000000000a1');
select is(private.fail_file_rendition('49000000-0000-0000-0000-00000000e004', 1, 'w49', 'boom', 0), 'queued',
  'a first failure queues it again');
select private.claim_file_renditions('w49', 60, '49000000-0000-0000-0000-0000000000a1');
select private.fail_file_rendition('49000000-0000-0000-0000-00000000e004', 1, 'w49', 'boom', 0);
select private.claim_file_renditions('w49', 60, '49000000-0000-0000-0000-0000000000a1');
select is(private.fail_file_rendition('49000000-0000-0000-0000-00000000e004', 1, 'w49', 'crashed', 0), 'failed',
  'the third failure is final');
select is((select status || ':' || attempts || ':' || last_error from public.file_renditions
            where file_id = '49000000-0000-0000-0000-00000000e004'), 'failed:3:crashed',
  'failed after three attempts, with the last reason');

select * from finish();
rollback;
