import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QuestionDetail, QuestionRow } from '@contracts/qna';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../lib/api/client';
import { jsonResponse, renderRoutes, stubFetch } from '../../test/utils';
import { qnaKeyAction } from './logic';
import QnaPage from './qna-page';
import QuestionPage from './question-page';
import { questionId, questionRow } from './test-fixtures';

const DEAL = '11111111-1111-4111-8111-111111111111';
const id = questionId;
const row = questionRow;

function fakeApi(rows: QuestionRow[], flags = { can_ask: true, can_answer: true, can_approve: true }, detail?: QuestionDetail) {
  const calls: { method: string; path: string; body: any }[] = [];
  stubFetch(({ url, body }, init) => {
    calls.push({ method: init?.method ?? 'GET', path: url.pathname + url.search, body });
    if (url.pathname.endsWith('/questions/assignees')) return jsonResponse([{ id: 'u2', name: 'Sam Seller' }]);
    if (url.pathname.endsWith('/questions/bulk-close'))
      return jsonResponse({ success_count: body.question_ids.length, failed_count: 0 });
    if (url.pathname.endsWith('/questions')) {
      const after = url.searchParams.get('after');
      const start = after ? rows.findIndex((r) => r.id === after) + 1 : 0;
      const items = rows.slice(start, start + 50);
      const more = start + 50 < rows.length;
      const counts = { all: rows.length, open: rows.filter((r) => r.status === 'open').length, answered: 0, closed: 0 };
      return jsonResponse({ items, counts, next_cursor: more ? items[items.length - 1]!.id : null, ...flags });
    }
    if (detail && url.pathname.includes(`/questions/${detail.id}`)) return jsonResponse(detail);
  });
  return calls;
}

const render = (path = `/deals/${DEAL}/qna`) => {
  localStorage.setItem(TOKEN_KEY, 'tok');
  return renderRoutes(
    [
      { path: '/deals/:dealId/qna', element: <QnaPage /> },
      { path: '/deals/:dealId/qna/:questionId', element: <QuestionPage /> },
    ],
    path,
  );
};

describe('Q&A keys', () => {
  it('maps J, K, Enter, X and F, and ignores them while typing or with a modifier', () => {
    const key = (k: string, extra: Partial<KeyboardEvent> = {}) =>
      qnaKeyAction({ key: k, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, target: document.body, ...extra });
    expect(key('j')).toBe('down');
    expect(key('k')).toBe('up');
    expect(key('Enter')).toBe('open');
    expect(key('x')).toBe('select');
    expect(key('f')).toBe('search');
    expect(key('j', { ctrlKey: true })).toBeNull();
    expect(key('j', { target: document.createElement('textarea') })).toBeNull();
  });
});

describe('QnaPage', () => {
  it('shows counts by status and loads more', async () => {
    const rows = Array.from({ length: 52 }, (_, i) => row(i + 1));
    const calls = fakeApi(rows);
    render();
    expect(await screen.findByText('Question 1')).toBeInTheDocument();
    expect(screen.getByTestId('qna-count-all')).toHaveTextContent('All (52)');
    expect(screen.getByTestId('qna-count-open')).toHaveTextContent('Open (52)');
    expect(screen.getAllByText(/Asked by Ada Bidder \(Bidder A\)/).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Load More (2 remaining)' }));
    expect(await screen.findByText('Question 52')).toBeInTheDocument();
    expect(calls.some((c) => c.path.includes(`after=${id(50)}`))).toBe(true);
  });

  it('selects with a click and X, and closes the selection in bulk', async () => {
    const calls = fakeApi([row(1), row(2), row(3)]);
    render();
    expect(await screen.findByText('Question 1')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Question 1' }));
    fireEvent.keyDown(window, { key: 'j' });
    fireEvent.keyDown(window, { key: 'x' });
    const bar = await screen.findByTestId('qna-bulk-bar');
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('button', { name: /Close Selected/ }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/bulk-close'))).toBe(true));
    expect([...calls.find((c) => c.path.endsWith('/bulk-close'))!.body.question_ids].sort()).toEqual([id(1), id(2)]);
    expect(await screen.findByText('2 questions closed')).toBeInTheDocument();
  });

  it('offers Ask a question only to askers, and Enter opens the highlighted question', async () => {
    fakeApi([row(1), row(2)], { can_ask: false, can_answer: false, can_approve: false });
    const { router } = render();
    expect(await screen.findByText('Question 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ask a question/ })).toBeNull();
    expect(screen.queryByLabelText('Assignee')).toBeNull();
    fireEvent.keyDown(window, { key: 'j' });
    fireEvent.keyDown(window, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/deals/${DEAL}/qna/${id(2)}`));
  });
});

describe('QuestionPage', () => {
  const detail = (patch: Partial<QuestionDetail>): QuestionDetail => ({
    ...row(1),
    body: 'How is revenue booked?',
    answers: [
      {
        id: 'a1',
        body: 'Over the term.',
        state: 'draft',
        author_name: 'Sam Seller',
        released_by_name: null,
        released_at: null,
        created_at: '2026-01-02T00:00:00Z',
        updated_at: '2026-01-02T00:00:00Z',
      },
    ],
    attachments: [{ id: 't1', file_id: 'f1', file_name: 'Accounts.pdf', answer_id: null, added_by_name: 'Ada Bidder' }],
    can_answer: true,
    can_approve: true,
    can_assign: true,
    can_close: true,
    can_reopen: false,
    can_release_to_all: true,
    can_attach: true,
    can_edit: false,
    can_edit_text: false,
    ...patch,
  });

  it('shows the thread with its draft; an approver releases it', async () => {
    const calls = fakeApi([], undefined, detail({}));
    render(`/deals/${DEAL}/qna/${id(1)}`);
    expect(await screen.findByText('How is revenue booked?')).toBeInTheDocument();
    expect(screen.getByText('Draft, awaiting approval')).toBeInTheDocument();
    expect(screen.getByText('Accounts.pdf')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Approve & Release' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/answers/a1/release'))).toBe(true));
  });

  it('shows a bidder neither the composer nor approval', async () => {
    fakeApi(
      [],
      undefined,
      detail({ answers: [], can_answer: false, can_approve: false, can_assign: false, can_release_to_all: false }),
    );
    render(`/deals/${DEAL}/qna/${id(1)}`);
    expect(await screen.findByText('No answer yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('answer-composer')).toBeNull();
    expect(screen.queryByRole('button', { name: /Release to All Bidders/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Close Question/ })).toBeInTheDocument();
  });
});
