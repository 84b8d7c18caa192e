-- Editing a question (docs/decisions.md decision 52): the asker changes the title, text, category,
-- priority and due date of their own question while it is open, not released to all and unanswered;
-- another member of their group never does; the answering side changes category, priority and due
-- date at any time but never the asker's words. And the read policies still let each party see what
-- decision 49 says after they were rewritten to read the caller's deals and groups once per statement.
begin;
create extension if not exists pgtap with schema extensions;
select plan(26);

select tests.create_actors('51', 'qna51', array['owner', 'seller', 'asker', 'teammate', 'rival']);
select tests.create_deal('Qna51', '51000000-0000-0000-0000-000000000001', '51000000-0000-0000-0000-0000000000d1');
insert into public.permission_sets (id, deal_id, name, capabilities) values
  ('51000000-0000-0000-0000-0000000005e1', '51000000-0000-0000-0000-0000000000d1', 'Sellers', '{view,answer_questions,approve_answers}'),
  ('51000000-0000-0000-0000-0000000005e3', '51000000-0000-0000-0000-0000000000d1', 'Bidders', '{view,ask_questions}');
select tests.add_member('51000000-0000-0000-0000-0000000000d1', id, 'member', 'active',
  case when name = 'seller' then '51000000-0000-0000-0000-0000000005e1'::uuid end)
from actor where name in ('seller', 'asker', 'teammate', 'rival');
select tests.add_group('51000000-0000-0000-0000-0000000000d1', 'Bidder A', '51000000-0000-0000-0000-0000000005e3',
  array['51000000-0000-0000-0000-000000000003', '51000000-0000-0000-0000-000000000004']::uuid[], '51000000-0000-0000-0000-0000000006a1');
select tests.add_group('51000000-0000-0000-0000-0000000000d1', 'Bidder B', '51000000-0000-0000-0000-0000000005e3',
  array['51000000-0000-0000-0000-000000000005']::uuid[], '51000000-0000-0000-0000-0000000006b1');

select tests.as_user('51000000-0000-0000-0000-000000000003');
insert into public.questions (id, deal_id, title, body, asked_by) values
  ('51000000-0000-0000-0000-0000000000a1', '51000000-0000-0000-0000-0000000000d1', 'Q1', 'Why?', '51000000-0000-0000-0000-000000000003'),
  ('51000000-0000-0000-0000-0000000000a2', '51000000-0000-0000-0000-0000000000d1', 'Q2', 'How?', '51000000-0000-0000-0000-000000000003'),
  ('51000000-0000-0000-0000-0000000000a3', '51000000-0000-0000-0000-0000000000d1', 'Q3', 'When?', '51000000-0000-0000-0000-000000000003');
select tests.as_server();

-- While open and unanswered: the asker edits everything they wrote; nobody else their words.
select is(tests.try('asker', $$update public.questions set title = 'Q1 edited', body = 'Why, exactly?', category = 'Tax',
  priority = 'high', due_date = '2027-02-01' where id = '51000000-0000-0000-0000-0000000000a1'$$), '1',
  'the asker edits title, text, category, priority and due date of an open question');
select is(tests.try('teammate', $$update public.questions set title = 'Hijacked' where id = '51000000-0000-0000-0000-0000000000a1'$$),
  '42501', 'another member of the asker''s group cannot edit its words');
select is(tests.try('teammate', $$update public.questions set priority = 'low' where id = '51000000-0000-0000-0000-0000000000a1'$$),
  '42501', 'nor its priority');
select is(tests.try('rival', $$update public.questions set title = 'Hijacked' where id = '51000000-0000-0000-0000-0000000000a1'$$),
  '0', 'another group does not even see it');
select is(tests.try('seller', $$update public.questions set body = 'Reworded' where id = '51000000-0000-0000-0000-0000000000a1'$$),
  '42501', 'the answering side never changes the asker''s words');
select is(tests.try('seller', $$update public.questions set category = 'Finance', priority = 'low', due_date = null
  where id = '51000000-0000-0000-0000-0000000000a1'$$), '1', 'the answering side changes category, priority and due date');
