import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SearchHit, SearchResult } from '@contracts/search';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../lib/api/client';
import { jsonResponse, renderRoutes, stubFetch } from '../../test/utils';
import SearchPage from './search-page';
import { snippetParts } from './logic';

const DEAL = '11111111-1111-4111-8111-111111111111';

function hit(n: number, patch: Partial<SearchHit> = {}): SearchHit {
  return {
    file_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    filename: `Report ${n}.pdf`,
    folder_path: '/Legal',
    mime_type: 'application/pdf',
    page: 3,
    snippet: { text: 'the escrow is <b>released</b> at closing', highlights: [[4, 10]] },
    rank: 1 / n,
    uploaded_at: '2026-01-02T10:00:00Z',
    ...patch,
  };
}

function fakeApi(answer: (params: URLSearchParams) => SearchResult | Response) {
  const asked: URLSearchParams[] = [];
  stubFetch(({ url }) => {
    if (url.pathname === `/api/deals/${DEAL}`) return jsonResponse({ id: DEAL, name: 'Project Falcon', user_role: 'admin' });
    if (url.pathname === `/api/deals/${DEAL}/checklist`) return jsonResponse({ checklist: {} });
    if (url.pathname === `/api/deals/${DEAL}/search`) {
      asked.push(url.searchParams);
      const a = answer(url.searchParams);
      return a instanceof Response ? a : jsonResponse(a);
    }
  });
  return asked;
}

function renderSearch(query = '') {
  localStorage.setItem(TOKEN_KEY, 'tok');
  return renderRoutes([{ path: '/deals/:dealId/search', element: <SearchPage /> }], `/deals/${DEAL}/search${query}`);
}

describe('snippets', () => {
  it('cuts the text at its ranges, ignoring ranges that do not fit', () => {
    expect(
      snippetParts({
        text: 'a escrow b',
        highlights: [
          [2, 8],
          [5, 6],
          [9, 99],
        ],
      }),
    ).toEqual([
      { text: 'a ', marked: false },
      { text: 'escrow', marked: true },
      { text: ' b', marked: false },
    ]);
  });
});

describe('the search page', () => {
  it('asks for words before searching', async () => {
    const asked = fakeApi(() => ({ hits: [], next_after: null }));
    renderSearch();
    expect(await screen.findByText('Search inside documents')).toBeInTheDocument();
    expect(asked).toHaveLength(0);
  });

  it('shows hits with the marked word, folder and page, document markup as text, and loads more', async () => {
    const asked = fakeApi((p) =>
      p.get('after') ? { hits: [hit(21)], next_after: null } : { hits: [hit(1), hit(2)], next_after: 'next' },
    );
    renderSearch('?q=escrow&type=pdf');
    const results = await screen.findByTestId('search-results');
    const rows = within(results).getAllByTestId('search-hit');
    expect(rows).toHaveLength(2);
    const mark = rows[0].querySelector('mark');
    expect(mark?.textContent).toBe('escrow');
    expect(rows[0].querySelector('b')).toBeNull();
    expect(within(rows[0]).getByTestId('search-snippet').textContent).toContain('<b>released</b>');
    expect(within(rows[0]).getByText(/\/Legal · Page 3/)).toBeInTheDocument();
    expect(within(rows[0]).getByRole('link', { name: 'Report 1.pdf' })).toHaveAttribute(
      'href',
      `/deals/${DEAL}/files/00000000-0000-4000-8000-000000000001/view?page=3`,
    );
    expect(asked[0].get('type')).toBe('pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(screen.getAllByTestId('search-hit')).toHaveLength(3));
    expect(asked[asked.length - 1].get('after')).toBe('next');
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('says when nothing matches, and when the search failed', async () => {
    fakeApi((p) =>
      p.get('q') === 'broken' ? jsonResponse({ detail: 'The search broke' }, 500) : { hits: [], next_after: null },
    );
    renderSearch('?q=nothing');
    expect(await screen.findByText('No documents match "nothing"')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search inside documents'), { target: { value: 'broken' } });
    expect(await screen.findByText('Search failed', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('labels the upload dates visibly and searches between them', async () => {
    const asked = fakeApi(() => ({ hits: [hit(1)], next_after: null }));
    renderSearch('?q=escrow');
    expect(await screen.findByText('Report 1.pdf')).toBeInTheDocument();
    // A bare date field shows only "mm/dd/yyyy" on a phone: each has a label on screen, not only for readers.
    for (const label of ['Uploaded from', 'Uploaded to']) {
      expect(screen.getByText(label).tagName).toBe('LABEL');
      expect(screen.getByLabelText(label)).toHaveAttribute('type', 'date');
    }
    fireEvent.change(screen.getByLabelText('Uploaded from'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('Uploaded to'), { target: { value: '2026-01-31' } });
    await waitFor(() => expect(asked.at(-1)?.get('to')).toBe('2026-01-31'));
    expect(asked.at(-1)?.get('from')).toBe('2026-01-01');
  });
});
