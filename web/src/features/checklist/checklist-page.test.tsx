import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../../lib/api/client';
import { jsonResponse, renderRoutes } from '../../test/utils';
import { ChecklistPage } from './checklist-page';
import { checklist, DEAL, dealBody, fakeApi, type Handler } from './test/fixtures';

const BASE = `/api/deals/${DEAL}`;

function open(routes: Record<string, Handler | unknown>) {
  const calls = fakeApi({ [`GET ${BASE}`]: dealBody, ...routes });
  localStorage.setItem(TOKEN_KEY, 'tok');
  const utils = renderRoutes(
    [
      { path: '/deals/:dealId/checklist', element: <ChecklistPage /> },
      { path: '/deals/:dealId/checklist/items/:itemId', element: <p>item page</p> },
    ],
    `/deals/${DEAL}/checklist`,
  );
  return { calls, ...utils };
}

const rowIds = () => screen.queryAllByTestId('checklist-item').map((row) => row.getAttribute('data-item-id'));

describe('checklist page', () => {
  it('shows the progress summary, sections with counts and item rows', async () => {
    open({ [`GET ${BASE}/checklist`]: checklist() });
    expect(await screen.findByRole('heading', { name: 'Due Diligence Checklist' })).toBeInTheDocument();
    expect(screen.getByTestId('overall-percent')).toHaveTextContent('50%');
    const sections = screen.getAllByTestId('checklist-section');
    expect(sections).toHaveLength(2);
    expect(within(sections[0]).getByTestId('section-count')).toHaveTextContent('1/3');
    expect(within(sections[1]).getByTestId('section-count')).toHaveTextContent('1/1');
    expect(rowIds()).toEqual(['i1', 'i2', 'i3', 'i4']);
    const first = screen.getAllByTestId('checklist-item')[0];
    expect(first).toHaveTextContent('A.1');
    expect(first).toHaveTextContent('Required');
    expect(first).toHaveTextContent('Provided');
    expect(first).toHaveTextContent('2/2');
    expect(first).toHaveTextContent('Approved');
    expect(within(first).getByRole('link', { name: 'Certificate of incorporation' })).toHaveAttribute(
      'href',
      `/deals/${DEAL}/checklist/items/i1`,
    );
    const rows = screen.getAllByTestId('checklist-item');
    expect(rows[1]).not.toHaveTextContent('Required');
    expect(rows[1]).toHaveTextContent('Pending Review');
    expect(rows[2]).toHaveTextContent('Changes Requested');
    expect(rows[3]).toHaveTextContent('Not Applicable');
  });

  it('filters by status and searches', async () => {
    open({ [`GET ${BASE}/checklist`]: checklist() });
    await screen.findAllByTestId('checklist-item');
    fireEvent.change(screen.getByLabelText('Status filter'), { target: { value: 'in_progress' } });
    await waitFor(() => expect(rowIds()).toEqual(['i2', 'i3']));
    expect(screen.getAllByTestId('checklist-section')).toHaveLength(1);
    expect(screen.getByTestId('match-count')).toHaveTextContent('2 of 4 items');

    fireEvent.change(screen.getByLabelText('Status filter'), { target: { value: 'all' } });
    fireEvent.change(screen.getByLabelText('Search checklist'), { target: { value: 'federal' } });
    await waitFor(() => expect(rowIds()).toEqual(['i4']));

    fireEvent.change(screen.getByLabelText('Search checklist'), { target: { value: 'nothing like this' } });
    expect(await screen.findByText('No items match your filters')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rowIds()).toHaveLength(4));
  });

  it('collapses and expands sections, rendering rows only while open', async () => {
    open({ [`GET ${BASE}/checklist`]: checklist() });
    await screen.findAllByTestId('checklist-item');
    const toggle = screen.getByRole('button', { name: /Corporate Documents/, expanded: true });
    fireEvent.click(toggle);
    await waitFor(() => expect(rowIds()).toEqual(['i4']));
    expect(screen.getByRole('button', { name: /Corporate Documents/, expanded: false })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Collapse all/ }));
    await waitFor(() => expect(rowIds()).toEqual([]));
    fireEvent.click(screen.getByRole('button', { name: /Expand all/ }));
    await waitFor(() => expect(rowIds()).toHaveLength(4));
  });

  it('offers editing, upload and catalog buttons only with the rights for them', async () => {
    open({ [`GET ${BASE}/checklist`]: checklist({ can_edit: false, can_upload: true, can_update: true, can_approve: false }) });
    await screen.findAllByTestId('checklist-item');
    expect(screen.queryByRole('button', { name: /Add Category/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add from Catalog/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add Item/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Update' })).toHaveLength(4);
  });

  it('shows neither Update nor edit buttons to a member without rights', async () => {
    open({ [`GET ${BASE}/checklist`]: checklist({ can_edit: false, can_upload: false, can_update: false, can_approve: false }) });
    await screen.findAllByTestId('checklist-item');
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
  });

  it('gives upload_only an Update that holds only the upload into that item (decision 35)', async () => {
    const { calls } = open({
      [`GET ${BASE}/checklist`]: checklist({
        can_edit: false,
        can_upload: true,
        can_update: true,
        can_link_files: false,
        can_approve: false,
      }),
      // A name held by a file upload_only cannot see: refused before any bytes, without its id.
      [`POST ${BASE}/files/upload-url`]: () =>
        jsonResponse({ detail: 'A file named "Minutes.pdf" already exists in this folder' }, 409),
    });
    await screen.findAllByTestId('checklist-item');
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Update' })[1]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Update Item')).toBeInTheDocument();
    // No status field, no picker of the deal's files: nothing of the deal is read for it.
    expect(within(dialog).queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Search files')).not.toBeInTheDocument();
    expect(calls.some((c) => c.key === `GET ${BASE}/files` || c.key === `GET ${BASE}/search`)).toBe(false);

    const input = await within(dialog).findByLabelText('Choose files to upload');
    fireEvent.change(input, { target: { files: [new File(['minutes'], 'Minutes.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(calls.find((c) => c.key === `POST ${BASE}/files/upload-url`)?.body).toBeTruthy());
    expect(calls.find((c) => c.key === `POST ${BASE}/files/upload-url`)?.body).toMatchObject({
      filename: 'Minutes.pdf',
      path: '/',
      checklist_items: ['i2'],
    });
    expect(await within(dialog).findByText('A file named "Minutes.pdf" already exists in this folder')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep both' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.key === `POST ${BASE}/files/upload-url`).at(-1)?.body).toMatchObject({
        on_conflict: 'keep_both',
        checklist_items: ['i2'],
      }),
    );
  });

  it('offers the catalog when the checklist is empty', async () => {
    open({ [`GET ${BASE}/checklist`]: checklist({ categories: [], checklist: {}, progress: { completed: 0, total: 0 } }) });
    expect(await screen.findByText('No checklist items yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add from Catalog/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add Category/ })).toBeInTheDocument();
  });

  it("toasts 'Failed to load checklist' with the server's detail", async () => {
    open({ [`GET ${BASE}/checklist`]: () => jsonResponse({ detail: 'Database is resting' }, 500) });
    expect(await screen.findByText('Failed to load checklist', { selector: '[data-testid=toast] *' })).toBeInTheDocument();
    expect(screen.getAllByText('Database is resting').length).toBeGreaterThan(0);
  });

  it("toasts 'Failed to load deal information' when the deal cannot be read", async () => {
    open({
      [`GET ${BASE}`]: () => jsonResponse({ detail: 'Deal store resting' }, 500),
      [`GET ${BASE}/checklist`]: checklist(),
    });
    expect(await screen.findByText('Failed to load deal information', { selector: '[data-testid=toast] *' })).toBeInTheDocument();
    expect(screen.getByText('Deal store resting')).toBeInTheDocument();
    expect(await screen.findAllByTestId('checklist-item')).toHaveLength(4);
  });

  it('validates the category code before saving and sends a valid category', async () => {
    const { calls } = open({
      [`GET ${BASE}/checklist`]: checklist(),
      [`POST ${BASE}/checklist/categories`]: { id: 'c3', name: 'IP/Tech', code: 'F', completed: 0, total: 0 },
    });
    await screen.findAllByTestId('checklist-item');
    fireEvent.click(screen.getByRole('button', { name: /Add Category/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Category name/ }), { target: { value: 'IP/Tech' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Code/ }), { target: { value: 'ipte' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    expect(await within(dialog).findByText('Category code must be at most 3 characters')).toBeInTheDocument();
    expect(calls.some((c) => c.key === `POST ${BASE}/checklist/categories`)).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Code/ }), { target: { value: 'f' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === `POST ${BASE}/checklist/categories`)?.body).toEqual({ name: 'IP/Tech', code: 'F' }),
    );
  });

  it('validates a new item (name, category, whole expected count) and does not offer its status', async () => {
    const { calls } = open({
      [`GET ${BASE}/checklist`]: checklist(),
      [`POST ${BASE}/checklist/items`]: () => jsonResponse({ id: 'i9' }, 201),
    });
    await screen.findAllByTestId('checklist-item');
    fireEvent.click(screen.getByRole('button', { name: /^Add Item$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Expected files/ }), { target: { value: '1.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    expect(await within(dialog).findByText('Please enter an item name')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select a category')).toBeInTheDocument();
    expect(within(dialog).getByText('Expected file count must be a whole number of 0 or more')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Item name/ }), { target: { value: 'Patent schedule' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Category/ }), { target: { value: 'c2' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Expected files/ }), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === `POST ${BASE}/checklist/items`)?.body).toEqual({
        name: 'Patent schedule',
        description: '',
        category_id: 'c2',
        required: true,
        anticipated_file_count: 3,
        status: 'in_progress',
      }),
    );
  });

  it('edits an item with its status, and deletes one after confirmation', async () => {
    const { calls } = open({
      [`GET ${BASE}/checklist`]: checklist(),
      [`PUT ${BASE}/checklist/items/i2`]: { id: 'i2' },
      [`DELETE ${BASE}/checklist/items/i3`]: { id: 'i3', deleted: true },
    });
    await screen.findAllByTestId('checklist-item');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Bylaws' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Status' }), { target: { value: 'provided' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === `PUT ${BASE}/checklist/items/i2`)?.body).toMatchObject({
        status: 'provided',
        name: 'Bylaws',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Delete Good standing certificates' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('A.3 Good standing certificates');
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.key === `DELETE ${BASE}/checklist/items/i3`)).toBe(true));
  });

  it('updates status and linked files through PUT checklist/{id}', async () => {
    const { calls } = open({
      [`GET ${BASE}/checklist`]: checklist(),
      [`GET ${BASE}/files`]: { folders: [], files: [{ id: 'f7', name: 'Bylaws 2021.pdf', size_bytes: 1000 }] },
      [`PUT ${BASE}/checklist/i2`]: { id: 'i2' },
    });
    await screen.findAllByTestId('checklist-item');
    fireEvent.click(screen.getAllByRole('button', { name: 'Update' })[1]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Update Item')).toBeInTheDocument();
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: /Bylaws 2021.pdf/ }));
    expect(await within(dialog).findByTestId('linked-files')).toHaveTextContent('Bylaws 2021.pdf');
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Status' }), { target: { value: 'provided' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === `PUT ${BASE}/checklist/i2`)?.body).toEqual({ status: 'provided', files: ['f7'] }),
    );
  });
});
