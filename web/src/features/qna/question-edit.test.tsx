import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QuestionDetail } from '@contracts/qna';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../lib/api/client';
import { jsonResponse, renderRoutes, stubFetch } from '../../test/utils';
import QuestionPage from './question-page';
import { questionDetail, questionId } from './test-fixtures';

// Editing a question (docs/decisions.md decision 52) from its page.
const DEAL = '11111111-1111-4111-8111-111111111111';
const QID = questionId(7);

const question = (patch: Partial<QuestionDetail>) =>
  questionDetail(7, {
    title: 'Working capital',
    body: 'What is the peg?',
    category: 'Finance',
    due_date: '2027-03-01',
    ...patch,
  });

/** The question's page against a fake API; PATCH answers `patchAnswer` (a status and body). */
function open(detail: QuestionDetail, patchAnswer?: [number, unknown]) {
  const patches: any[] = [];
  let current = detail;
  stubFetch(({ url, body }, init) => {
    if (init?.method === 'PATCH') {
      patches.push(body);
      if (patchAnswer) return jsonResponse(patchAnswer[1], patchAnswer[0]);
      current = { ...current, ...body };
      return current;
    }
    if (url.pathname.endsWith(`/questions/${QID}`)) return current;
  });
  localStorage.setItem(TOKEN_KEY, 'tok');
  renderRoutes([{ path: '/deals/:dealId/qna/:questionId', element: <QuestionPage /> }], `/deals/${DEAL}/qna/${QID}`);
  return patches;
}

describe('Editing a question', () => {
  it('lets the asker edit the question in the Ask form, filled in, and saves it', async () => {
    const patches = open(question({}));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit question' });
    const title = within(dialog).getByLabelText(/Title/);
    expect(title).toHaveValue('Working capital');
    expect(within(dialog).getByLabelText('Question')).toHaveValue('What is the peg?');
    expect(within(dialog).getByLabelText('Due date')).toHaveValue('2027-03-01');
    fireEvent.change(title, { target: { value: 'Net working capital ' } });
    fireEvent.change(within(dialog).getByLabelText('Due date'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({
      title: 'Net working capital',
      body: 'What is the peg?',
      category: 'Finance',
      priority: 'normal',
      due_date: null,
    });
    expect(await screen.findByText('Question saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit question' })).toBeNull());
  });

  it('sends nothing without a title: Save is off, and the form sent by Enter is ignored', async () => {
    const patches = open(question({}));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit question' });
    const title = within(dialog).getByLabelText(/Title/);
    fireEvent.change(title, { target: { value: '   ' } });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.submit(title.closest('form')!);
    fireEvent.change(title, { target: { value: 'Peg' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Had the blank form gone out, it would be the first PATCH.
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0].title).toBe('Peg');
  });

  it('keeps the asker’s words read-only for the answering side and sends only how it is handled', async () => {
    const patches = open(question({ can_edit_text: false, can_answer: true, can_assign: true }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit question' });
    expect(within(dialog).getByLabelText(/Title/)).toBeDisabled();
    expect(within(dialog).getByLabelText('Question')).toBeDisabled();
    expect(within(dialog).getByText('Only the asker can change the title and the question.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Category'), { target: { value: 'Tax' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toEqual([{ category: 'Tax', priority: 'normal', due_date: '2027-03-01' }]));
  });

  it('keeps the dialog and what was typed when the save is refused, and says why', async () => {
    open(question({}), [409, { detail: 'A question can be edited only while it is open and unanswered' }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit question' });
    fireEvent.change(within(dialog).getByLabelText(/Title/), { target: { value: 'Changed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A question can be edited only while it is open and unanswered')).toBeInTheDocument();
    expect(screen.getByText('Failed to save the question')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Title/)).toHaveValue('Changed');
  });

  it('offers no Edit to who may not edit', async () => {
    open(question({ can_edit: false, can_edit_text: false }));
    expect(await screen.findByText('What is the peg?')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
