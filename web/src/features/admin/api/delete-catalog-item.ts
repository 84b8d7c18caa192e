import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { adminKeys, catalogItemPath } from './keys';
import type { CatalogItem } from './list-catalog';

export const deleteCatalogItem = (id: string) => api.delete<unknown>(catalogItemPath(id));

export const useDeleteCatalogItem = (onDone: () => void) =>
  useApiMutation({
    mutationFn: (item: CatalogItem) => deleteCatalogItem(item.id),
    invalidates: [adminKeys.all],
    successMessage: 'Catalog item deleted',
    errorMessage: 'Failed to delete item',
    onSuccess: () => onDone(),
  });