select is(tests.try('asker', $$update public.questions set assignee_id = '51000000-0000-0000-0000-000000000002'
  where id = '51000000-0000-0000-0000-0000000000a1'$$), '42501', 'the asker does not assign');

-- A released answer, a release to all or a closing ends the asker's editing.
select tests.as_user('51000000-0000-0000-0000-000000000002');
insert into public.question_answers (id, question_id, deal_id, body, author_id) values
  ('51000000-0000-0000-0000-0000000000b1', '51000000-0000-0000-0000-0000000000a1', '51000000-0000-0000-0000-0000000000d1', 'Draft', '51000000-0000-0000-0000-000000000002');
select tests.as_server();
select is(tests.try('asker', $$update public.questions set title = 'Still mine' where id = '51000000-0000-0000-0000-0000000000a1'$$),
  '1', 'a draft answer does not end the asker''s editing');
select tests.as_user('51000000-0000-0000-0000-000000000002');
update public.question_answers set state = 'released' where id = '51000000-0000-0000-0000-0000000000b1';
update public.questions set released_to_all = true where id = '51000000-0000-0000-0000-0000000000a2';
select tests.as_server();
select is(tests.try('asker', $$update public.questions set title = 'Too late' where id = '51000000-0000-0000-0000-0000000000a1'$$),
  '55000', 'the asker cannot edit a question once an answer is released');
select is(tests.try('asker', $$update public.questions set priority = 'low' where id = '51000000-0000-0000-0000-0000000000a1'$$),
  '55000', 'not even its priority');
select is(tests.try('asker', $$update public.questions set title = 'Too late' where id = '51000000-0000-0000-0000-0000000000a2'$$),
  '55000', 'nor once it is released to all bidders');
select is(tests.try('seller', $$update public.questions set priority = 'high' where id = '51000000-0000-0000-0000-0000000000a1'$$),
  '1', 'the answering side still changes the priority of an answered question');
select is(tests.try('asker', $$update public.questions set status = 'closed' where id = '51000000-0000-0000-0000-0000000000a3'$$),
  '1', 'the asker still closes their question');
select tests.as_user('51000000-0000-0000-0000-000000000003');
update public.questions set status = 'closed' where id = '51000000-0000-0000-0000-0000000000a3';
select tests.as_server();
select is(tests.try('asker', $$update public.questions set title = 'Too late' where id = '51000000-0000-0000-0000-0000000000a3'$$),
  '55000', 'the asker cannot edit a closed question');
select is(tests.try('asker', $$update public.questions set status = 'open' where id = '51000000-0000-0000-0000-0000000000a3'$$),
  '1', 'but reopens it');

-- An asker who lost ask_questions edits nothing.
update public.deal_groups set permission_set_id = null where id = '51000000-0000-0000-0000-0000000006a1';
select is(tests.try('asker', $$update public.questions set title = 'Lost' where id = '51000000-0000-0000-0000-0000000000a3'$$),
  '0', 'an asker without ask_questions edits nothing');
update public.deal_groups set permission_set_id = '51000000-0000-0000-0000-0000000005e3' where id = '51000000-0000-0000-0000-0000000006a1';

-- The rewritten read policies: each party sees what decision 49 says.
select tests.matrix('questions seen', $$select title from public.questions where deal_id = '51000000-0000-0000-0000-0000000000d1'$$,
  'Q1,Q2,Q3 Q1,Q2,Q3 Q1,Q2,Q3 Q1,Q2,Q3 Q2');
select tests.as_user('51000000-0000-0000-0000-000000000002');
insert into public.question_answers (question_id, deal_id, body, author_id) values
  ('51000000-0000-0000-0000-0000000000a2', '51000000-0000-0000-0000-0000000000d1', 'Hidden-draft', '51000000-0000-0000-0000-000000000002');
select tests.as_server();
select tests.matrix('answers seen', $$select body from public.question_answers where deal_id = '51000000-0000-0000-0000-0000000000d1'$$,
  'Draft,Hidden-draft Draft,Hidden-draft Draft Draft -');

select * from finish();
rollback;
