-- Q&A (docs/decisions.md decision 49): questions on the deal, a file or a checklist item, their answers
-- (draft, then released by an approver) and attachments that link data-room files. The capabilities
-- ask_questions, answer_questions and approve_answers are in 30_people.sql and 20_deals.sql.

set check_function_bodies = false;

-- Questions: scope is the deal (no file, no item), a file, or a checklist item.
create table public.questions (
  id uuid primary key default gen_random_uuid(),
  deal_id uuid not null references public.deals(id) on delete cascade,
  file_id uuid references public.files(id) on delete cascade,
  checklist_item_id uuid references public.checklist_items(id) on delete cascade,
  title text not null check (length(btrim(title)) between 1 and 200),
  body text not null default '' check (length(body) <= 10000),
  category text not null default '' check (length(category) <= 100),
  priority text not null default 'normal' check (priority in ('low', 'normal', 'high')),
  due_date date,
  status text not null default 'open' check (status in ('open', 'answered', 'closed')),
  asked_by uuid references auth.users(id) on delete set null,
  asker_group_id uuid references public.deal_groups(id) on delete set null,
  assignee_id uuid references auth.users(id) on delete set null,
  released_to_all boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint questions_one_scope check (file_id is null or checklist_item_id is null)
);
create index questions_listing_idx on public.questions (deal_id, created_at desc, id desc);
create index questions_file_idx on public.questions (file_id) where file_id is not null;
create index questions_item_idx on public.questions (checklist_item_id) where checklist_item_id is not null;

