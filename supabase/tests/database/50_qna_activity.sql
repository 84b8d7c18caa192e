-- Q&A in the feed (docs/decisions.md decision 51): a question asked and an answer released are activity
-- entries seen exactly by those who may see the question (its asker's group and the answering side;
-- everyone once released to all bidders); a draft makes none; the feed may name the asker only to the
-- asker's group and the answering side; the mail audience follows the same rule.
begin;
create extension if not exists pgtap with schema extensions;
select plan(40);

-- tests.qna_deal: owner, seller, approver, buyer_a and buyer_a2 (Bidder A), buyer_b (Bidder B), viewer, outsider.
select tests.qna_deal('50');

-- The entries of the deal's feed about questions, as kind:question (the question id's last two characters).
create function pg_temp.qna_entries() returns setof text language sql stable as $$
  select a.activity_type || ':' || right(a.metadata ->> 'question_id', 2) from public.activities a
  where a.deal_id = '50000000-0000-0000-0000-0000000000d1' and a.activity_type in ('question', 'answer')
$$;

select tests.as_user('50000000-0000-0000-0000-000000000004');
insert into public.questions (id, deal_id, title, asked_by) values
  ('50000000-0000-0000-0000-0000000000a1', '50000000-0000-0000-0000-0000000000d1', 'Q1 deal', '50000000-0000-0000-0000-000000000004');
insert into public.questions (id, deal_id, title, asked_by, file_id) values
  ('50000000-0000-0000-0000-0000000000a2', '50000000-0000-0000-0000-0000000000d1', 'Q2 file', '50000000-0000-0000-0000-000000000004', '50000000-0000-0000-0000-0000000000f2');
select tests.as_server();

select results_eq($$select activity_type, user_id, description, metadata from public.activities
                    where deal_id = '50000000-0000-0000-0000-0000000000d1' and activity_type = 'question' order by description$$,
  $$values ('question'::text, '50000000-0000-0000-0000-000000000004'::uuid, 'Asked "Q1 deal"'::text, '{"question_id": "50000000-0000-0000-0000-0000000000a1"}'::jsonb),
           ('question', '50000000-0000-0000-0000-000000000004', 'Asked "Q2 file"', '{"question_id": "50000000-0000-0000-0000-0000000000a2"}')$$,
  'a question asked is an entry by its asker naming its title only, with the question''s id');

-- owner seller approver buyer_a buyer_a2 buyer_b viewer outsider
select tests.matrix('question entries before release', 'select e from pg_temp.qna_entries() e',
  'question:a1,question:a2 question:a1,question:a2 question:a1,question:a2 question:a1,question:a2 question:a1,question:a2 - - -');

-- A draft answer makes no entry.
select tests.as_user('50000000-0000-0000-0000-000000000002');
insert into public.question_answers (id, question_id, deal_id, body, author_id) values
  ('50000000-0000-0000-0000-0000000000b1', '50000000-0000-0000-0000-0000000000a1', '50000000-0000-0000-0000-0000000000d1', 'Because.', '50000000-0000-0000-0000-000000000002'),
  ('50000000-0000-0000-0000-0000000000b2', '50000000-0000-0000-0000-0000000000a2', '50000000-0000-0000-0000-0000000000d1', 'Draft only.', '50000000-0000-0000-0000-000000000002');
update public.question_answers set body = 'Because, indeed.' where id = '50000000-0000-0000-0000-0000000000b1';
select tests.as_server();
select is((select count(*)::int from public.activities where deal_id = '50000000-0000-0000-0000-0000000000d1' and activity_type = 'answer'),
  0, 'a draft answer, written or edited, makes no entry');

-- Released by the approver: an entry by them, naming the question's title and never the answer's text.
select tests.as_user('50000000-0000-0000-0000-000000000003');
update public.question_answers set state = 'released' where id = '50000000-0000-0000-0000-0000000000b1';
select tests.as_server();
select results_eq($$select user_id, description, metadata from public.activities
                    where deal_id = '50000000-0000-0000-0000-0000000000d1' and activity_type = 'answer'$$,
  $$values ('50000000-0000-0000-0000-000000000003'::uuid, 'Answered "Q1 deal"'::text, '{"question_id": "50000000-0000-0000-0000-0000000000a1"}'::jsonb)$$,
  'a released answer is one entry by its approver naming the question''s title');
select tests.matrix('entries once answered', 'select e from pg_temp.qna_entries() e',
  'answer:a1,question:a1,question:a2 answer:a1,question:a1,question:a2 answer:a1,question:a1,question:a2 answer:a1,question:a1,question:a2 answer:a1,question:a1,question:a2 - - -');

-- Released to all bidders: the other bidder and the viewer see Q1's entries, never Q2's (nor its file).
select tests.as_user('50000000-0000-0000-0000-000000000003');
update public.questions set released_to_all = true where id = '50000000-0000-0000-0000-0000000000a1';
select tests.as_server();
select tests.matrix('entries once Q1 is released to all', 'select e from pg_temp.qna_entries() e',
  'answer:a1,question:a1,question:a2 answer:a1,question:a1,question:a2 answer:a1,question:a1,question:a2 answer:a1,question:a1,question:a2 answer:a1,question:a1,question:a2 answer:a1,question:a1 answer:a1,question:a1 -');

-- Who asked: the feed names the asker only to those who may know it.
select tests.matrix('who may know Q1''s asker',
  $$select private.knows_question_asker('50000000-0000-0000-0000-0000000000d1', '50000000-0000-0000-0000-0000000000a1')$$,
  'true true true true true false false false');

-- The server's own writes (seeds, benchmarks) make no entry.
insert into public.questions (id, deal_id, title) values
  ('50000000-0000-0000-0000-0000000000a3', '50000000-0000-0000-0000-0000000000d1', 'Seeded');
select is((select count(*)::int from public.activities where metadata ->> 'question_id' = '50000000-0000-0000-0000-0000000000a3'),
  0, 'a question written by the server makes no entry');

-- The mail audience: who may see Q2 (on a file only group A and the answering side see), and which side.
select set_eq($$select user_id, answers, asks from private.question_audience('50000000-0000-0000-0000-0000000000d1', '50000000-0000-0000-0000-0000000000a2')$$,
  $$values ('50000000-0000-0000-0000-000000000001'::uuid, true, false), ('50000000-0000-0000-0000-000000000002', true, false),
           ('50000000-0000-0000-0000-000000000003', true, false), ('50000000-0000-0000-0000-000000000004', false, true),
           ('50000000-0000-0000-0000-000000000005', false, true)$$,
  'the audience of an unreleased question is its asker''s group and the answering side');
select tests.as_user('50000000-0000-0000-0000-000000000006');
select set_config('role', 'none', true);
select is((select count(*)::int from private.question_audience('50000000-0000-0000-0000-0000000000d1', '50000000-0000-0000-0000-0000000000a1')),
  7, 'once released to all, every member with view is in the audience');
select is(current_setting('request.jwt.claims', true)::jsonb ->> 'sub', '50000000-0000-0000-0000-000000000006',
  'the caller''s claims are put back after asking as each member');
select tests.as_server();
select is(tests.try('buyer_a', $$select user_id from private.question_audience('50000000-0000-0000-0000-0000000000d1', '50000000-0000-0000-0000-0000000000a1')$$),
  '42501', 'no member may ask for a question''s audience');

select * from finish();
rollback;
