// Editing a question (docs/decisions.md decision 52): PATCH /deals/{id}/questions/{questionId}. The asker
// edits title, text, category, priority and due date while the question is open and unanswered; another
// member of their group cannot; the answering side changes category, priority and due date only.
import { describe, expect, it } from 'vitest';
import { call, sql, type TestUser } from './helpers.ts';
import { expectError } from './expect.ts';
import { customSet, group, peopleRoom, setMember, type PeopleRoom } from './people-lib.ts';

interface EditRoom extends PeopleRoom {
  answerer: TestUser;
  asker: TestUser;
  teammate: TestUser;
  rival: TestUser;
}

async function editRoom(label: string): Promise<EditRoom> {
  const r = await peopleRoom(label);
  const answerers = await customSet(r, 'Answerers', ['view', 'answer_questions', 'approve_answers']);
  const askers = await customSet(r, 'Askers', ['view', 'ask_questions']);
  const answerer = await setMember(r, answerers.id, `${label}-answerer`);
  const [asker, teammate, rival] = [
    await setMember(r, null, `${label}-asker`),
    await setMember(r, null, `${label}-teammate`),
    await setMember(r, null, `${label}-rival`),
  ];
  const [a, b] = [await group(r, 'Team A', askers.id), await group(r, 'Team B', askers.id)];
  await sql`insert into public.deal_group_members (group_id, deal_id, user_id) values
    (${a.id}, ${r.deal.id}, ${asker.id}), (${a.id}, ${r.deal.id}, ${teammate.id}), (${b.id}, ${r.deal.id}, ${rival.id})`;
  return { ...r, answerer, asker, teammate, rival };
}

async function ask(r: EditRoom, title = 'Working capital') {
  const res = await call('POST', `${r.base}/questions`, {
    token: r.asker.token,
    body: { title, body: 'What is the peg?', category: 'Finance' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; can_edit: boolean; can_edit_text: boolean };
}

describe('Editing a question', () => {
  it('lets the asker edit every field while open and unanswered, and nobody else the words', async () => {
    const r = await editRoom('qna-edit');
    const q = await ask(r);
    expect(q).toMatchObject({ can_edit: true, can_edit_text: true });
    const path = `${r.base}/questions/${q.id}`;
    const edited = await call('PATCH', path, {
      token: r.asker.token,
      body: {
        title: ' Net working capital ',
        body: 'What is the peg, and how was it set?',
        priority: 'high',
        due_date: '2027-03-01',
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({
      title: 'Net working capital',
      body: 'What is the peg, and how was it set?',
      category: 'Finance',
      priority: 'high',
      due_date: '2027-03-01',
    });
    const cleared = await call('PATCH', path, { token: r.asker.token, body: { due_date: null } });
    expect(cleared.body.due_date).toBeNull();

    // The teammate sees it but may not edit; the rival group does not see it.
    const seen = await call('GET', path, { token: r.teammate.token });
    expect(seen.body).toMatchObject({ can_edit: false, can_edit_text: false });
    expectError(await call('PATCH', path, { token: r.teammate.token, body: { title: 'Mine now' } }), 403);
    expectError(await call('PATCH', path, { token: r.teammate.token, body: { priority: 'low' } }), 403);
    expectError(await call('PATCH', path, { token: r.rival.token, body: { title: 'Mine now' } }), 404, 'Question not found');

    // The answering side triages but never rewords; sending the words unchanged is no change of them.
    const triage = await call('GET', path, { token: r.answerer.token });
    expect(triage.body).toMatchObject({ can_edit: true, can_edit_text: false });
    expectError(
      await call('PATCH', path, { token: r.answerer.token, body: { body: 'Reworded' } }),
      403,
      "Only the asker can change a question's title and text",
    );
    const sorted = await call('PATCH', path, {
      token: r.answerer.token,
      body: { title: 'Net working capital', category: 'Accounting', priority: 'low' },
    });
    expect(sorted.status, JSON.stringify(sorted.body)).toBe(200);
    expect(sorted.body).toMatchObject({ title: 'Net working capital', category: 'Accounting', priority: 'low' });
  });

  it('ends the asker’s editing once an answer is released, and refuses bad input with a detail', async () => {
    const r = await editRoom('qna-edit-late');
    const q = await ask(r);
    const path = `${r.base}/questions/${q.id}`;
    expectError(await call('PATCH', path, { token: r.asker.token, body: {} }), 400, 'Nothing to change');
    expectError(await call('PATCH', path, { token: r.asker.token, body: { title: '  ' } }), 400, 'A title is required');
    expectError(await call('PATCH', path, { token: r.asker.token, body: { priority: 'urgent' } }), 400);
    expectError(await call('PATCH', path, { token: r.asker.token, body: { asked_by: r.rival.id } }), 400);
    expectError(await call('PATCH', `${r.base}/questions/not-an-id`, { token: r.asker.token, body: { title: 'x' } }), 404);

    const draft = await call('POST', `${path}/answers`, { token: r.answerer.token, body: { body: 'It is 12.5m.' } });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    // A draft is unseen by the asker and does not end their editing.
    expect((await call('PATCH', path, { token: r.asker.token, body: { category: 'Legal' } })).status).toBe(200);
    const released = await call('POST', `${path}/answers/${draft.body.answers[0].id}/release`, { token: r.answerer.token });
    expect(released.status, JSON.stringify(released.body)).toBe(200);

    expect((await call('GET', path, { token: r.asker.token })).body).toMatchObject({ can_edit: false, can_edit_text: false });
    expectError(
      await call('PATCH', path, { token: r.asker.token, body: { title: 'Too late' } }),
      409,
      'A question can be edited only while it is open and unanswered',
    );
    expectError(await call('PATCH', path, { token: r.asker.token, body: { priority: 'low' } }), 409);
    expect((await call('PATCH', path, { token: r.answerer.token, body: { priority: 'high' } })).body.priority).toBe('high');
  });
});
