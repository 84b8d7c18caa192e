-- The review queue decides on files as on checklist items (docs/product.md §2 Review queue): a file can
-- be sent back ('changes_requested'), and every change of a file's approval is kept in its history,
-- shown in the deal's feed (type 'approval') and audited, whoever made it and through whichever path.
alter table public.files drop constraint files_approval_status_check;
alter table public.files add constraint files_approval_status_check
  check (approval_status in ('pending', 'review', 'approved', 'changes_requested'));

alter table public.activities drop constraint activities_activity_type_check;
alter table public.activities add constraint activities_activity_type_check check (activity_type in
  ('upload', 'download', 'delete', 'checklist_update', 'user_invite', 'deal_create', 'login', 'approval'));

create table public.file_approvals (
  id uuid primary key default gen_random_uuid(),
  file_id uuid not null references public.files (id) on delete cascade,
  deal_id uuid not null references public.deals (id) on delete cascade,
  decision text not null check (decision in ('pending', 'review', 'approved', 'changes_requested')),
  note text check (length(note) <= 2000),
  decided_by uuid references auth.users (id) on delete set null,
  decided_at timestamptz not null default now()
);
create index file_approvals_file on public.file_approvals (file_id, decided_at desc);
alter table public.file_approvals enable row level security;
revoke all on public.file_approvals from anon, authenticated;
grant select on public.file_approvals to authenticated;
-- A file's history follows the file.
create policy file_approvals_select on public.file_approvals for select to authenticated
  using (private.can_see_file(file_id));

create or replace function private.file_approval_history() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.file_approvals (file_id, deal_id, decision, note, decided_by)
  values (new.id, new.deal_id, new.approval_status, new.approval_note, auth.uid());
  perform private.record_activity(new.deal_id, auth.uid(), 'approval',
    format('%s "%s"', case new.approval_status when 'approved' then 'Approved'
                                               when 'changes_requested' then 'Requested changes on'
                                               when 'review' then 'Put in review'
                                               else 'Set back to pending' end, new.name),
    jsonb_build_object('file_id', new.id, 'decision', new.approval_status));
  return null;
end $$;
create trigger files_approval_history after update of approval_status on public.files
  for each row when (new.approval_status is distinct from old.approval_status)
  execute function private.file_approval_history();

create trigger file_approvals_audit after insert on public.file_approvals
  for each row execute function private.audit_row('file_approval');
create trigger checklist_approvals_audit after insert on public.checklist_approvals
  for each row execute function private.audit_row('checklist_approval');

-- The queue sorts by last change; files are listed per deal by it.
create index files_deal_updated on public.files (deal_id, updated_at desc);
