-- One "pending review" (docs/decisions.md decision 36): private.file_pending_review(f) holds for a
-- ready, unarchived file whose approval status is pending or in review. An open AI suggestion does not
-- make a file pending, "changes requested" is not pending, and the caller's row-level security decides
-- which files count. The function is inlined by the planner: no call per row.
begin;
create extension if not exists pgtap with schema extensions;
select plan(8);

select tests.create_actors('42', 'pending42', array['owner', 'viewer']);
select tests.create_deal('Pending42', '42000000-0000-0000-0000-000000000001', '42000000-0000-0000-0000-0000000000a1');
select tests.add_member('42000000-0000-0000-0000-0000000000a1', '42000000-0000-0000-0000-000000000002', 'viewer');
insert into public.files (id, deal_id, name, upload_state, current_version, size_bytes, uploaded_by, approval_status, ai_status, archived_at) values
  ('42000000-0000-0000-0000-0000000000f1', '42000000-0000-0000-0000-0000000000a1', 'pending.pdf', 'ready', 1, 10, '42000000-0000-0000-0000-000000000001', 'pending', 'not_started', null),
  ('42000000-0000-0000-0000-0000000000f2', '42000000-0000-0000-0000-0000000000a1', 'in-review.pdf', 'ready', 1, 10, '42000000-0000-0000-0000-000000000001', 'review', 'not_started', null),
  ('42000000-0000-0000-0000-0000000000f3', '42000000-0000-0000-0000-0000000000a1', 'approved-with-suggestion.pdf', 'ready', 1, 10, '42000000-0000-0000-0000-000000000001', 'approved', 'review', null),
  ('42000000-0000-0000-0000-0000000000f4', '42000000-0000-0000-0000-0000000000a1', 'changes.pdf', 'ready', 1, 10, '42000000-0000-0000-0000-000000000001', 'changes_requested', 'not_started', null),
  ('42000000-0000-0000-0000-0000000000f5', '42000000-0000-0000-0000-0000000000a1', 'archived.pdf', 'ready', 1, 10, '42000000-0000-0000-0000-000000000001', 'pending', 'not_started', now()),
  ('42000000-0000-0000-0000-0000000000f6', '42000000-0000-0000-0000-0000000000a1', 'uploading.pdf', 'pending', 1, 10, '42000000-0000-0000-0000-000000000001', 'pending', 'not_started', null),
  ('42000000-0000-0000-0000-0000000000f7', '42000000-0000-0000-0000-0000000000a1', 'hidden.pdf', 'ready', 1, 10, '42000000-0000-0000-0000-000000000001', 'pending', 'not_started', null);
insert into public.file_ai_analyses (file_id, deal_id, version_number, provider, status, reasoning) values
  ('42000000-0000-0000-0000-0000000000f3', '42000000-0000-0000-0000-0000000000a1', 1, 'builtin', 'review', 'An open suggestion');
update public.files set permission_type = 'custom' where id = '42000000-0000-0000-0000-0000000000f7';
insert into public.file_permissions (file_id, deal_id, denied_users)
values ('42000000-0000-0000-0000-0000000000f7', '42000000-0000-0000-0000-0000000000a1', array['42000000-0000-0000-0000-000000000002'::uuid]);

-- The plan of a query as the current role, one line per row.
create function tests.plan_of(p_query text) returns text
language plpgsql as $$
declare
  v_line text;
  v_plan text := '';
begin
  for v_line in execute 'explain (verbose, costs off) ' || p_query loop
    v_plan := v_plan || v_line || E'\n';
  end loop;
  return v_plan;
end $$;

select is((select p.prosecdef or p.proconfig is not null or p.provolatile <> 's' or l.lanname <> 'sql'
           from pg_proc p join pg_language l on l.oid = p.prolang
           where p.oid = 'private.file_pending_review(public.files)'::regprocedure), false,
  'plain SQL, stable, run as the caller, no SET clause: what the planner inlines');
select is(has_function_privilege('anon', 'private.file_pending_review(public.files)', 'execute'), false,
  'anon cannot call it');

select tests.as_user('42000000-0000-0000-0000-000000000001');
select results_eq($$select f.name from public.files f where f.deal_id = '42000000-0000-0000-0000-0000000000a1'
                    and private.file_pending_review(f) order by f.name$$,
  $$values ('hidden.pdf'::text), ('in-review.pdf'), ('pending.pdf')$$,
  'pending and in review count; approved (even with an open AI suggestion), changes requested, archived and unfinished uploads do not');
select is((select count(*)::int from public.files f where f.deal_id = '42000000-0000-0000-0000-0000000000a1'
            and f.ai_status = 'review' and private.file_pending_review(f)), 0,
  'an open AI suggestion alone does not make a file pending');
update public.files set approval_status = 'approved' where id = '42000000-0000-0000-0000-0000000000f1';
select is((select count(*)::int from public.files f where f.deal_id = '42000000-0000-0000-0000-0000000000a1'
            and private.file_pending_review(f)), 2, 'approving a file takes it out at once');

select tests.as_user('42000000-0000-0000-0000-000000000002');
select results_eq($$select f.name from public.files f where f.deal_id = '42000000-0000-0000-0000-0000000000a1'
                    and private.file_pending_review(f) order by f.name$$,
  $$values ('in-review.pdf'::text)$$, 'a member counts only the files they may see');

select unalike(tests.plan_of($$select count(*) from public.files f where private.file_pending_review(f)$$),
  '%file_pending_review%', 'inlined into the plan as the caller: no call per row');
select alike(tests.plan_of($$select count(*) from public.files f where private.file_pending_review(f)$$),
  '%approval_status%', 'the plan filters on the columns themselves');

select * from finish();
rollback;
