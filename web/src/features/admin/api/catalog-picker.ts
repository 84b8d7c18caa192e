import { useQuery } from '@tanstack/react-query';
import { adminKeys, PICKER_PAGE_SIZE } from './keys';
import { fetchCatalog } from './list-catalog';

/**
 * Every active catalog item (the first page of 200), for choosing a preset's items; read while `enabled`
 * (the preset form is open).
 */
export const useCatalogPicker = (enabled = true) =>
  useQuery({
    queryKey: adminKeys.catalogPicker(),
    queryFn: ({ signal }) => fetchCatalog({ page: 1, pageSize: PICKER_PAGE_SIZE, activeOnly: true }, signal),
    enabled,
    staleTime: 30_000,
    meta: { errorTitle: 'Failed to load catalog items' },
  });
