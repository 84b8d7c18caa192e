-- Q&A (docs/decisions.md decision 49): a question is seen by its asker's group and the answering side
-- until an approver releases it to all bidders; drafts are the answering side's; attachments follow the
-- question and the reader's view of the file; the workflow's transitions hold in the database.
begin;
create extension if not exists pgtap with schema extensions;
select plan(98);

-- tests.qna_deal: owner, seller, approver, buyer_a and buyer_a2 (Bidder A), buyer_b (Bidder B), viewer, outsider.
select tests.qna_deal('48');
insert into public.files (id, deal_id, name, upload_state, current_version, size_bytes, uploaded_by) values
  ('48000000-0000-0000-0000-0000000000f1', '48000000-0000-0000-0000-0000000000d1', 'open.pdf', 'ready', 1, 10, '48000000-0000-0000-0000-000000000001');

-- Capabilities and their dependencies.
select ok(private.capabilities_valid('{view,ask_questions}'), 'ask_questions with view is valid');
select ok(not private.capabilities_valid('{ask_questions}'), 'ask_questions needs view');
select ok(not private.capabilities_valid('{answer_questions}'), 'answer_questions needs view');
select ok(not private.capabilities_valid('{view,approve_answers}'), 'approve_answers needs answer_questions');
select ok(private.capabilities_valid('{view,answer_questions,approve_answers}'), 'an approver set is valid');
select throws_ok($$insert into public.permission_sets (deal_id, name, capabilities)
                   values ('48000000-0000-0000-0000-0000000000d1', 'Broken', '{view,approve_answers}')$$,
  'P0001', null, 'the database refuses a set with approve_answers but not answer_questions');
select ok(private.role_capabilities('admin') @> '{ask_questions,answer_questions,approve_answers}', 'deal admins hold all three by role');
select ok(not private.role_capabilities('contributor') && '{ask_questions,answer_questions,approve_answers}'
          and not private.role_capabilities('viewer') && '{ask_questions,answer_questions,approve_answers}',
  'contributors and viewers hold none by role: Q&A rights come from sets');

-- Asking.
select is(tests.try('buyer_b', $$insert into public.questions (deal_id, title, asker_group_id, asked_by)
  values ('48000000-0000-0000-0000-0000000000d1', 'For A?', '48000000-0000-0000-0000-0000000006a1', '48000000-0000-0000-0000-000000000006')$$),
  '42501', 'a bidder cannot ask for a group they are not in');
select is(tests.try('viewer', $$insert into public.questions (deal_id, title, asked_by)
  values ('48000000-0000-0000-0000-0000000000d1', 'Q', '48000000-0000-0000-0000-000000000007')$$),
  '42501', 'a viewer without ask_questions cannot ask');
select is(tests.try('buyer_b', $$insert into public.questions (deal_id, title, asked_by, file_id)
  values ('48000000-0000-0000-0000-0000000000d1', 'Q', '48000000-0000-0000-0000-000000000006', '48000000-0000-0000-0000-0000000000f2')$$),
  'P0002', 'nobody asks about a file they cannot see');

select tests.as_user('48000000-0000-0000-0000-000000000004');
insert into public.questions (id, deal_id, title, body, asked_by, status, released_to_all) values
  ('48000000-0000-0000-0000-0000000000a1', '48000000-0000-0000-0000-0000000000d1', 'Q1-deal', 'Why?', '48000000-0000-0000-0000-000000000004', 'closed', true);
insert into public.questions (id, deal_id, title, asked_by, file_id) values
  ('48000000-0000-0000-0000-0000000000a2', '48000000-0000-0000-0000-0000000000d1', 'Q2-file', '48000000-0000-0000-0000-000000000004', '48000000-0000-0000-0000-0000000000f2');
select tests.as_server();
select results_eq($$select status, released_to_all, asker_group_id from public.questions where id = '48000000-0000-0000-0000-0000000000a1'$$,
  $$values ('open'::text, false, '48000000-0000-0000-0000-0000000006a1'::uuid)$$,
  'a new question is open, not released, and carries the asker''s group whatever was sent');

