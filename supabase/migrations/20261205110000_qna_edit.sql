-- Editing a question (docs/decisions.md decision 52): the asker changes the title, text, category,
-- priority and due date of their own question while it is open, not released to all bidders and
-- without a released answer; the answering side changes category, priority and due date (and assigns)
-- at any time but never the asker's words. And the read policies of questions and answers read the
-- caller's deals and groups once per statement instead of once per row: `npm run bench -- qna` measured
-- the list of 20,000 questions. The same definitions are in supabase/schemas/55_qna.sql.

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

drop policy questions_select on public.questions;
create policy questions_select on public.questions for select to authenticated using (
  deal_id = any ((select private.deals_with_capability('view'))::uuid[])
  and (released_to_all or asked_by = (select auth.uid())
       or asker_group_id = any ((select private.my_all_group_ids())::uuid[])
       or deal_id = any ((select private.deals_with_capability('answer_questions'))::uuid[]))
  and (file_id is null or private.can_see_file(file_id)));

drop policy question_answers_select on public.question_answers;
create policy question_answers_select on public.question_answers for select to authenticated using (
  exists (select 1 from public.questions q where q.id = question_id)
  and (state = 'released' or deal_id = any ((select private.deals_with_capability('answer_questions'))::uuid[])));
