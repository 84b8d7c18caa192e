import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../../lib/api/client';
import { notify } from '../../../lib/toast';
import { jsonResponse, renderPage } from '../../../test/utils';
import { checklistKeys } from '../api/keys';
import { categories, DEAL, fakeApi } from '../test/fixtures';
import { CatalogPickerDialog } from './catalog-picker-dialog';

const catalogItem = (n: number, category = 'Corporate Documents') => ({
  id: `cat-${n}`,
  code: `A.${n}`,
  title: `Catalog request ${n}`,
  description: `Catalog description ${n}`,
  category,
  subcategory: 'Formation',
});

function catalogRoute(url: URL) {
  const page = Number(url.searchParams.get('page'));
  const items = Array.from({ length: page === 3 ? 5 : 20 }, (_, i) => catalogItem((page - 1) * 20 + i + 1));
  return jsonResponse({ items, total_count: 45 });
}

function open(routes: Record<string, unknown> = {}) {
  const calls = fakeApi({ 'GET /api/checklist-catalog': catalogRoute, ...routes });
  localStorage.setItem(TOKEN_KEY, 'tok');
  const onClose = vi.fn();
  // Adding refreshes the checklist by the mutation's declared invalidations (web/src/lib/mutation.ts).
  const invalidated = vi.spyOn(QueryClient.prototype, 'invalidateQueries');
  renderPage(
    <CatalogPickerDialog open onClose={onClose} dealId={DEAL} categories={categories} addedCatalogIds={new Set(['cat-2'])} />,
  );
  return { calls, invalidated, onClose };
}

describe('catalog picker', () => {
  it("asks for an item and a target category: 'Please select an item and target category'", async () => {
    const { calls } = open();
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Catalog request 1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to Checklist' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please select an item and target category');
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);
  });

  it('pages 20 active items at a time, with search and category filter', async () => {
    const { calls } = open();
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Catalog request 1');
    expect(within(within(dialog).getByRole('listbox', { name: 'Catalog items' })).getAllByRole('option')).toHaveLength(20);
    expect(within(dialog).getByTestId('catalog-range')).toHaveTextContent('Showing 1–20 of 45');
    expect(within(dialog).getByText('In checklist')).toBeInTheDocument();
    const first = calls.find((c) => c.key === 'GET /api/checklist-catalog')!.url.searchParams;
    expect(first.get('page_size')).toBe('20');
    expect(first.get('active_only')).toBe('true');
    expect(first.get('page')).toBe('1');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Next page' }));
    await within(dialog).findByText('Catalog request 21');
    expect(within(dialog).getByText('Page 2 of 3')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Catalog category'), { target: { value: 'Tax Matters' } });
    fireEvent.change(within(dialog).getByLabelText('Search catalog'), { target: { value: 'returns' } });
    await waitFor(() => {
      const last = calls.filter((c) => c.key === 'GET /api/checklist-catalog').at(-1)!.url.searchParams;
      expect(last.get('search')).toBe('returns');
      expect(last.get('category')).toBe('Tax Matters');
      expect(last.get('page')).toBe('1');
    });
  });

  it('adds the picked item to the chosen category, blank overrides as null', async () => {
    const { calls, invalidated, onClose } = open({
      [`POST /api/checklist-catalog/add-to-deal/${DEAL}`]: () => jsonResponse({ id: 'new', name: 'Catalog request 3' }, 201),
    });
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByText('Catalog request 3'));
    // Same category name in the deal: picked for you.
    expect(within(dialog).getByLabelText('Target category')).toHaveValue('c1');
    fireEvent.change(within(dialog).getByLabelText('Target category'), { target: { value: 'c2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to Checklist' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key.startsWith('POST'))?.body).toEqual({
        catalog_item_id: 'cat-3',
        category_id: 'c2',
        title_override: null,
        description_override: null,
      }),
    );
    await waitFor(() => expect(invalidated).toHaveBeenCalledWith({ queryKey: checklistKeys.all(DEAL) }));
    expect(onClose).toHaveBeenCalled();
  });

  it('creates a new category first; when the item then fails, the category stays, refreshed and picked', async () => {
    const { calls, invalidated, onClose } = open({
      'GET /api/checklist-catalog': () => jsonResponse({ items: [catalogItem(7, 'Litigation')], total_count: 1 }),
      [`POST /api/deals/${DEAL}/checklist/categories`]: () => jsonResponse({ id: 'c9', name: 'Litigation', code: 'A' }, 201),
      [`POST /api/checklist-catalog/add-to-deal/${DEAL}`]: () => jsonResponse({ detail: 'Catalog service resting' }, 500),
    });
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByText('Catalog request 7'));
    expect(within(dialog).getByLabelText('Target category')).toHaveValue('new:Litigation');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to Checklist' }));
    expect(await screen.findByText('Failed to add catalog item')).toBeInTheDocument();
    expect(calls.find((c) => c.key === `POST /api/deals/${DEAL}/checklist/categories`)?.body).toEqual({
      name: 'Litigation',
      code: 'A',
    });
    expect(calls.find((c) => c.key.startsWith('POST /api/checklist-catalog'))?.body).toMatchObject({ category_id: 'c9' });
    expect(invalidated).toHaveBeenCalledWith({ queryKey: checklistKeys.all(DEAL) });
    expect(onClose).not.toHaveBeenCalled();

    // Trying again adds to the category created the first time, not a second one.
    const reported = vi.spyOn(notify, 'error');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to Checklist' }));
    await waitFor(() => expect(calls.filter((c) => c.key.startsWith('POST /api/checklist-catalog'))).toHaveLength(2));
    // Its failure is reported before the test ends, so no toast of it reaches the next test.
    await waitFor(() => expect(reported).toHaveBeenCalledWith('Failed to add catalog item', 'Catalog service resting'));
    expect(calls.filter((c) => c.key === `POST /api/deals/${DEAL}/checklist/categories`)).toHaveLength(1);
    expect(calls.filter((c) => c.key.startsWith('POST /api/checklist-catalog')).at(-1)?.body).toMatchObject({
      category_id: 'c9',
    });
  });

  it("shows the server's detail when adding fails", async () => {
    open({
      [`POST /api/checklist-catalog/add-to-deal/${DEAL}`]: () =>
        jsonResponse({ detail: 'That catalog item does not exist or is inactive' }, 400),
    });
    const reported = vi.spyOn(notify, 'error');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByText('Catalog request 1'));
    await waitFor(() =>
      expect(
        within(within(dialog).getByRole('listbox', { name: 'Catalog items' })).getByRole('option', { selected: true }),
      ).toHaveTextContent('Catalog request 1'),
    );
    fireEvent.change(within(dialog).getByLabelText('Title override'), { target: { value: 'My title' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to Checklist' }));
    // The title and the server's detail, as the toast shows them (lib/mutation.ts; the toast itself: lib/query.test.tsx).
    await waitFor(() =>
      expect(reported).toHaveBeenCalledWith('Failed to add catalog item', 'That catalog item does not exist or is inactive'),
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("toasts 'Failed to load catalog items'", async () => {
    open({ 'GET /api/checklist-catalog': () => jsonResponse({ detail: 'Catalog offline' }, 500) });
    expect(await screen.findByText('Failed to load catalog items')).toBeInTheDocument();
  });
});
