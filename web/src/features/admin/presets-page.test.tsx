import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isChecked, jsonResponse, renderRoutes } from '../../test/utils';
import { PresetsPage } from './presets-page';
import { catalogItem, fakeAdminApi, preset, type Call } from './test/fake-admin-api';

const defaultPreset = preset();
const lite = preset({
  id: 'p2',
  name: 'Lite',
  description: 'A short list',
  is_default: false,
  active: false,
  item_count: 0,
  catalog_item_ids: [],
});

/** Active catalog items as the picker gets them (server order: by category, then code). */
const pickerItems = [
  catalogItem({ id: 'c1', code: 'A.1', title: 'Certificate of incorporation', category: 'Corporate Documents' }),
  catalogItem({ id: 'c2', code: 'A.2', title: 'Bylaws', category: 'Corporate Documents' }),
  catalogItem({ id: 'c4', code: 'B.1', title: 'Audited accounts', category: 'Financial Information' }),
  catalogItem({ id: 'c5', code: 'C.1', title: 'Tax returns', category: 'Tax Matters' }),
  catalogItem({ id: 'c6', code: 'C.2', title: 'Tax audits', category: 'Tax Matters' }),
];

function renderPage() {
  return renderRoutes([{ path: '/admin/presets', element: <PresetsPage /> }], '/admin/presets');
}

function api(extra: Record<string, unknown> = {}) {
  return fakeAdminApi({
    'GET /admin/presets': { presets: [defaultPreset, lite], total_count: 2 },
    'GET /admin/catalog': ({ query }: Call) =>
      query.get('active_only') === 'true'
        ? jsonResponse({ items: pickerItems, total_count: pickerItems.length })
        : jsonResponse({ detail: 'unexpected' }, 500),
    ...extra,
  });
}

