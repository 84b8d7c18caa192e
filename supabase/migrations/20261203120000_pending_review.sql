-- One definition of "pending review" (docs/decisions.md decision 36), used by the dashboard's count
-- and its "Files Pending Review" list, the review queue's default filter and the deal card: a ready,
-- unarchived file still awaiting a person's decision (approval status pending or in review). An open
-- AI suggestion does not make a file pending (an approved file with one is done), and "changes
-- requested" is answered, not pending.
--
-- Plain SQL, stable, run as the caller and without a SET clause, so the planner inlines it into each
-- query: the caller's row-level security still decides which files count, and no function is called
-- per row. Inlining needs EXECUTE for the caller, hence the grant to authenticated.
create or replace function private.file_pending_review(f public.files) returns boolean
language sql stable as $$
  select f.upload_state = 'ready' and f.archived_at is null and f.approval_status in ('pending', 'review')
$$;
revoke execute on function private.file_pending_review(public.files) from public, anon;
grant execute on function private.file_pending_review(public.files) to authenticated, service_role;
