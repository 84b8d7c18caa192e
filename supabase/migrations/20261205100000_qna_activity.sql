-- Q&A in the feed and live (docs/decisions.md decision 51): a question asked and an answer released are
-- entries of the deal's activity feed, seen by exactly those who may see the question; every change to a
-- question or its answers is a `qna` event on the deal's live channel, passed on by the same rule (drafts:
-- the answering side only). Written here, by triggers, so no path that writes Q&A can forget them.

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

-- The two kinds join the feed's list.
alter table public.activities drop constraint activities_activity_type_check;
alter table public.activities add constraint activities_activity_type_check check (activity_type = any (array[
  'upload', 'download', 'delete', 'checklist_update', 'user_invite', 'deal_create', 'login', 'approval', 'ai_review',
  'role_change', 'export', 'view', 'question', 'answer']));

-- An entry about a question follows the question (as one about a file follows the file).
drop policy activities_select on public.activities;
create policy activities_select on public.activities for select to authenticated using (
  deal_id in (select private.my_deal_ids())
  and (deal_id in (select private.people_deal_ids()) or user_id = (select auth.uid()))
  and ((metadata ->> 'file_id') is null or private.can_see_file((metadata ->> 'file_id')::uuid)
       or not private.file_exists((metadata ->> 'file_id')::uuid) and private.has_capability(deal_id, 'edit_files'))
  and ((metadata ->> 'question_id') is null or private.can_see_question(deal_id, (metadata ->> 'question_id')::uuid)));