describe('Checklist Presets', () => {
  it('marks the default with a star, offers set-as-default only on others and disables deleting the default', async () => {
    api();
    renderPage();
    const rows = await screen.findAllByTestId('preset-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]);
    expect(first.getByRole('img', { name: 'Default preset' })).toBeInTheDocument();
    expect(first.getByText('The standard checklist')).toBeInTheDocument();
    expect(first.getByRole('button', { name: /2 items/ })).toBeInTheDocument();
    expect(first.getByText('Active')).toBeInTheDocument();
    expect(first.queryByRole('button', { name: /as default/ })).not.toBeInTheDocument();
    const deleteDefault = first.getByRole('button', { name: 'Delete Default' });
    expect(deleteDefault).toBeDisabled();
    expect(deleteDefault).toHaveAttribute('title', 'Cannot delete the default preset');

    const second = within(rows[1]);
    expect(second.queryByRole('img', { name: 'Default preset' })).not.toBeInTheDocument();
    expect(second.getByText('Inactive')).toBeInTheDocument();
    expect(second.getByRole('button', { name: 'Set Lite as default' })).toBeInTheDocument();
    expect(second.getByRole('button', { name: 'Delete Lite' })).toBeEnabled();
  });

  it("sets a preset as default and says '<name> set as default'", async () => {
    const calls = api({ 'POST /admin/presets/p2/set-default': { ...lite, is_default: true } });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Set Lite as default' }));
    expect(await screen.findByText('Lite set as default')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/admin/presets/p2/set-default')).toBe(true);
  });

  it("says 'Failed to set default preset' when the server refuses", async () => {
    api({
      'POST /admin/presets/p2/set-default': () => jsonResponse({ detail: 'An inactive preset cannot be the default' }, 400),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Set Lite as default' }));
    expect(await screen.findByText('Failed to set default preset')).toBeInTheDocument();
    expect(screen.getByText('An inactive preset cannot be the default')).toBeInTheDocument();
  });

  it('asks before deleting, quoting the name, then deletes', async () => {
    const calls = api({ 'DELETE /admin/presets/p2': { id: 'p2', deleted: true } });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Lite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Preset' });
    expect(dialog).toHaveTextContent('Delete preset "Lite"?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Preset deleted')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/admin/presets/p2');
  });

  it('shows the server detail when deleting fails', async () => {
    api({ 'DELETE /admin/presets/p2': () => jsonResponse({ detail: 'Cannot delete the default preset' }, 400) });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Lite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Preset' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Cannot delete the default preset')).toBeInTheDocument();
  });

  it("shows 'No presets found' with 'Create your first preset to get started'", async () => {
    fakeAdminApi({ 'GET /admin/presets': { presets: [], total_count: 0 } });
    renderPage();
    expect(await screen.findByText('No presets found')).toBeInTheDocument();
    expect(screen.getByText('Create your first preset to get started')).toBeInTheDocument();
  });

  it('pages by 20 with "Page x of y"', async () => {
    const calls = fakeAdminApi({
      'GET /admin/presets': ({ query }: Call) =>
        jsonResponse({ presets: [preset({ id: `p${query.get('page')}`, name: `P${query.get('page')}` })], total_count: 25 }),
    });
    renderPage();
    expect(await screen.findByTestId('page-indicator')).toHaveTextContent('Page 1 of 2');
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 2 of 2'));
    expect(screen.getByText('Showing 21–25 of 25 presets')).toBeInTheDocument();
    const last = calls.filter((c) => c.path === '/admin/presets').at(-1);
    expect(last?.query.get('page')).toBe('2');
    expect(last?.query.get('page_size')).toBe('20');
  });

  it("lists a preset's items read-only from its item count", async () => {
    api({
      'GET /admin/presets/p1': {
        ...defaultPreset,
        catalog_items: [
          {
            id: 'c1',
            code: 'A.1',
            title: 'Certificate of incorporation',
            category: 'Corporate Documents',
            description: 'Certified copy',
          },
          { id: 'c3', code: 'B.2', title: 'Management accounts', category: 'Financial Information', description: 'Monthly' },
        ],
      },
      'GET /admin/presets/p2': { ...lite, catalog_items: [] },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /2 items in Default/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Items in Default' });
    const items = await within(dialog).findAllByTestId('preset-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('A.1');
    expect(items[0]).toHaveTextContent('Certificate of incorporation');
    expect(items[0]).toHaveTextContent('Corporate Documents');
    expect(items[0]).toHaveTextContent('Certified copy');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Items in Default' })).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: /0 items in Lite/ }));
    const empty = await screen.findByRole('dialog', { name: 'Items in Lite' });
    expect(await within(empty).findByText('No items in this preset')).toBeInTheDocument();
  });

  it("says 'Failed to load preset items' when the preset cannot be read", async () => {
    api({ 'GET /admin/presets/p1': () => jsonResponse({ detail: 'Boom' }, 500) });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /2 items in Default/ }));
    expect((await screen.findAllByText('Failed to load preset items')).length).toBeGreaterThan(0);
  });

  it('creates a preset: name and description required, items grouped by category with a selected count', async () => {
    const calls = api({
      'POST /admin/presets': ({ body }: Call) => jsonResponse({ id: 'p9', ...(body as object), catalog_items: [] }, 201),
    });
    renderPage();
    await screen.findAllByTestId('preset-row');
    fireEvent.click(screen.getByRole('button', { name: /Create Preset/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Preset' });

    // Active items only, up to 200, grouped by category in catalog order.
    const groups = await within(dialog).findAllByTestId('picker-group');
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual([
      'Corporate Documents',
      'Financial Information',
      'Tax Matters',
    ]);
    const picker = calls.find((c) => c.path === '/admin/catalog');
    expect(picker?.query.get('active_only')).toBe('true');
    expect(picker?.query.get('page')).toBe('1');
    expect(picker?.query.get('page_size')).toBe('200');
    expect(within(groups[0]).getAllByRole('checkbox')).toHaveLength(3); // select-all + 2 items
    await waitFor(() => expect(within(dialog).getByTestId('selected-count')).toHaveTextContent('0 items selected'));

    fireEvent.click(within(groups[0]).getByRole('checkbox', { name: /A\.2.*Bylaws/ }));
    await waitFor(() => expect(within(dialog).getByTestId('selected-count')).toHaveTextContent('1 item selected'));
    await waitFor(() => expect(within(groups[0]).getByTestId('group-count')).toHaveTextContent('1 of 2'));

    fireEvent.click(within(groups[2]).getByRole('checkbox', { name: 'Select all in Tax Matters' }));
    await waitFor(() => expect(within(dialog).getByTestId('selected-count')).toHaveTextContent('3 items selected'));
    await waitFor(() => expect(within(groups[2]).getByTestId('group-count')).toHaveTextContent('2 of 2'));

    // Filtering narrows the list but keeps the selection.
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Filter catalog items' }), { target: { value: 'audit' } });
    await waitFor(() => expect(within(dialog).getAllByTestId('picker-group')).toHaveLength(2));
    await waitFor(() => expect(within(dialog).getByTestId('selected-count')).toHaveTextContent('3 items selected'));
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Filter catalog items' }), { target: { value: '' } });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Preset' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    expect(within(dialog).getByText('The default preset is used when creating new deals.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Set as default preset/ }));
    await waitFor(() => expect(isChecked(within(dialog).getByRole('checkbox', { name: /Set as default preset/ }))).toBe(true));
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: ' Tax Focus ' } });
    fireEvent.change(within(dialog).getByLabelText(/Description/), { target: { value: 'Tax deals' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Preset' }));

    expect(await screen.findByText('Preset created')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Tax Focus',
      description: 'Tax deals',
      catalog_item_ids: ['c2', 'c5', 'c6'],
      is_default: true,
      active: true,
    });
  });

  it('edits the default preset: default stays checked, selected items pre-checked, inactive ones kept', async () => {
    const calls = api({
      'PUT /admin/presets/p1': ({ body }: Call) => jsonResponse({ ...defaultPreset, ...(body as object), catalog_items: [] }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Default' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Preset' });
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Default');
    const defaultBox = within(dialog).getByRole('checkbox', { name: /Set as default preset/ });
    expect(isChecked(defaultBox)).toBe(true);
    expect(defaultBox).toBeDisabled();

    await within(dialog).findAllByTestId('picker-group');
    // c1 is listed; c3 is not an active item, so it is kept without being shown.
    await waitFor(() => expect(within(dialog).getByTestId('selected-count')).toHaveTextContent('2 items selected'));
    expect(isChecked(within(dialog).getByRole('checkbox', { name: /A\.1.*Certificate/ }))).toBe(true);
    expect(within(dialog).getByText(/1 selected item is inactive and not listed/)).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('checkbox', { name: /B\.1.*Audited/ }));
    await waitFor(() => expect(within(dialog).getByTestId('selected-count')).toHaveTextContent('3 items selected'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Preset updated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Default',
      description: 'The standard checklist',
      catalog_item_ids: ['c1', 'c4', 'c3'],
      is_default: true,
      active: true,
    });
  });

  it('shows the server detail when saving fails', async () => {
    api({ 'PUT /admin/presets/p2': () => jsonResponse({ detail: 'A preset named "Default" already exists' }, 409) });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Lite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Preset' });
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Default' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('A preset named "Default" already exists')).toBeInTheDocument();
  });

  it("says 'Failed to load presets' when the list fails", async () => {
    fakeAdminApi({ 'GET /admin/presets': () => jsonResponse({ detail: 'Boom' }, 500) });
    renderPage();
    expect((await screen.findAllByText('Failed to load presets')).length).toBeGreaterThan(0);
  });
});
