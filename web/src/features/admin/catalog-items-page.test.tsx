import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CATALOG_CATEGORIES } from '@contracts/catalog';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes } from '../../test/utils';
import { CatalogItemsPage } from './catalog-items-page';
import { catalogItem, fakeAdminApi, type Call } from './test/fake-admin-api';

const item = catalogItem();
const other = catalogItem({
  id: 'c2',
  code: 'B.4',
  title: 'Audited accounts',
  description: 'Last three years',
  category: 'Financial Information',
  version: 1,
  active: false,
  presets: [],
});

function renderPage() {
  return renderRoutes([{ path: '/admin/catalog', element: <CatalogItemsPage /> }], '/admin/catalog');
}

const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/admin/catalog');

describe('Catalog Items', () => {
  it('lists items with code, title, description, category, version, status and actions', async () => {
    fakeAdminApi({ 'GET /admin/catalog': { items: [item, other], total_count: 2 } });
    renderPage();
    const rows = await screen.findAllByTestId('catalog-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]);
    expect(first.getByText('A.1')).toBeInTheDocument();
    expect(first.getByText('Certificate of incorporation')).toBeInTheDocument();
    expect(first.getByText('Certified copy of the certificate of incorporation')).toBeInTheDocument();
    expect(first.getByText('Corporate Documents')).toBeInTheDocument();
    expect(first.getByText('v3')).toBeInTheDocument();
    expect(first.getByText('Active')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Edit A.1' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Deactivate A.1' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Delete A.1' })).toBeInTheDocument();
    expect(within(rows[1]).getByText('Inactive')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'Activate B.4' })).toBeInTheDocument();
    // Everything fits on one page: no pager.
    expect(screen.queryByTestId('page-indicator')).not.toBeInTheDocument();
  });

  it('pages by 20 with Previous/Next and "Page x of y"; search and category start again at page 1', async () => {
    const calls = fakeAdminApi({
      'GET /admin/catalog': ({ query }: Call) =>
        jsonResponse({ items: [catalogItem({ id: `c${query.get('page')}`, code: `A.${query.get('page')}` })], total_count: 45 }),
    });
    renderPage();
    expect(await screen.findByTestId('page-indicator')).toHaveTextContent('Page 1 of 3');
    expect(screen.getByText('Showing 1–20 of 45 items')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
    const first = listCalls(calls)[0].query;
    expect(first.get('page')).toBe('1');
    expect(first.get('page_size')).toBe('20');

    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 2 of 3'));
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 3 of 3'));
    expect(screen.getByText('Showing 41–45 of 45 items')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search catalog items' }), { target: { value: 'incorp' } });
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('search')).toBe('incorp'));
    expect(listCalls(calls).at(-1)?.query.get('page')).toBe('1');
    await waitFor(() => expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 1 of 3'));

    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 2 of 3'));
    const select = screen.getByRole('combobox', { name: 'Category' });
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['All Categories', ...CATALOG_CATEGORIES]);
    fireEvent.change(select, { target: { value: 'Tax Matters' } });
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('category')).toBe('Tax Matters'));
    expect(listCalls(calls).at(-1)?.query.get('page')).toBe('1');
    expect(listCalls(calls).at(-1)?.query.get('search')).toBe('incorp');
  });

  it('requires code, category, title and description and creates a new item with presets ["Default"]', async () => {
    const calls = fakeAdminApi({
      'GET /admin/catalog': { items: [item], total_count: 1 },
      'POST /admin/catalog': ({ body }: Call) => jsonResponse({ id: 'new', version: 1, ...(body as object) }, 201),
    });
    renderPage();
    await screen.findAllByTestId('catalog-row');
    fireEvent.click(screen.getByRole('button', { name: /Add Item/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Catalog Item' });
    const code = within(dialog).getByLabelText(/Code/);
    expect(code).not.toBeDisabled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Item' }));
    expect(await within(dialog).findByText('Code is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Category is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(code, { target: { value: 'h.12' } });
    fireEvent.change(within(dialog).getByLabelText(/Category/), { target: { value: 'Real Estate/Insurance' } });
    fireEvent.change(within(dialog).getByLabelText(/Title/), { target: { value: '  Lease agreements ' } });
    fireEvent.change(within(dialog).getByLabelText(/Description/), { target: { value: 'All property leases' } });
    expect(within(dialog).queryByText('Code is required')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Item' }));

    expect(await screen.findByText('Catalog item created')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/admin/catalog');
    expect(post?.body).toEqual({
      code: 'H.12',
      title: 'Lease agreements',
      description: 'All property leases',
      category: 'Real Estate/Insurance',
      subcategory: null,
      requirements: {
        periods_covered: null,
        format_type: null,
        certified: false,
        original_required: false,
        multiple_files_expected: false,
        custom_notes: null,
      },
      ai_checks: {
        math_verification: false,
        signature_detection: false,
        legal_terms: false,
        red_flags: false,
        compliance_check: false,
        date_verification: false,
        missing_elements: false,
      },
      active: true,
      presets: ['Default'],
    });
  });

  it('rejects a malformed code before asking the server', async () => {
    const calls = fakeAdminApi({ 'GET /admin/catalog': { items: [], total_count: 0 } });
    renderPage();
    expect(await screen.findByText('No catalog items found')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Add Item/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Catalog Item' });
    fireEvent.change(within(dialog).getByLabelText(/Code/), { target: { value: 'corp-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Item' }));
    expect(await within(dialog).findByText('The code must look like A.1')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('locks the code when editing and sends the full object, keeping requirements, AI checks and presets', async () => {
    const calls = fakeAdminApi({
      'GET /admin/catalog': { items: [item, other], total_count: 2 },
      'PUT /admin/catalog/c1': ({ body }: Call) => jsonResponse({ ...item, ...(body as object), version: 4 }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit A.1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Catalog Item' });
    const code = within(dialog).getByLabelText(/Code/);
    expect(code).toHaveValue('A.1');
    expect(code).toBeDisabled();
    expect(within(dialog).getByText('The code cannot be changed')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Category/)).toHaveValue('Corporate Documents');

    fireEvent.change(within(dialog).getByLabelText(/Title/), { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/Title/), { target: { value: 'Certificate of incorporation (amended)' } });
    fireEvent.change(within(dialog).getByLabelText(/Category/), { target: { value: 'Tax Matters' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Catalog item updated')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/admin/catalog/c1');
    expect(put?.body).toEqual({
      code: 'A.1',
      title: 'Certificate of incorporation (amended)',
      description: item.description,
      category: 'Tax Matters',
      subcategory: 'Formation',
      requirements: item.requirements,
      ai_checks: item.ai_checks,
      active: true,
      presets: ['Default', 'Full Acquisition'],
    });
  });

  it('shows the server detail when saving fails', async () => {
    fakeAdminApi({
      'GET /admin/catalog': { items: [item], total_count: 1 },
      'POST /admin/catalog': () => jsonResponse({ detail: 'A catalog item with code A.1 already exists' }, 409),
    });
    renderPage();
    await screen.findAllByTestId('catalog-row');
    fireEvent.click(screen.getByRole('button', { name: /Add Item/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Catalog Item' });
    fireEvent.change(within(dialog).getByLabelText(/Code/), { target: { value: 'A.1' } });
    fireEvent.change(within(dialog).getByLabelText(/Category/), { target: { value: 'Corporate Documents' } });
    fireEvent.change(within(dialog).getByLabelText(/Title/), { target: { value: 'Dup' } });
    fireEvent.change(within(dialog).getByLabelText(/Description/), { target: { value: 'Dup' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Item' }));
    expect(await screen.findByText('A catalog item with code A.1 already exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create Catalog Item' })).toBeInTheDocument();
  });

  it('asks before deleting, quoting the code, then deletes', async () => {
    const calls = fakeAdminApi({
      'GET /admin/catalog': { items: [item], total_count: 1 },
      'DELETE /admin/catalog/c1': { id: 'c1', deleted: true },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete A.1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Catalog Item' });
    expect(dialog).toHaveTextContent('Delete catalog item "A.1"? This will remove it from all presets.');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Catalog item deleted')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/admin/catalog/c1');
  });

  it("says 'Failed to delete item' when deleting fails", async () => {
    fakeAdminApi({
      'GET /admin/catalog': { items: [item], total_count: 1 },
      'DELETE /admin/catalog/c1': () => jsonResponse({ detail: 'Boom' }, 500),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete A.1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Catalog Item' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete item')).toBeInTheDocument();
  });

  it('toggles an item and says whether it was activated or deactivated', async () => {
    const calls = fakeAdminApi({
      'GET /admin/catalog': { items: [item, other], total_count: 2 },
      'POST /admin/catalog/c1/toggle-active': { ...item, active: false },
      'POST /admin/catalog/c2/toggle-active': { ...other, active: true },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate A.1' }));
    expect(await screen.findByText('Catalog item deactivated')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Activate B.4' }));
    expect(await screen.findByText('Catalog item activated')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/admin/catalog/c1/toggle-active',
      '/admin/catalog/c2/toggle-active',
    ]);
  });

  it("says 'Failed to toggle item' and 'Failed to load catalog items' on failures", async () => {
    let fail = false;
    fakeAdminApi({
      'GET /admin/catalog': () =>
        fail ? jsonResponse({ detail: 'Database unavailable' }, 500) : jsonResponse({ items: [item], total_count: 1 }),
      'POST /admin/catalog/c1/toggle-active': () => jsonResponse({ detail: 'Nope' }, 500),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate A.1' }));
    expect(await screen.findByText('Failed to toggle item')).toBeInTheDocument();

    fail = true;
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search catalog items' }), { target: { value: 'x' } });
    expect((await screen.findAllByText('Failed to load catalog items')).length).toBeGreaterThan(0);
  });
});
