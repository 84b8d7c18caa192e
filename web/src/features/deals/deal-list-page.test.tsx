import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../lib/api/client';
import { jsonResponse, renderRoutes, stubFetch, type ApiCall } from '../../test/utils';
import { DealListPage } from './deal-list-page';

/** What the list asks for on its own: no deals yet, and two checklist presets. */
const ANSWERS: Record<string, unknown> = {
  'GET /api/deals': [],
  'GET /api/checklist-catalog/presets': {
    presets: [
      { id: 'p2', name: 'Lite', description: 'Short list', is_default: false },
      { id: 'p1', name: 'Full Acquisition', description: 'Everything', is_default: true },
    ],
    total_count: 2,
  },
};

function fakeApi(overrides: Record<string, (body: unknown) => Response> = {}) {
  return stubFetch(({ key, body }) => overrides[key]?.(body) ?? ANSWERS[key]);
}

const pathOf = (call: ApiCall) => call.url.pathname + call.url.search;

function renderList() {
  localStorage.setItem(TOKEN_KEY, 'tok');
  return renderRoutes(
    [
      { path: '/', element: <DealListPage /> },
      { path: '/deals/:dealId', element: <p>Deal page</p> },
    ],
    '/',
  );
}

describe('Create New Deal', () => {
  it('requires a name, defaults to the default preset and creates the deal', async () => {
    const calls = fakeApi({
      'POST /api/deals': (body) => jsonResponse({ id: 'new', ...(body as object) }, 201),
    });
    renderList();
    expect(await screen.findByText('No deals yet')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: /Create New Deal/ })[0]);

    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('combobox')).toHaveValue('full acquisition'));
    const options = within(dialog)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(options).toEqual(['full acquisition', 'lite', 'blank']);

    fireEvent.change(within(dialog).getByLabelText(/Deal name/), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Deal' }));
    expect(await within(dialog).findByText('Please enter a deal name')).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('POST '))).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/Deal name/), { target: { value: '  Project Atlas ' } });
    fireEvent.change(within(dialog).getByRole('combobox'), { target: { value: 'blank' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Deal' }));

    expect(await screen.findByText('Deal created successfully')).toBeInTheDocument();
    const post = calls.find((c) => c.key.startsWith('POST '));
    expect(post?.key).toBe('POST /api/deals');
    expect(post?.body).toEqual({ name: 'Project Atlas', description: '', checklist_preset: 'blank' });
    expect(calls.some((c) => pathOf(c) === '/api/checklist-catalog/presets?active_only=true&page=1&page_size=100')).toBe(true);
  });

  it("says 'Failed to create deal' when the server refuses", async () => {
    fakeApi({ 'POST /api/deals': () => jsonResponse({ detail: 'Unknown checklist preset' }, 400) });
    renderList();
    fireEvent.click((await screen.findAllByRole('button', { name: /Create New Deal/ }))[0]);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Deal name/), { target: { value: 'X' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Deal' }));
    expect(await screen.findByText('Failed to create deal')).toBeInTheDocument();
  });
});

describe('Active / Archived', () => {
  it('fetches the archived view and counts archived deals', async () => {
    const calls = fakeApi({
      'GET /api/deals': () =>
        jsonResponse([
          {
            id: 'a',
            name: 'Old deal',
            description: '',
            user_role: 'viewer',
            user_count: 1,
            created_at: '2026-01-01',
            archived_at: '2026-02-01',
            checklist_progress: {},
            recent_activity: [],
          },
        ]),
    });
    renderList();
    expect(await screen.findByText('1 deal(s) available')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Archived'));
    expect(await screen.findByText('1 deal(s) archived')).toBeInTheDocument();
    expect(calls.map(pathOf)).toContain('/api/deals?view=archived');
  });
});

describe('deal card', () => {
  it("shows the files pending review as 'N pending review' (decision 36)", async () => {
    const deal = (id: string, name: string, files_pending_review?: number) => ({
      id,
      name,
      description: '',
      user_role: 'admin',
      user_count: 2,
      created_at: '2026-01-01',
      archived_at: null,
      checklist_progress: {},
      recent_activity: [],
      files_pending_review,
    });
    fakeApi({ 'GET /api/deals': () => jsonResponse([deal('a', 'Project Atlas', 3), deal('b', 'Project Birch', 0)]) });
    renderList();
    const cards = await screen.findAllByTestId('deal-card');
    expect(within(cards[0]).getByTestId('deal-pending-review')).toHaveTextContent('3 pending review');
    expect(within(cards[1]).getByTestId('deal-pending-review')).toHaveTextContent('0 pending review');
  });
});

describe('pending invitations', () => {
  const invitations = [
    {
      invitation_id: 'i1',
      deal_id: 'd9',
      deal_name: 'Project Everest',
      deal_description: 'Sell-side',
      invited_by_name: 'Maria Lopez',
      is_expired: false,
    },
    { invitation_id: 'i2', deal_name: 'Project Fjord', invited_by_name: 'Sam Lee', is_expired: true },
  ];

  it('accepts an invitation and opens the deal', async () => {
    const calls = fakeApi({
      'GET /api/invitations/my-invitations': () => jsonResponse(invitations),
      'POST /api/invitations/i1/accept': () => jsonResponse({ deal_id: 'd9' }),
    });
    const { router } = renderList();
    const banner = await screen.findByTestId('invitations-banner');
    expect(within(banner).getByText('Invited by Maria Lopez')).toBeInTheDocument();
    // The expired invitation offers no actions.
    expect(within(banner).getAllByRole('button', { name: /Accept/ })).toHaveLength(1);
    expect(within(banner).getByText('Expired')).toBeInTheDocument();

    fireEvent.click(within(banner).getByRole('button', { name: /Accept/ }));
    expect(await screen.findByText('Invitation accepted! Loading deal...')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/deals/d9'));
    expect(calls.some((c) => c.key === 'POST /api/invitations/i1/accept')).toBe(true);
  });

  it('declines only after confirmation', async () => {
    const calls = fakeApi({
      'GET /api/invitations/my-invitations': () => jsonResponse(invitations),
      'POST /api/invitations/i1/decline': () => jsonResponse({}),
    });
    renderList();
    const banner = await screen.findByTestId('invitations-banner');
    fireEvent.click(within(banner).getByRole('button', { name: /Decline/ }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.key.endsWith('/decline'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline Invitation' }));
    expect(await screen.findByText('Invitation declined')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/invitations/i1/decline')).toBe(true);
  });
});