-- Who sees the questions: owner seller approver buyer_a buyer_a2 buyer_b viewer outsider.
select tests.matrix('questions before release', $$select title from public.questions where deal_id = '48000000-0000-0000-0000-0000000000d1'$$,
  'Q1-deal,Q2-file Q1-deal,Q2-file Q1-deal,Q2-file Q1-deal,Q2-file Q1-deal,Q2-file - - -');

-- Answering: drafts are the answering side's.
select is(tests.try('buyer_a', $$insert into public.question_answers (question_id, deal_id, body, author_id)
  values ('48000000-0000-0000-0000-0000000000a1', '48000000-0000-0000-0000-0000000000d1', 'Self', '48000000-0000-0000-0000-000000000004')$$),
  '42501', 'a bidder cannot answer');
select tests.as_user('48000000-0000-0000-0000-000000000002');
insert into public.question_answers (id, question_id, deal_id, body, author_id) values
  ('48000000-0000-0000-0000-0000000000b1', '48000000-0000-0000-0000-0000000000a1', '48000000-0000-0000-0000-0000000000d1', 'Because.', '48000000-0000-0000-0000-000000000002');
insert into public.question_attachments (question_id, answer_id, deal_id, file_id, added_by) values
  ('48000000-0000-0000-0000-0000000000a1', '48000000-0000-0000-0000-0000000000b1', '48000000-0000-0000-0000-0000000000d1', '48000000-0000-0000-0000-0000000000f1', '48000000-0000-0000-0000-000000000002');
select tests.as_server();
select tests.matrix('answers in draft', $$select body from public.question_answers where deal_id = '48000000-0000-0000-0000-0000000000d1'$$,
  'Because. Because. Because. - - - - -');
select tests.matrix('a draft answer''s attachment', $$select file_id from public.question_attachments where deal_id = '48000000-0000-0000-0000-0000000000d1'$$,
  '48000000-0000-0000-0000-0000000000f1 48000000-0000-0000-0000-0000000000f1 48000000-0000-0000-0000-0000000000f1 - - - - -');
select is(tests.try('seller', $$update public.question_answers set state = 'released' where id = '48000000-0000-0000-0000-0000000000b1'$$),
  '42501', 'the answering side cannot release without approve_answers');
select is(tests.try('buyer_a', $$update public.question_answers set state = 'released' where id = '48000000-0000-0000-0000-0000000000b1'$$),
  '0', 'a bidder cannot even reach a draft');
select is(tests.try('seller', $$insert into public.question_answers (question_id, deal_id, body, author_id, state)
  values ('48000000-0000-0000-0000-0000000000a1', '48000000-0000-0000-0000-0000000000d1', 'Direct', '48000000-0000-0000-0000-000000000002', 'released')$$),
  '55000', 'an answer starts as a draft');

select tests.as_user('48000000-0000-0000-0000-000000000003');
update public.question_answers set state = 'released' where id = '48000000-0000-0000-0000-0000000000b1';
select tests.as_server();
select results_eq($$select q.status, a.released_by from public.questions q join public.question_answers a on a.question_id = q.id
                    where a.id = '48000000-0000-0000-0000-0000000000b1'$$,
  $$values ('answered'::text, '48000000-0000-0000-0000-000000000003'::uuid)$$, 'a released answer makes the question answered');
select tests.matrix('a released answer', $$select body from public.question_answers where deal_id = '48000000-0000-0000-0000-0000000000d1'$$,
  'Because. Because. Because. Because. Because. - - -');
select tests.matrix('a released answer''s attachment', $$select file_id from public.question_attachments where deal_id = '48000000-0000-0000-0000-0000000000d1'$$,
  '48000000-0000-0000-0000-0000000000f1 48000000-0000-0000-0000-0000000000f1 48000000-0000-0000-0000-0000000000f1 48000000-0000-0000-0000-0000000000f1 48000000-0000-0000-0000-0000000000f1 - - -');
