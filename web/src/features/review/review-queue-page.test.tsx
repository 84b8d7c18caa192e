import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReviewRow } from '@contracts/review';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../lib/api/client';
import { isChecked, jsonResponse, renderRoutes, stubFetch } from '../../test/utils';
import ReviewQueuePage from './review-queue-page';
import { completenessPalette, keyAction } from './logic';

const DEAL = '11111111-1111-4111-8111-111111111111';

const file = (n: number, patch: Partial<ReviewRow> = {}): ReviewRow =>
  ({
    kind: 'file',
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `File ${n}.pdf`,
    file_type: 'pdf',
    size_bytes: 2048,
    uploaded_by: 'Ada Lovelace',
    status: 'pending',
    updated_at: '2026-01-01T00:00:00Z',
    can_decide: true,
    ...patch,
  }) as ReviewRow;
const item = (n: number, patch: Partial<ReviewRow> = {}): ReviewRow =>
  ({
    kind: 'item',
    id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    title: `Item ${n}`,
    item_id: `A.${n}`,
    category_id: 'c1',
    category: 'Corporate',
    required: true,
    actual_file_count: 1,
    anticipated_file_count: 2,
    completeness: 0.5,
    status: 'pending',
    updated_at: '2026-01-01T00:00:00Z',
    can_decide: true,
    ...patch,
  }) as ReviewRow;

function fakeApi(rows: ReviewRow[]) {
  const calls: { path: string; body: any }[] = [];
  stubFetch(({ url, body }) => {
    calls.push({ path: url.pathname + url.search, body });
    if (url.pathname.endsWith('/checklist/categories')) return jsonResponse([{ id: 'c1', name: 'Corporate' }]);
    if (url.pathname.endsWith('/review-queue')) {
      const page = Number(url.searchParams.get('page'));
      const slice = rows.slice((page - 1) * 20, page * 20);
      return jsonResponse({ items: slice, page, page_size: 20, total_count: rows.length, has_more: page * 20 < rows.length });
    }
    if (url.pathname.includes('/review-queue/bulk-')) {
      // A selection of several has one id the server refuses.
      const failed = body.item_ids.length > 1 ? 1 : 0;
      return jsonResponse({ success_count: body.item_ids.length - failed, failed_count: failed });
    }
  });
  return calls;
}

function renderQueue() {
  localStorage.setItem(TOKEN_KEY, 'tok');
  return renderRoutes([{ path: '/deals/:dealId/review', element: <ReviewQueuePage /> }], `/deals/${DEAL}/review`);
}

describe('review queue logic', () => {
  it('colours completeness: green at 100%, yellow from 50%, red above 0, grey at 0', () => {
    expect(completenessPalette(1)).toBe('green');
    expect(completenessPalette(0.5)).toBe('yellow');
    expect(completenessPalette(0.49)).toBe('red');
    expect(completenessPalette(0.01)).toBe('red');
    expect(completenessPalette(0)).toBe('gray');
  });

  it('maps A, R, J, K, Shift+A, Shift+R and F, and ignores them while typing', () => {
    const key = (k: string, extra: Partial<KeyboardEvent> = {}) =>
      keyAction({ key: k, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, target: document.body, ...extra });
    expect(key('a')).toBe('approve');
    expect(key('r')).toBe('request-changes');
    expect(key('j')).toBe('down');
    expect(key('k')).toBe('up');
    expect(key('A', { shiftKey: true })).toBe('approve-selected');
    expect(key('R', { shiftKey: true })).toBe('request-changes-selected');
    expect(key('f')).toBe('search');
    expect(key('a', { ctrlKey: true })).toBeNull();
    const text = document.createElement('input');
    expect(key('a', { target: text })).toBeNull();
    expect(key('a', { target: document.createElement('textarea') })).toBeNull();
    const box = document.createElement('input');
    box.type = 'checkbox';
    expect(key('a', { target: box })).toBe('approve');
  });
});

