import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { adminKeys, catalogItemPath } from './keys';
import type { CatalogAiChecks, CatalogItem, CatalogRequirements } from './list-catalog';

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

export const createCatalogItem = (body: CatalogItemPayload) => api.post<CatalogItem>('/admin/catalog', body);
export const updateCatalogItem = (id: string, body: CatalogItemPayload) => api.put<CatalogItem>(catalogItemPath(id), body);

export const useSaveCatalogItem = (item: CatalogItem | null | undefined, onDone: () => void) =>
  useApiMutation({
    mutationFn: (body: CatalogItemPayload) => (item ? updateCatalogItem(item.id, body) : createCatalogItem(body)),
    invalidates: [adminKeys.all],
    successMessage: item ? 'Catalog item updated' : 'Catalog item created',
    errorMessage: 'Failed to save catalog item',
    onSuccess: () => onDone(),
  });
