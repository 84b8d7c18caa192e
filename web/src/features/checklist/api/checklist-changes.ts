/**
 * The checklist page's and its dialogs' changes, one hook per operation (web/src/lib/mutation.ts).
 * Each owns its toasts (docs/product.md §8) and refreshes what shows checklist progress; `onDone`
 * is the screen's own follow-up (closing a dialog, keeping a created category selected).
 */
import { notify } from '../../../lib/toast';
import { useApiMutation } from '../../../lib/mutation';
import { useChecklistRefresh } from '../hooks';
import { NEW_CATEGORY_PREFIX, codePrefix } from '../logic';
import type { CatalogItem, ChecklistCategory, ChecklistItem, ItemStatus } from '../types';
import {
  type ItemInput,
  addCatalogItemToDeal,
  createCategory,
  createItem,
  deleteCategory,
  deleteItem,
  updateCategory,
  updateItem,
  updateItemStatusAndFiles,
} from '.';

export function useDeleteChecklistItem(dealId: string, onDone: () => void) {
  const refresh = useChecklistRefresh(dealId);
  return useApiMutation({
    mutationFn: (item: ChecklistItem) => deleteItem(dealId, item.id),
    successMessage: 'Checklist item deleted',
    errorMessage: 'Failed to delete checklist item',
    onSuccess: () => {
      onDone();
      refresh();
    },
  });
}

export function useDeleteCategory(dealId: string, onDone: () => void) {
  const refresh = useChecklistRefresh(dealId);
  return useApiMutation({
    mutationFn: (category: ChecklistCategory) => deleteCategory(dealId, category.id),
    successMessage: 'Category deleted',
    errorMessage: 'Failed to delete category',
    onSuccess: () => {
      onDone();
      refresh();
    },
  });
}

export type { ItemInput as ItemFields } from '.';

/** Add Item (starts in progress) or Edit Item. */
export function useSaveChecklistItem(dealId: string, item: ChecklistItem | null | undefined, onDone: () => void) {
  const editing = !!item;
  return useApiMutation({
    mutationFn: (body: ItemInput) =>
      item ? updateItem(dealId, item.id, body) : createItem(dealId, { ...body, status: 'in_progress' }),
    successMessage: editing ? 'Checklist item updated' : 'Checklist item added',
    errorMessage: editing ? 'Failed to update checklist item' : 'Failed to add checklist item',
    onSuccess: () => onDone(),
  });
}

/** Add Category or Edit Category. */
export function useSaveCategory(dealId: string, category: ChecklistCategory | null | undefined, onDone: () => void) {
  const editing = !!category;
  return useApiMutation({
    mutationFn: (body: { name: string; code: string | null }) =>
      category ? updateCategory(dealId, category.id, body) : createCategory(dealId, body),
    successMessage: editing ? 'Category updated' : 'Category added',
    errorMessage: editing ? 'Failed to update category' : 'Failed to add category',
    onSuccess: () => onDone(),
  });
}

/** Update Item: its status and the files connected to it. */
export function useSaveItemStatusAndFiles(dealId: string, itemId: string | undefined, onDone: (fresh: ChecklistItem) => void) {
  return useApiMutation({
    mutationFn: (body: { status: ItemStatus; files?: string[] }) => updateItemStatusAndFiles(dealId, itemId!, body),
    successMessage: 'Checklist item updated',
    errorMessage: 'Failed to update checklist item',
    onSuccess: (fresh) => onDone(fresh),
  });
}

export interface CatalogAddition {
  catalogItem: CatalogItem;
  /** A category id, or NEW_CATEGORY_PREFIX + the name of one to create first. */
  target: string;
  title_override: string | null;
  description_override: string | null;
}

/**
 * Adds a catalog request to the deal, creating its category first when asked. A category created on
 * the way stays even if the item then fails; `onCategory` hears of it so the dialog keeps it selected.
 */
export function useAddCatalogItem(
  dealId: string,
  handlers: { onCategory: (id: string) => void; onAdded: () => void; onDone: () => void },
) {
  return useApiMutation({
    mutationFn: async ({ catalogItem, target, title_override, description_override }: CatalogAddition) => {
      let categoryId = target;
      if (target.startsWith(NEW_CATEGORY_PREFIX)) {
        const created = await createCategory(dealId, {
          name: target.slice(NEW_CATEGORY_PREFIX.length),
          code: codePrefix(catalogItem.code),
        });
        categoryId = created.id;
        handlers.onCategory(created.id);
      }
      return addCatalogItemToDeal(dealId, {
        catalog_item_id: catalogItem.id,
        category_id: categoryId,
        title_override,
        description_override,
      });
    },
    errorMessage: 'Failed to add catalog item',
    onSuccess: (item) => {
      notify.success('Catalog item added', item?.name);
      handlers.onAdded();
      handlers.onDone();
    },
    onError: (_error, { target }) => {
      if (target.startsWith(NEW_CATEGORY_PREFIX)) handlers.onAdded();
    },
  });
}
