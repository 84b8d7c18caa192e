import { useDeleteMutation } from '../../../lib/mutation';
import type { ChecklistCategory } from '../types';
import { categoryPath, checklistChangeKeys } from './keys';

/** Deletes a category and its items; `onDone` closes the confirmation. */
export function useDeleteCategory(dealId: string, onDone: () => void) {
  return useDeleteMutation({
    path: (category: ChecklistCategory) => categoryPath(dealId, category.id),
    invalidates: checklistChangeKeys(dealId),
    successMessage: 'Category deleted',
    errorMessage: 'Failed to delete category',
    onDone,
  });
}
