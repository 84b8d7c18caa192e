import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { adminKeys, PICKER_PAGE_SIZE } from './keys';
import type { CatalogPage } from './list-catalog';

/** The preset picker's list: active items only, first page of 200. */
export function fetchPickerItems(signal?: AbortSignal): Promise<CatalogPage> {
  return api.get<CatalogPage>('/admin/catalog', {
    signal,
    query: { active_only: 'true', page: 1, page_size: PICKER_PAGE_SIZE },
  });
}

/** Every active catalog item, for choosing a preset's items; read while `enabled` (the preset form is open). */
export const useCatalogPicker = (enabled = true) =>
  useQuery({
    queryKey: adminKeys.catalogPicker(),
    queryFn: ({ signal }) => fetchPickerItems(signal),
    enabled,
    staleTime: 30_000,
    meta: { errorTitle: 'Failed to load catalog items' },
  });
