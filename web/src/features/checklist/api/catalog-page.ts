import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { CatalogItem, CatalogPage } from '../types';
import { checklistKeys } from './keys';

/** docs/product.md §9: the catalog picker asks 20 active items a page. */
export const CATALOG_PAGE_SIZE = 20;

export interface CatalogParams {
  page: number;
  search: string;
  category: string;
}

export async function fetchCatalog(params: CatalogParams, signal?: AbortSignal): Promise<CatalogPage> {
  const data = await api.get<Partial<CatalogPage>>('/checklist-catalog', {
    signal,
    query: {
      page: params.page,
      page_size: CATALOG_PAGE_SIZE,
      active_only: true,
      search: params.search.trim() || undefined,
      category: params.category || undefined,
    },
  });
  return { items: (data?.items ?? []) as CatalogItem[], total_count: Number(data?.total_count) || 0 };
}

/** A page of the active catalog, for adding items from it; the previous page stays while the next is read. */
export const useCatalogPage = (params: CatalogParams, enabled: boolean) =>
  useQuery({
    queryKey: checklistKeys.catalog(params),
    queryFn: ({ signal }) => fetchCatalog(params, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    meta: { errorTitle: 'Failed to load catalog items' },
  });