describe('ReviewQueuePage', () => {
  it('shows rows, loads more with the remaining count, and asks for what awaits a decision by default', async () => {
    const rows = [...Array.from({ length: 22 }, (_, i) => file(i + 1)), item(1)];
    const calls = fakeApi(rows);
    renderQueue();
    expect(await screen.findByText('File 1.pdf')).toBeInTheDocument();
    expect(screen.getByTestId('review-count')).toHaveTextContent('23 items in queue');
    // A file row: type, size in KB, uploader and updated date.
    const fileRow = screen.getAllByTestId('review-row').find((r) => r.dataset.kind === 'file')!;
    expect(within(fileRow).getByText(/^PDF · 2\.0 KB · Ada Lovelace · Updated /)).toBeInTheDocument();
    // Open reads the file in the viewer.
    expect(within(fileRow).getByRole('link', { name: 'Open File 1.pdf' })).toHaveAttribute(
      'href',
      `/deals/${DEAL}/files/${file(1).id}/view`,
    );
    expect(calls.find((c) => c.path.includes('/review-queue?'))!.path).toContain('status=awaiting');
    // Checklist items with no file yet are left out unless the filter asks for them.
    expect(calls.find((c) => c.path.includes('/review-queue?'))!.path).toContain('empty=hide');
    fireEvent.click(screen.getByRole('button', { name: 'Load More (3 remaining)' }));
    expect(await screen.findByText('Item 1')).toBeInTheDocument();
    const itemRow = screen.getAllByTestId('review-row').find((r) => r.dataset.kind === 'item')!;
    expect(within(itemRow).getByTestId('completeness')).toHaveAttribute('data-palette', 'yellow');
    expect(within(itemRow).getByText(/A\.1 · Corporate · Required · 1 of 2 files/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Filters/ }));
    fireEvent.change(await screen.findByLabelText('Empty Requests'), { target: { value: 'show' } });
    await waitFor(() => expect(calls.some((c) => c.path.includes('empty=show'))).toBe(true));
  });

  it('A approves the highlighted row; J moves; Shift+A approves the selection and reports failures', async () => {
    const calls = fakeApi([file(1), file(2), file(3)]);
    renderQueue();
    await screen.findByText('File 1.pdf');
    fireEvent.keyDown(window, { key: 'j' });
    fireEvent.keyDown(window, { key: 'a' });
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/bulk-approve'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/bulk-approve'))!.body.item_ids).toEqual([file(2).id]);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select File 1.pdf' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select File 3.pdf' }));
    expect(await screen.findByText('2 selected')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'A', shiftKey: true });
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/bulk-approve'))).toHaveLength(2));
    expect(calls.filter((c) => c.path.endsWith('/bulk-approve'))[1].body.item_ids).toEqual([file(1).id, file(3).id]);
    expect(await screen.findByText('1 item failed to approve')).toBeInTheDocument();
    expect((await screen.findAllByText('1 item approved successfully')).length).toBe(2);
  });

  it('ignores shortcuts while typing in the search, and F focuses it', async () => {
    const calls = fakeApi([file(1)]);
    renderQueue();
    await screen.findByText('File 1.pdf');
    const search = screen.getByLabelText('Search the review queue');
    fireEvent.keyDown(window, { key: 'f' });
    expect(document.activeElement).toBe(search);
    fireEvent.keyDown(search, { key: 'a' });
    // The same key outside the search approves the row: the one call that follows is that one, since
    // keys are handled in order and a decision's request leaves within the key's own turn.
    fireEvent.keyDown(window, { key: 'a' });
    await waitFor(() => expect(calls.some((c) => c.path.includes('/bulk-'))).toBe(true));
    expect(calls.filter((c) => c.path.includes('/bulk-'))).toHaveLength(1);
  });

  it('lets a member who may decide on nothing follow the queue: no decision buttons, nothing to select, no key hints', async () => {
    const calls = fakeApi([file(1, { can_decide: false }), item(1, { can_decide: false })]);
    renderQueue();
    await screen.findByText('File 1.pdf');
    expect(screen.getByTestId('review-subtitle')).toHaveTextContent(
      'approving and requesting changes need the approve permission',
    );
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select File 1.pdf' })).toBeDisabled();
    fireEvent.keyDown(window, { key: 'a' });
    // J still moves along the queue: once it has, the A before it has been handled, without a request.
    fireEvent.keyDown(window, { key: 'j' });
    await waitFor(() => expect(screen.getAllByTestId('review-row')[1]).toHaveAttribute('aria-current', 'true'));
    expect(calls.some((c) => c.path.includes('/bulk-'))).toBe(false);
  });

  it('selects only the rows the caller may decide on with Select all', async () => {
    fakeApi([file(1), file(2, { can_decide: false })]);
    renderQueue();
    await screen.findByText('File 1.pdf');
    expect(screen.getByTestId('review-subtitle')).toHaveTextContent('Keys: A approve');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await waitFor(() => expect(isChecked(screen.getByRole('checkbox', { name: 'Select File 1.pdf' }))).toBe(true));
    expect(isChecked(screen.getByRole('checkbox', { name: 'Select File 2.pdf' }))).toBe(false);
  });

  it('says "No items in review queue" when nothing waits, and "No items selected" on an empty Shift+R', async () => {
    fakeApi([]);
    renderQueue();
    expect(await screen.findByText('No items in review queue')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'R', shiftKey: true });
    expect(await screen.findByText('No items selected')).toBeInTheDocument();
  });
});
