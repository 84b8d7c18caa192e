import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { ADMIN_PAGE_SIZE, adminKeys } from './keys';

export interface CatalogRequirements {
  periods_covered?: string | null;
  format_type?: string | null;
  certified?: boolean;
  original_required?: boolean;
  multiple_files_expected?: boolean;
  custom_notes?: string | null;
}

export interface CatalogAiChecks {
  math_verification?: boolean;
  signature_detection?: boolean;
  legal_terms?: boolean;
  red_flags?: boolean;
  compliance_check?: boolean;
  date_verification?: boolean;
  missing_elements?: boolean;
}

export interface CatalogItem {
  id: string;
  code: string;
  title: string;
  description: string;
  category: string;
  subcategory: string | null;
  version: number;
  active: boolean;
  requirements: CatalogRequirements | null;
  ai_checks: CatalogAiChecks | null;
  /** Names of the presets holding the item. */
  presets: string[] | null;
}

export interface CatalogPage {
  items: CatalogItem[];
  total_count: number;
}

export function fetchCatalog(
  params: { search?: string; category?: string; page: number; pageSize?: number; activeOnly?: boolean },
  signal?: AbortSignal,
): Promise<CatalogPage> {
  return api.get<CatalogPage>('/admin/catalog', {
    signal,
    query: {
      search: params.search?.trim() || undefined,
      category: params.category || undefined,
      active_only: params.activeOnly ? 'true' : undefined,
      page: params.page,
      page_size: params.pageSize ?? ADMIN_PAGE_SIZE,
    },
  });
}

/** A page of the catalog with its search and category; the previous page stays while the next is read. */
export const useCatalogList = (params: { search: string; category: string; page: number }) =>
  useQuery({
    queryKey: adminKeys.catalogList(params),
    queryFn: ({ signal }) => fetchCatalog(params, signal),
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Failed to load catalog items' },
  });