select is(tests.try('approver', $$update public.question_answers set body = 'Changed' where id = '48000000-0000-0000-0000-0000000000b1'$$),
  '55000', 'a released answer cannot be edited');
select is(tests.try('approver', $$update public.question_answers set state = 'draft' where id = '48000000-0000-0000-0000-0000000000b1'$$),
  '55000', 'a released answer cannot go back to draft');
select is(tests.try('approver', $$delete from public.question_answers where id = '48000000-0000-0000-0000-0000000000b1'$$),
  '0', 'a released answer cannot be deleted');

-- Attachments: only files the attacher sees, only by those on the question.
select is(tests.try('buyer_a', $$insert into public.question_attachments (question_id, deal_id, file_id, added_by)
  values ('48000000-0000-0000-0000-0000000000a1', '48000000-0000-0000-0000-0000000000d1', '48000000-0000-0000-0000-0000000000f2', '48000000-0000-0000-0000-000000000004')$$),
  '1', 'the asker attaches a file they see');
select is(tests.try('buyer_b', $$insert into public.question_attachments (question_id, deal_id, file_id, added_by)
  values ('48000000-0000-0000-0000-0000000000a1', '48000000-0000-0000-0000-0000000000d1', '48000000-0000-0000-0000-0000000000f1', '48000000-0000-0000-0000-000000000006')$$),
  '42501', 'another group cannot attach to a question it does not see');
select is(tests.try('buyer_a', $$insert into public.question_attachments (question_id, answer_id, deal_id, file_id, added_by)
  values ('48000000-0000-0000-0000-0000000000a1', '48000000-0000-0000-0000-0000000000b1', '48000000-0000-0000-0000-0000000000d1', '48000000-0000-0000-0000-0000000000f2', '48000000-0000-0000-0000-000000000004')$$),
  '55000', 'nobody attaches to a released answer');
select tests.as_user('48000000-0000-0000-0000-000000000004');
insert into public.question_attachments (question_id, deal_id, file_id, added_by) values
  ('48000000-0000-0000-0000-0000000000a1', '48000000-0000-0000-0000-0000000000d1', '48000000-0000-0000-0000-0000000000f2', '48000000-0000-0000-0000-000000000004');
select tests.as_server();

-- Release to all bidders.
select is(tests.try('seller', $$update public.questions set released_to_all = true where id = '48000000-0000-0000-0000-0000000000a1'$$),
  '42501', 'only an approver releases a question to all');
select is(tests.try('buyer_a', $$update public.questions set released_to_all = true where id = '48000000-0000-0000-0000-0000000000a1'$$),
  '42501', 'the asker cannot release their question to all');
select tests.as_user('48000000-0000-0000-0000-000000000003');
update public.questions set released_to_all = true where id = '48000000-0000-0000-0000-0000000000a1';
select tests.as_server();
select tests.matrix('questions after Q1''s release', $$select title from public.questions where deal_id = '48000000-0000-0000-0000-0000000000d1'$$,
  'Q1-deal,Q2-file Q1-deal,Q2-file Q1-deal,Q2-file Q1-deal,Q2-file Q1-deal,Q2-file Q1-deal Q1-deal -');
select tests.matrix('attachments after release: each reader sees only files they see', $$select f.name from public.question_attachments a join public.files f on f.id = a.file_id
  where a.deal_id = '48000000-0000-0000-0000-0000000000d1'$$,
  'a-only.pdf,open.pdf a-only.pdf,open.pdf a-only.pdf,open.pdf a-only.pdf,open.pdf a-only.pdf,open.pdf open.pdf open.pdf -');
select is(tests.try('approver', $$update public.questions set released_to_all = false where id = '48000000-0000-0000-0000-0000000000a1'$$),
  '55000', 'a release to all is not withdrawn');

