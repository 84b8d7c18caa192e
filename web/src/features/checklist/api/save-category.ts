import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import type { ChecklistCategory } from '../types';
import { categoryPath, checklistBase, checklistChangeKeys } from './keys';

export interface CategoryInput {
  name: string;
  code: string | null;
}

export const createCategory = (dealId: string, body: CategoryInput) =>
  api.post<ChecklistCategory>(`${checklistBase(dealId)}/categories`, body);

export const updateCategory = (dealId: string, categoryId: string, body: CategoryInput) =>
  api.put<ChecklistCategory>(categoryPath(dealId, categoryId), body);

/** Add Category or Edit Category; `onDone` closes the dialog. */
export function useSaveCategory(dealId: string, category: ChecklistCategory | null | undefined, onDone: () => void) {
  const editing = !!category;
  return useApiMutation({
    mutationFn: (body: CategoryInput) => (category ? updateCategory(dealId, category.id, body) : createCategory(dealId, body)),
    invalidates: checklistChangeKeys(dealId),
    successMessage: editing ? 'Category updated' : 'Category added',
    errorMessage: editing ? 'Failed to update category' : 'Failed to add category',
    onSuccess: () => onDone(),
  });
}