-- Answers: a draft the answering side writes and edits, released by an approver (approving and releasing
-- are one step); a released answer never changes again.
create table public.question_answers (
  id uuid primary key default gen_random_uuid(),
  question_id uuid not null references public.questions(id) on delete cascade,
  deal_id uuid not null references public.deals(id) on delete cascade,
  author_id uuid references auth.users(id) on delete set null,
  body text not null check (length(btrim(body)) between 1 and 20000),
  state text not null default 'draft' check (state in ('draft', 'released')),
  released_by uuid references auth.users(id) on delete set null,
  released_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index question_answers_question_idx on public.question_answers (question_id, created_at);

-- Attachments link files already in the data room (never copies), to the question or to one answer.
create table public.question_attachments (
  id uuid primary key default gen_random_uuid(),
  question_id uuid not null references public.questions(id) on delete cascade,
  answer_id uuid references public.question_answers(id) on delete cascade,
  deal_id uuid not null references public.deals(id) on delete cascade,
  file_id uuid not null references public.files(id) on delete cascade,
  added_by uuid references auth.users(id) on delete set null,
  created_at timestamptz not null default now(),
  constraint question_attachments_once unique (question_id, file_id)
);
create index question_attachments_file_idx on public.question_attachments (file_id);

-- Who asks and for which group; the scope is a visible file or an item of the same deal.
create or replace function private.question_before_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    return new;
  end if;
  new.asked_by := v_uid;
  new.status := 'open';
  new.released_to_all := false;
  new.assignee_id := null;
  if new.asker_group_id is null then
    select g.id into new.asker_group_id from public.deal_group_members gm join public.deal_groups g on g.id = gm.group_id
    where gm.deal_id = new.deal_id and gm.user_id = v_uid order by lower(g.name), g.id limit 1;
  elsif not exists (select 1 from public.deal_group_members gm
                    where gm.group_id = new.asker_group_id and gm.deal_id = new.deal_id and gm.user_id = v_uid) then
    raise exception 'You can only ask for a group you belong to' using errcode = '42501';
  end if;
  if new.file_id is not null and not exists (
       select 1 from public.files f where f.id = new.file_id and f.deal_id = new.deal_id and f.upload_state = 'ready')
     or new.file_id is not null and not private.can_see_file(new.file_id) then
    raise exception 'File not found' using errcode = 'P0002';
  end if;
  if new.checklist_item_id is not null and not exists (
       select 1 from public.checklist_items i where i.id = new.checklist_item_id and i.deal_id = new.deal_id) then
    raise exception 'Checklist item not found' using errcode = 'P0002';
  end if;
  return new;
end $$;

-- The workflow of a question. The asker edits the title, text, category, priority and due date of their
-- own question while it is open, not released to all bidders and without a released answer (decision
-- 52); the rest of the asking side may only close and reopen. The answering side assigns and changes
-- category, priority and due date, but never the asker's words; an approver releases a question to all
-- bidders, which cannot be undone.
create or replace function private.question_before_update() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_answers boolean;
  v_asker boolean;
  v_released boolean;
  v_words boolean;
begin
  if auth.uid() is null then
    return new;
  end if;
  if (new.deal_id, new.file_id, new.checklist_item_id, new.asked_by, new.asker_group_id, new.created_at)
     is distinct from (old.deal_id, old.file_id, old.checklist_item_id, old.asked_by, old.asker_group_id, old.created_at) then
    raise exception 'A question''s deal, scope and asker cannot be changed' using errcode = '42501';
  end if;
  v_answers := private.has_capability(new.deal_id, 'answer_questions');
  v_asker := old.asked_by = auth.uid() and private.has_capability(new.deal_id, 'ask_questions');
  v_words := (new.title, new.body) is distinct from (old.title, old.body);
  if not v_answers and (new.assignee_id, new.released_to_all) is distinct from (old.assignee_id, old.released_to_all)
     or not v_answers and not v_asker and (new.category, new.priority, new.due_date) is distinct from (old.category, old.priority, old.due_date) then
    raise exception 'Only the answering side can change a question' using errcode = '42501';
  end if;
  if v_words and not v_asker then
    raise exception 'Only the asker can change a question''s title and text' using errcode = '42501';
  end if;
  if v_asker and (v_words or not v_answers and (new.category, new.priority, new.due_date) is distinct from (old.category, old.priority, old.due_date))
     and (old.status <> 'open' or old.released_to_all
          or exists (select 1 from public.question_answers a where a.question_id = old.id and a.state = 'released')) then
    raise exception 'A question can be edited only while it is open and unanswered' using errcode = '55000';
  end if;
  if new.released_to_all is distinct from old.released_to_all then
    if old.released_to_all then
      raise exception 'A question released to all bidders stays released' using errcode = '55000';
    elsif not private.has_capability(new.deal_id, 'approve_answers') then
      raise exception 'Only an approver can release a question to all bidders' using errcode = '42501';
    end if;
  end if;
  if new.assignee_id is distinct from old.assignee_id and new.assignee_id is not null
     and not 'answer_questions' = any (private.member_capabilities(new.deal_id, new.assignee_id)) then
    raise exception 'Questions can only be assigned to a member who answers questions' using errcode = 'P0001';
  end if;
  if new.status is distinct from old.status then
    v_released := exists (select 1 from public.question_answers a where a.question_id = new.id and a.state = 'released');
    if new.status = 'answered' and not v_released then
      raise exception 'A question is answered when an answer is released' using errcode = '55000';
    elsif new.status = 'open' and old.status <> 'closed' then
      raise exception 'Only a closed question can be reopened' using errcode = '55000';
    elsif new.status = 'open' and v_released then
      new.status := 'answered';
    end if;
  end if;
  new.updated_at := now();
  return new;
end $$;

-- An answer belongs to its question's deal; a closed question takes no new answer; a draft becomes
-- released only by an approver, and a released answer is never changed or taken back.
create or replace function private.answer_before_write() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_status text;
begin
  if tg_op = 'INSERT' then
    select q.deal_id, q.status into new.deal_id, v_status from public.questions q where q.id = new.question_id;
    if auth.uid() is null then
      return new;
    end if;
    new.author_id := auth.uid();
    if v_status = 'closed' then
      raise exception 'This question is closed' using errcode = '55000';
    end if;
    if new.state <> 'draft' then
      raise exception 'An answer starts as a draft' using errcode = '55000';
    end if;
    new.released_by := null;
    new.released_at := null;
    return new;
  end if;
  if auth.uid() is null then
    return coalesce(new, old);
  end if;
  if old.state = 'released' then
    raise exception 'A released answer cannot be changed' using errcode = '55000';
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  if (new.question_id, new.deal_id, new.author_id, new.created_at) is distinct from (old.question_id, old.deal_id, old.author_id, old.created_at) then
    raise exception 'An answer''s question and author cannot be changed' using errcode = '42501';
  end if;
  if new.state = 'released' then
    if not private.has_capability(new.deal_id, 'approve_answers') then
      raise exception 'Only an approver can release an answer' using errcode = '42501';
    end if;
    if (select q.status from public.questions q where q.id = new.question_id) = 'closed' then
      raise exception 'This question is closed' using errcode = '55000';
    end if;
    new.released_by := auth.uid();
    new.released_at := now();
  end if;
  new.updated_at := now();
  return new;
end $$;

-- A released answer makes an open question answered.
create or replace function private.answer_released() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.questions set status = 'answered' where id = new.question_id and status = 'open';
  return null;
end $$;

-- An attachment is of the question's deal and, when it goes with an answer, of that question's answer.
create or replace function private.attachment_before_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  select q.deal_id into new.deal_id from public.questions q where q.id = new.question_id;
  if new.answer_id is not null and not exists (
       select 1 from public.question_answers a where a.id = new.answer_id and a.question_id = new.question_id and a.state = 'draft') then
    raise exception 'Files can only be attached to a draft answer of this question' using errcode = '55000';
  end if;
  if not exists (select 1 from public.files f where f.id = new.file_id and f.deal_id = new.deal_id and f.upload_state = 'ready')
     or auth.uid() is not null and not private.can_see_file(new.file_id) then
    raise exception 'File not found' using errcode = 'P0002';
  end if;
  if auth.uid() is not null then
    new.added_by := auth.uid();
  end if;
  return new;
end $$;

revoke execute on function private.question_before_insert(), private.question_before_update(), private.answer_before_write(),
  private.answer_released(), private.attachment_before_insert() from public, anon, authenticated, service_role;

create trigger a_archived_read_only before insert or update or delete on public.questions
  for each row execute function private.refuse_archived_deal();
create trigger a_archived_read_only before insert or update or delete on public.question_answers
  for each row execute function private.refuse_archived_deal();
create trigger a_archived_read_only before insert or update or delete on public.question_attachments
  for each row execute function private.refuse_archived_deal();
create trigger aa_clean_texts before insert or update of title, body, category on public.questions
  for each row execute function private.clean_texts('title:question title:line', 'body:question:multi', 'category:question category:line');
create trigger aa_clean_texts before insert or update of body on public.question_answers
  for each row execute function private.clean_texts('body:answer:multi');
create trigger questions_before_insert before insert on public.questions
  for each row execute function private.question_before_insert();
create trigger questions_before_update before update on public.questions
  for each row execute function private.question_before_update();
create trigger question_answers_before_write before insert or update or delete on public.question_answers
  for each row execute function private.answer_before_write();
create trigger question_answers_released after insert or update of state on public.question_answers
  for each row when (new.state = 'released') execute function private.answer_released();
create trigger question_attachments_before_insert before insert on public.question_attachments
  for each row execute function private.attachment_before_insert();

alter table public.questions enable row level security;
alter table public.question_answers enable row level security;
alter table public.question_attachments enable row level security;

-- A question is seen by members with view: its asker and the asker's group, the answering side, and
-- everyone once released to all bidders; one about a file only by those who see the file. The caller's
-- deals and groups are read once per statement, not once per row (decision 52: a list of 20,000).
create policy questions_select on public.questions for select to authenticated using (
  deal_id = any ((select private.deals_with_capability('view'))::uuid[])
  and (released_to_all or asked_by = (select auth.uid())
       or asker_group_id = any ((select private.my_all_group_ids())::uuid[])
       or deal_id = any ((select private.deals_with_capability('answer_questions'))::uuid[]))
  and (file_id is null or private.can_see_file(file_id)));
create policy questions_insert on public.questions for insert to authenticated with check (
  private.has_capability(deal_id, 'ask_questions') and asked_by = (select auth.uid()));
create policy questions_update on public.questions for update to authenticated
  using (private.has_capability(deal_id, 'answer_questions')
         or private.has_capability(deal_id, 'ask_questions')
            and (asked_by = (select auth.uid()) or asker_group_id = any (private.my_group_ids(deal_id))))
  with check (private.has_capability(deal_id, 'answer_questions')
         or private.has_capability(deal_id, 'ask_questions')
            and (asked_by = (select auth.uid()) or asker_group_id = any (private.my_group_ids(deal_id))));

-- Drafts are the answering side's alone.
create policy question_answers_select on public.question_answers for select to authenticated using (
  exists (select 1 from public.questions q where q.id = question_id)
  and (state = 'released' or deal_id = any ((select private.deals_with_capability('answer_questions'))::uuid[])));
create policy question_answers_insert on public.question_answers for insert to authenticated with check (
  private.has_capability(deal_id, 'answer_questions') and author_id = (select auth.uid())
  and exists (select 1 from public.questions q where q.id = question_id));
create policy question_answers_update on public.question_answers for update to authenticated
  using (private.has_capability(deal_id, 'answer_questions'))
  with check (private.has_capability(deal_id, 'answer_questions'));
create policy question_answers_delete on public.question_answers for delete to authenticated
  using (private.has_capability(deal_id, 'answer_questions') and state = 'draft');

-- An attachment follows its question (and answer) and the reader's view of the file.
create policy question_attachments_select on public.question_attachments for select to authenticated using (
  exists (select 1 from public.questions q where q.id = question_id)
  and (answer_id is null or exists (select 1 from public.question_answers a where a.id = answer_id))
  and private.can_see_file(file_id));
create policy question_attachments_insert on public.question_attachments for insert to authenticated with check (
  added_by = (select auth.uid()) and private.can_see_file(file_id)
  and exists (select 1 from public.questions q where q.id = question_id)
  and (private.has_capability(deal_id, 'answer_questions')
       or answer_id is null and private.has_capability(deal_id, 'ask_questions')
          and exists (select 1 from public.questions q where q.id = question_id
                      and (q.asked_by = (select auth.uid()) or q.asker_group_id = any (private.my_group_ids(q.deal_id))))));
create policy question_attachments_delete on public.question_attachments for delete to authenticated using (
  added_by = (select auth.uid()) or private.has_capability(deal_id, 'answer_questions'));

grant select, insert, update (title, body, category, priority, due_date, status, assignee_id, released_to_all)
  on public.questions to authenticated;
grant select, insert, delete, update (body, state) on public.question_answers to authenticated;
grant select, insert, delete on public.question_attachments to authenticated;
