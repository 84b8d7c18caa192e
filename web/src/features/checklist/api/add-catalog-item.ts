import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { NEW_CATEGORY_PREFIX, codePrefix } from '../logic';
import type { CatalogItem, ChecklistItem } from '../types';
import { checklistChangeKeys } from './keys';
import { createCategory, type CategoryInput } from './save-category';

export interface AddFromCatalogInput {
  catalog_item_id: string;
  category_id: string;
  title_override: string | null;
  description_override: string | null;
}

export const addCatalogItemToDeal = (dealId: string, body: AddFromCatalogInput) =>
  api.post<ChecklistItem>(`/checklist-catalog/add-to-deal/${encodeURIComponent(dealId)}`, body);

export interface CatalogAddition {
  catalogItem: CatalogItem;
  /** A category id, or NEW_CATEGORY_PREFIX + the name of one to create first. */
  target: string;
  title_override: string | null;
  description_override: string | null;
}

/**
 * Adds a catalog request to the deal, creating its category first when asked: two changes, each
 * declaring what it makes stale, so a category created on the way shows even if the item then fails;
 * `onCategory` hears of it so the dialog keeps it selected, `onDone` closes the dialog.
 */
export function useAddCatalogItem(dealId: string, handlers: { onCategory: (id: string) => void; onDone: () => void }) {
  const category = useApiMutation({
    mutationFn: (body: CategoryInput) => createCategory(dealId, body),
    invalidates: checklistChangeKeys(dealId),
    errorMessage: 'Failed to add catalog item',
    onSuccess: (created) => handlers.onCategory(created.id),
  });
  const item = useApiMutation({
    mutationFn: (body: AddFromCatalogInput) => addCatalogItemToDeal(dealId, body),
    invalidates: checklistChangeKeys(dealId),
    successMessage: (added) => ({ title: 'Catalog item added', description: added?.name }),
    errorMessage: 'Failed to add catalog item',
    onSuccess: () => handlers.onDone(),
  });
  const mutate = async ({ catalogItem, target, title_override, description_override }: CatalogAddition) => {
    let categoryId = target;
    if (target.startsWith(NEW_CATEGORY_PREFIX)) {
      const created = await category
        .mutateAsync({ name: target.slice(NEW_CATEGORY_PREFIX.length), code: codePrefix(catalogItem.code) })
        .catch(() => null); // already reported by its toast
      if (!created) return;
      categoryId = created.id;
    }
    item.mutate({ catalog_item_id: catalogItem.id, category_id: categoryId, title_override, description_override });
  };
  return { mutate: (addition: CatalogAddition) => void mutate(addition), isPending: category.isPending || item.isPending };
}
