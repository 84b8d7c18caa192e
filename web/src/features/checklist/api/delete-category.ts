import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import type { ChecklistCategory } from '../types';
import { categoryPath, checklistChangeKeys } from './keys';

export const deleteCategory = (dealId: string, categoryId: string) =>
  api.delete<{ id: string; deleted: boolean }>(categoryPath(dealId, categoryId));

/** Deletes a category and its items; `onDone` closes the confirmation. */
export function useDeleteCategory(dealId: string, onDone: () => void) {
  return useApiMutation({
    mutationFn: (category: ChecklistCategory) => deleteCategory(dealId, category.id),
    invalidates: checklistChangeKeys(dealId),
    successMessage: 'Category deleted',
    errorMessage: 'Failed to delete category',
    onSuccess: () => onDone(),
  });
}
