import { useDeleteMutation } from '../../../lib/mutation';
import { adminKeys, catalogItemPath } from './keys';
import type { CatalogItem } from './list-catalog';

export const useDeleteCatalogItem = (onDone: () => void) =>
  useDeleteMutation({
    path: (item: CatalogItem) => catalogItemPath(item.id),
    invalidates: [adminKeys.all],
    successMessage: 'Catalog item deleted',
    errorMessage: 'Failed to delete item',
    onDone,
  });
