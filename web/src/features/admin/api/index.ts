/**
 * Calls of the admin portal (docs/product.md §7 Admin): catalog items, checklist presets and the dashboard counts.
 * Every call needs a super admin; the server answers 403 otherwise.
 */
import { ApiError, api } from '../../../lib/api/client';

/** Page size of the admin lists (docs/product.md §9). */
export const ADMIN_PAGE_SIZE = 20;
/** The preset picker loads up to this many active catalog items (docs/product.md §9). */
export const PICKER_PAGE_SIZE = 200;

export { CATALOG_CATEGORIES, type CatalogCategory } from '@contracts/catalog';

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

/** What POST /admin/catalog and PUT /admin/catalog/{id} take: the full object. */
export interface CatalogItemPayload {
  code: string;
  title: string;
  description: string;
  category: string;
  subcategory: string | null;
  requirements: CatalogRequirements;
  ai_checks: CatalogAiChecks;
  active: boolean;
  presets: string[];
}

export interface CatalogPage {
  items: CatalogItem[];
  total_count: number;
}

export interface Preset {
  id: string;
  name: string;
  description: string | null;
  is_default: boolean;
  active: boolean;
  item_count: number;
  catalog_item_ids: string[];
}

export interface PresetItem {
  id: string;
  title: string;
  code: string;
  category: string;
  description: string | null;
}

export interface PresetDetail extends Preset {
  catalog_items: PresetItem[];
}

export interface PresetPayload {
  name: string;
  description: string;
  catalog_item_ids: string[];
  is_default: boolean;
  active: boolean;
}

export interface PresetsPage {
  presets: Preset[];
  total_count: number;
}

/** Defaults of a new catalog item: the form shows only code, category, title and description. */
export const NEW_ITEM_REQUIREMENTS: CatalogRequirements = {
  periods_covered: null,
  format_type: null,
  certified: false,
  original_required: false,
  multiple_files_expected: false,
  custom_notes: null,
};

export const NEW_ITEM_AI_CHECKS: CatalogAiChecks = {
  math_verification: false,
  signature_detection: false,
  legal_terms: false,
  red_flags: false,
  compliance_check: false,
  date_verification: false,
  missing_elements: false,
};

/** New items start in the preset named 'Default' (docs/product.md §3). */
export const NEW_ITEM_PRESETS = ['Default'];

export const adminKeys = {
  all: ['admin'] as const,
  catalog: () => ['admin', 'catalog'] as const,
  catalogList: (params: { search: string; category: string; page: number }) => ['admin', 'catalog', 'list', params] as const,
  catalogPicker: () => ['admin', 'catalog', 'picker'] as const,
  presets: () => ['admin', 'presets'] as const,
  presetList: (params: { search: string; page: number }) => ['admin', 'presets', 'list', params] as const,
  preset: (id: string) => ['admin', 'presets', 'detail', id] as const,
  stats: () => ['admin', 'stats'] as const,
};

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

/** The preset picker's list: active items only, first page of 200. */
export function fetchPickerItems(signal?: AbortSignal): Promise<CatalogPage> {
  return api.get<CatalogPage>('/admin/catalog', {
    signal,
    query: { active_only: 'true', page: 1, page_size: PICKER_PAGE_SIZE },
  });
}

export const createCatalogItem = (body: CatalogItemPayload) => api.post<CatalogItem>('/admin/catalog', body);
export const updateCatalogItem = (id: string, body: CatalogItemPayload) =>
  api.put<CatalogItem>(`/admin/catalog/${encodeURIComponent(id)}`, body);
export const toggleCatalogItem = (id: string) => api.post<CatalogItem>(`/admin/catalog/${encodeURIComponent(id)}/toggle-active`);
export const deleteCatalogItem = (id: string) => api.delete<unknown>(`/admin/catalog/${encodeURIComponent(id)}`);

export function fetchPresets(params: { search?: string; page: number }, signal?: AbortSignal): Promise<PresetsPage> {
  return api.get<PresetsPage>('/admin/presets', {
    signal,
    query: { search: params.search?.trim() || undefined, page: params.page, page_size: ADMIN_PAGE_SIZE },
  });
}

export const fetchPreset = (id: string, signal?: AbortSignal) =>
  api.get<PresetDetail>(`/admin/presets/${encodeURIComponent(id)}`, { signal });
export const createPreset = (body: PresetPayload) => api.post<PresetDetail>('/admin/presets', body);
export const updatePreset = (id: string, body: PresetPayload) =>
  api.put<PresetDetail>(`/admin/presets/${encodeURIComponent(id)}`, body);
export const setDefaultPreset = (id: string) => api.post<PresetDetail>(`/admin/presets/${encodeURIComponent(id)}/set-default`);
export const deletePreset = (id: string) => api.delete<unknown>(`/admin/presets/${encodeURIComponent(id)}`);

/** The full object PUT /admin/catalog/{id} takes, built from the edited item and the form's four fields. */
export function catalogPayload(
  form: { code: string; category: string; title: string; description: string },
  item?: CatalogItem | null,
): CatalogItemPayload {
  return {
    code: item ? item.code : form.code.trim().toUpperCase(),
    title: form.title.trim(),
    description: form.description.trim(),
    category: form.category,
    subcategory: item?.subcategory ?? null,
    requirements: item ? { ...(item.requirements ?? {}) } : { ...NEW_ITEM_REQUIREMENTS },
    ai_checks: item ? { ...(item.ai_checks ?? {}) } : { ...NEW_ITEM_AI_CHECKS },
    active: item ? item.active : true,
    presets: item ? [...(item.presets ?? [])] : [...NEW_ITEM_PRESETS],
  };
}

/** One dashboard count: the list's total_count asked with page_size 1, or null when unavailable. */
export interface DashboardCount {
  key: string;
  value: number | null;
  /** True when the list failed for a reason other than not existing yet (404). */
  failed: boolean;
}

const COUNT_SOURCES: { key: string; path: string; query?: Record<string, string> }[] = [
  { key: 'users', path: '/admin/users' },
  { key: 'super_admins', path: '/admin/super-admins' },
  { key: 'catalog_items', path: '/admin/catalog' },
  { key: 'active_catalog_items', path: '/admin/catalog', query: { active_only: 'true' } },
  { key: 'presets', path: '/admin/presets' },
  { key: 'permission_sets', path: '/admin/permission-sets' },
];

/** The dashboard's counts (docs/product.md §7): each list asked with page_size 1; failures count as unavailable. */
export async function fetchDashboardCounts(signal?: AbortSignal): Promise<Record<string, DashboardCount>> {
  const results = await Promise.allSettled(
    COUNT_SOURCES.map((source) =>
      api.get<{ total_count?: unknown }>(source.path, {
        signal,
        query: { ...source.query, page: 1, page_size: 1 },
      }),
    ),
  );
  if (signal?.aborted) throw new DOMException('The request was aborted', 'AbortError');
  const counts: Record<string, DashboardCount> = {};
  results.forEach((result, index) => {
    const { key } = COUNT_SOURCES[index];
    if (result.status === 'fulfilled') {
      // An answer without a total (e.g. the app's HTML for a path the API does not have yet) is unavailable.
      const total = (result.value as { total_count?: unknown } | undefined)?.total_count;
      counts[key] = { key, value: typeof total === 'number' ? total : null, failed: false };
    } else {
      const error = result.status === 'rejected' ? result.reason : null;
      const notBuilt = error instanceof ApiError && (error.status === 404 || error.status === 405);
      counts[key] = { key, value: null, failed: !notBuilt };
    }
  });
  return counts;
}
