import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../lib/api/client';
import { jsonResponse, renderRoutes } from '../../test/utils';
import { ChecklistItemPage } from './checklist-item-page';
import { DEAL, detail, fakeApi, type Handler } from './test/fixtures';

const ITEM = `/api/deals/${DEAL}/checklist/items/i2`;

function open(routes: Record<string, Handler | unknown>) {
  const calls = fakeApi(routes);
  localStorage.setItem(TOKEN_KEY, 'tok');
  const utils = renderRoutes(
    [
      { path: '/deals/:dealId/checklist/items/:itemId', element: <ChecklistItemPage /> },
      { path: '/deals/:dealId/checklist', element: <p>the checklist</p> },
    ],
    `/deals/${DEAL}/checklist/items/i2`,
  );
  return { calls, ...utils };
}

const actions = async () => within(await screen.findByTestId('actions-card'));

describe('checklist item page', () => {
  it('shows badges, details, connected files, counts and history', async () => {
    open({
      [`GET ${ITEM}`]: detail({
        approval_history: [
          {
            id: 'h1',
            decision: 'changes_requested',
            note: 'Missing the 2019 amendment',
            decided_at: '2026-01-03T10:00:00Z',
            decided_by_email: 'r@x.com',
            decided_by_first_name: 'Rita',
            decided_by_last_name: 'Reviewer',
          },
        ],
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Bylaws' })).toBeInTheDocument();
    const badges = screen.getByTestId('item-badges');
    expect(badges).toHaveTextContent('In Progress');
    expect(badges).toHaveTextContent('Pending Review');
    expect(badges).not.toHaveTextContent('Required');
    expect(screen.getByRole('link', { name: 'Bylaws 2021.pdf' })).toHaveAttribute('href', `/deals/${DEAL}/files/f1`);
    expect(screen.getByTestId('expected-count')).toHaveTextContent('2');
    expect(screen.getByTestId('actual-count')).toHaveTextContent('1');
    const history = screen.getByTestId('history-card');
    expect(history).toHaveTextContent('Changes Requested');
    expect(history).toHaveTextContent('Rita Reviewer');
    expect(history).toHaveTextContent('Missing the 2019 amendment');
  });

  it('shows the Required badge for a required item', async () => {
    open({ [`GET ${ITEM}`]: detail({ required: true }) });
    expect(await screen.findByTestId('item-badges')).toHaveTextContent('Required');
  });

  it('offers Approve and Request Changes while pending, to approvers', async () => {
    const { calls } = open({
      [`GET ${ITEM}`]: detail(),
      [`POST ${ITEM}/approve`]: detail({
        approval: { status: 'approved', decided_by: 'a@x', decided_at: '2026-01-04T00:00:00Z' },
      }),
    });
    const card = await actions();
    expect(card.getByRole('button', { name: /Request Changes/ })).toBeInTheDocument();
    fireEvent.click(card.getByRole('button', { name: /Approve/ }));
    await waitFor(() => expect(calls.some((c) => c.key === `POST ${ITEM}/approve`)).toBe(true));
  });

  it.each([
    ['approved', true],
    ['changes_requested', true],
    ['pending', false],
  ] as const)(
    'hides Approve and Request Changes when the item is %s and can_approve is %s… unless pending',
    async (status, canApprove) => {
      open({ [`GET ${ITEM}`]: detail({ approval: { status, decided_by: null, decided_at: null }, can_approve: canApprove }) });
      const card = await actions();
      expect(card.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
      expect(card.queryByRole('button', { name: /Request Changes/ })).not.toBeInTheDocument();
      expect(card.getByRole('button', { name: /Update Item/ })).toBeInTheDocument();
    },
  );

  it('hides Update Item and upload without the right to upload', async () => {
    open({ [`GET ${ITEM}`]: detail({ can_upload: false, can_approve: false, can_edit: false }) });
    const card = await actions();
    expect(card.queryByRole('button', { name: /Update Item/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upload Files/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('item-dropzone')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
  });

  it("opens upload_only's Update Item on the upload alone: no status, no picker of the deal's files", async () => {
    const { calls } = open({
      [`GET ${ITEM}`]: detail({
        connected_files: [],
        files: [],
        can_upload: true,
        can_update: true,
        can_link_files: false,
        can_approve: false,
        can_edit: false,
      }),
    });
    const card = await actions();
    fireEvent.click(card.getByRole('button', { name: /Update Item/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByLabelText('Choose files to upload')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Search files')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.key === `GET /api/deals/${DEAL}/files`)).toBe(false);
    // The footer's Close (the header's close button shares the name).
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens Update Item on status and the picker for who may link files', async () => {
    open({
      [`GET ${ITEM}`]: detail({ can_edit: false, can_approve: false }),
      [`GET /api/deals/${DEAL}/files`]: { folders: [], files: [] },
    });
    const card = await actions();
    fireEvent.click(card.getByRole('button', { name: /Update Item/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toBeDisabled();
    expect(within(dialog).getByLabelText('Search files')).toBeInTheDocument();
  });

  it("searches the deal's files in the picker and shows where each found one lies", async () => {
    const { calls } = open({
      [`GET ${ITEM}`]: detail({ can_edit: false, can_approve: false }),
      [`GET /api/deals/${DEAL}/files`]: { folders: [], files: [] },
      [`GET /api/deals/${DEAL}/files/search`]: {
        query: 'minutes',
        folders: [],
        files: [{ id: 'f9', name: 'Board minutes.pdf', path: '/Legal', size_bytes: 1_048_576 }],
      },
    });
    fireEvent.click((await actions()).getByRole('button', { name: /Update Item/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Search files'), { target: { value: 'minutes' } });
    expect(await within(dialog).findByRole('checkbox', { name: /Board minutes\.pdf/ })).toBeInTheDocument();
    expect(within(dialog).getByText(/\/Legal ·/)).toBeInTheDocument();
    expect(calls.find((c) => c.key === `GET /api/deals/${DEAL}/files/search`)?.url.searchParams.get('q')).toBe('minutes');
  });

  it('requests changes with an optional note', async () => {
    const { calls } = open({ [`GET ${ITEM}`]: detail(), [`POST ${ITEM}/request-changes`]: detail() });
    const card = await actions();
    fireEvent.click(card.getByRole('button', { name: /Request Changes/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Please add the signed copy' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request Changes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === `POST ${ITEM}/request-changes`)?.body).toEqual({ note: 'Please add the signed copy' }),
    );
  });

  it("toasts 'Failed to approve item' with the server's detail", async () => {
    open({
      [`GET ${ITEM}`]: detail(),
      [`POST ${ITEM}/approve`]: () => jsonResponse({ detail: 'Only items pending review can be approved or sent back.' }, 409),
    });
    fireEvent.click((await actions()).getByRole('button', { name: /Approve/ }));
    expect(await screen.findByText('Failed to approve item')).toBeInTheDocument();
    expect(screen.getByText('Only items pending review can be approved or sent back.')).toBeInTheDocument();
  });

  it('edits details, checking the expected count is a whole number of 0 or more', async () => {
    const { calls } = open({ [`GET ${ITEM}`]: detail(), [`PATCH ${ITEM}`]: detail({ name: 'Bylaws (current)' }) });
    const card = within(await screen.findByTestId('details-card'));
    fireEvent.click(card.getByRole('button', { name: /Edit/ }));
    const expected = card.getByLabelText('Expected files');
    fireEvent.change(expected, { target: { value: '-1' } });
    fireEvent.click(card.getByRole('button', { name: 'Save Changes' }));
    expect(await card.findByText('Expected file count must be a whole number of 0 or more')).toBeInTheDocument();
    fireEvent.change(expected, { target: { value: '2.5' } });
    fireEvent.click(card.getByRole('button', { name: 'Save Changes' }));
    expect(calls.some((c) => c.key === `PATCH ${ITEM}`)).toBe(false);

    fireEvent.change(expected, { target: { value: '0' } });
    fireEvent.change(card.getByRole('textbox', { name: /Name/ }), { target: { value: 'Bylaws (current)' } });
    fireEvent.click(card.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === `PATCH ${ITEM}`)?.body).toEqual({
        name: 'Bylaws (current)',
        description: 'Current bylaws',
        required: false,
        anticipated_file_count: 0,
      }),
    );
  });

  it("toasts 'Failed to update checklist item' when saving fails", async () => {
    open({ [`GET ${ITEM}`]: detail(), [`PATCH ${ITEM}`]: () => jsonResponse({ detail: 'Nope' }, 403) });
    const card = within(await screen.findByTestId('details-card'));
    fireEvent.click(card.getByRole('button', { name: /Edit/ }));
    fireEvent.click(card.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update checklist item')).toBeInTheDocument();
  });

  it('changes a file approval and toasts when that fails', async () => {
    const { calls } = open({
      [`GET ${ITEM}`]: detail(),
      [`PUT /api/deals/${DEAL}/files/f1/approval`]: () => jsonResponse({ detail: 'No' }, 403),
    });
    fireEvent.change(await screen.findByLabelText('Approval of Bylaws 2021.pdf'), { target: { value: 'approved' } });
    expect(await screen.findByText('Failed to update approval status')).toBeInTheDocument();
    expect(calls.find((c) => c.key.startsWith('PUT'))?.body).toEqual({ status: 'approved' });
  });

  it("says 'Item not found' for a 404", async () => {
    open({ [`GET ${ITEM}`]: () => jsonResponse({ detail: 'Item not found' }, 404) });
    expect(await screen.findByText('Item not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Checklist' })).toHaveAttribute('href', `/deals/${DEAL}/checklist`);
  });

  it("toasts 'Failed to load checklist item details' and goes back to the checklist on other failures", async () => {
    const { router } = open({ [`GET ${ITEM}`]: () => jsonResponse({ detail: 'Server resting' }, 500) });
    expect(await screen.findByText('Failed to load checklist item details')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/deals/${DEAL}/checklist`));
    expect(await screen.findByText('the checklist')).toBeInTheDocument();
  });
});
