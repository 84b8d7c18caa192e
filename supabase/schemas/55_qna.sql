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

-- In the feed and live (docs/decisions.md decision 51): a question asked and an answer released are
-- activity entries seen by those who may see the question; every change is a `qna` event of the deal.

-- Whether the signed-in person may see the question: the rule of the policy questions_select, asked of
-- one question by id (the feed, the event stream, Realtime and the mail audience ask it). A question that
-- no longer exists (its file deleted) is the answering side's, as its history was.
create or replace function private.can_see_question(p_deal_id uuid, p_question_id uuid) returns boolean
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
declare
  q record;
begin
  select qq.deal_id, qq.asked_by, qq.asker_group_id, qq.released_to_all, qq.file_id into q
  from public.questions qq where qq.id = p_question_id and qq.deal_id = p_deal_id;
  if not found then
    return private.has_capability(p_deal_id, 'answer_questions');
  end if;
  return private.has_capability(q.deal_id, 'view')
     and (q.released_to_all or q.asked_by = auth.uid() or q.asker_group_id = any (private.my_group_ids(q.deal_id))
          or private.has_capability(q.deal_id, 'answer_questions'))
     and (q.file_id is null or private.can_see_file(q.file_id));
end $$;
revoke execute on function private.can_see_question(uuid, uuid) from public, anon;
grant execute on function private.can_see_question(uuid, uuid) to authenticated;

-- Whether the signed-in person may know who asked: the asker's group and the answering side; other
-- bidders reading a question released to all never learn it (the Q&A list's rule, decision 49).
create or replace function private.knows_question_asker(p_deal_id uuid, p_question_id uuid) returns boolean
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
declare
  q record;
begin
  if private.has_capability(p_deal_id, 'answer_questions') then
    return true;
  end if;
  select qq.asked_by, qq.asker_group_id into q from public.questions qq where qq.id = p_question_id and qq.deal_id = p_deal_id;
  return found and (q.asked_by = auth.uid() or q.asker_group_id = any (private.my_group_ids(p_deal_id)));
end $$;
revoke execute on function private.knows_question_asker(uuid, uuid) from public, anon;
grant execute on function private.knows_question_asker(uuid, uuid) to authenticated;

-- Who may see a question among the deal's active members, asked as each of them in turn (the claims the
-- caller ran under are put back after), with the second factor taken as proved: `answers` for the
-- answering side, `asks` for the asker and their group. The server mails from it; Realtime sends by it.
create or replace function private.question_audience(p_deal_id uuid, p_question_id uuid)
returns table (user_id uuid, answers boolean, asks boolean)
language plpgsql security definer set search_path = '' set plan_cache_mode = 'auto' as $$
declare
  v_claims text := current_setting('request.jwt.claims', true);
  v_sub text := current_setting('request.jwt.claim.sub', true);
  v_member uuid;
  v_asked_by uuid;
  v_group uuid;
begin
  select q.asked_by, q.asker_group_id into v_asked_by, v_group from public.questions q
  where q.id = p_question_id and q.deal_id = p_deal_id;
  for v_member in select m.user_id from public.deal_members m where m.deal_id = p_deal_id and m.status = 'active' loop
    perform set_config('request.jwt.claim.sub', '', true);
    perform set_config('request.jwt.claims',
      json_build_object('sub', v_member, 'role', 'authenticated', 'aal', 'aal2')::text, true);
    if private.can_see_question(p_deal_id, p_question_id) then
      user_id := v_member;
      answers := private.has_capability(p_deal_id, 'answer_questions');
      asks := v_member = v_asked_by or v_group = any (private.my_group_ids(p_deal_id));
      return next;
    end if;
  end loop;
  perform set_config('request.jwt.claims', coalesce(v_claims, ''), true);
  perform set_config('request.jwt.claim.sub', coalesce(v_sub, ''), true);
end $$;
revoke execute on function private.question_audience(uuid, uuid) from public, anon, authenticated, service_role;

-- One `qna` event: NOTIFY for the embedded stream, which asks as each reader; on Supabase, broadcast to
-- each member who may see the question (and, for a draft, only to the answering side).
create or replace function private.question_event(p_deal_id uuid, p_question_id uuid, p_answering_only boolean)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_event jsonb := jsonb_build_object('deal_id', p_deal_id, 'type', 'qna', 'question_id', p_question_id);
  v_member uuid;
begin
  if p_answering_only then
    v_event := v_event || jsonb_build_object('answering_only', true);
  end if;
  perform pg_notify('deal_events', v_event::text);
  if to_regclass('realtime.schema_migrations') is null then
    return;
  end if;
  for v_member in select a.user_id from private.question_audience(p_deal_id, p_question_id) a
                  where a.answers or not p_answering_only loop
    perform realtime.send(v_event, 'qna', format('deal:%s:user:%s', p_deal_id, v_member), true);
  end loop;
end $$;
revoke execute on function private.question_event(uuid, uuid, boolean) from public, anon, authenticated, service_role;

-- A question asked by a member: a `question` entry naming its title only, and an event. Writes of the
-- server itself (no one signed in: seeds, benchmarks) make neither.
create or replace function private.question_written() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if auth.uid() is null then
    return null;
  end if;
  if tg_op = 'INSERT' then
    perform private.record_activity(new.deal_id, new.asked_by, 'question', format('Asked "%s"', new.title),
      jsonb_build_object('question_id', new.id));
  end if;
  perform private.question_event(new.deal_id, new.id, false);
  return null;
end $$;
revoke execute on function private.question_written() from public, anon, authenticated, service_role;

-- An answer written, changed, released or deleted: an event (a draft's for the answering side only);
-- released, an `answer` entry by the approver naming the question's title, never the answer's text.
create or replace function private.answer_written() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_title text;
begin
  if auth.uid() is null then
    return null;
  end if;
  if tg_op = 'DELETE' then
    perform private.question_event(old.deal_id, old.question_id, old.state = 'draft');
    return null;
  end if;
  if new.state = 'released' and (tg_op = 'INSERT' or old.state <> 'released') then
    select q.title into v_title from public.questions q where q.id = new.question_id;
    perform private.record_activity(new.deal_id, new.released_by, 'answer', format('Answered "%s"', v_title),
      jsonb_build_object('question_id', new.question_id));
  end if;
  perform private.question_event(new.deal_id, new.question_id, new.state = 'draft');
  return null;
end $$;
revoke execute on function private.answer_written() from public, anon, authenticated, service_role;

create trigger questions_written after insert or update on public.questions
  for each row execute function private.question_written();
create trigger question_answers_written after insert or update or delete on public.question_answers
  for each row execute function private.answer_written();