-- Assigning, closing and reopening.
select is(tests.try('buyer_a', $$update public.questions set assignee_id = '48000000-0000-0000-0000-000000000002' where id = '48000000-0000-0000-0000-0000000000a2'$$),
  '42501', 'a bidder cannot assign');
select is(tests.try('seller', $$update public.questions set assignee_id = '48000000-0000-0000-0000-000000000004' where id = '48000000-0000-0000-0000-0000000000a2'$$),
  'P0001', 'only a member who answers questions can be assigned');
select is(tests.try('seller', $$update public.questions set assignee_id = '48000000-0000-0000-0000-000000000003' where id = '48000000-0000-0000-0000-0000000000a2'$$),
  '1', 'the answering side assigns to an approver');
select is(tests.try('seller', $$update public.questions set status = 'answered' where id = '48000000-0000-0000-0000-0000000000a2'$$),
  '55000', 'a question is not answered by hand');
select is(tests.try('buyer_b', $$update public.questions set status = 'closed' where id = '48000000-0000-0000-0000-0000000000a1'$$),
  '0', 'another group cannot close a question released to all');
select is(tests.try('buyer_a2', $$update public.questions set status = 'closed' where id = '48000000-0000-0000-0000-0000000000a1'$$),
  '1', 'the asker''s group closes its question');
select is(tests.try('buyer_a2', $$update public.questions set title = 'Renamed' where id = '48000000-0000-0000-0000-0000000000a1'$$),
  '42501', 'the asking side changes nothing but the status');
select tests.as_user('48000000-0000-0000-0000-000000000002');
update public.questions set status = 'closed' where id = '48000000-0000-0000-0000-0000000000a2';
select tests.as_server();
select is(tests.try('seller', $$insert into public.question_answers (question_id, deal_id, body, author_id)
  values ('48000000-0000-0000-0000-0000000000a2', '48000000-0000-0000-0000-0000000000d1', 'Late', '48000000-0000-0000-0000-000000000002')$$),
  '55000', 'a closed question takes no answer');
select is(tests.try('buyer_a', $$update public.questions set status = 'open' where id = '48000000-0000-0000-0000-0000000000a2'$$),
  '1', 'the asker reopens a closed question');
select tests.as_user('48000000-0000-0000-0000-000000000002');
update public.questions set status = 'closed' where id = '48000000-0000-0000-0000-0000000000a1';
update public.questions set status = 'open' where id = '48000000-0000-0000-0000-0000000000a1';
select tests.as_server();
select is((select status from public.questions where id = '48000000-0000-0000-0000-0000000000a1'), 'answered',
  'a question reopened with a released answer reads answered');
select is(tests.try('seller', $$update public.questions set status = 'open' where id = '48000000-0000-0000-0000-0000000000a1'$$),
  '55000', 'only a closed question is reopened');

-- Other deals see nothing, and an archived deal takes no Q&A write.
select tests.create_deal('Other48', '48000000-0000-0000-0000-000000000008', '48000000-0000-0000-0000-0000000000d2');
select is(tests.try('outsider', $$select count(*) from public.questions$$), '0', 'the owner of another deal sees no question of this one');
select is(tests.try('outsider', $$insert into public.questions (deal_id, title, asked_by)
  values ('48000000-0000-0000-0000-0000000000d1', 'Sneaky', '48000000-0000-0000-0000-000000000008')$$),
  '42501', 'a non-member cannot ask');
update public.deals set archived_at = now() where id = '48000000-0000-0000-0000-0000000000d1';
select is(tests.try('buyer_a', $$insert into public.questions (deal_id, title, asked_by)
  values ('48000000-0000-0000-0000-0000000000d1', 'Late', '48000000-0000-0000-0000-000000000004')$$),
  '55000', 'an archived deal takes no question');
select is(tests.try('owner', $$update public.questions set status = 'closed' where id = '48000000-0000-0000-0000-0000000000a1'$$),
  '55000', 'nor a change');
select is(tests.try('buyer_a', $$select count(*) from public.questions$$), '2', 'and is still read');

select * from finish();
rollback;
