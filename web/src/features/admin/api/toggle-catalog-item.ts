import { api } from '../../../lib/api/client';
import { useApiMutation } from '../../../lib/mutation';
import { adminKeys, catalogItemPath } from './keys';
import type { CatalogItem } from './list-catalog';

export const toggleCatalogItem = (id: string) => api.post<CatalogItem>(`${catalogItemPath(id)}/toggle-active`);

export const useToggleCatalogItem = () =>
  useApiMutation({
    mutationFn: (item: CatalogItem) => toggleCatalogItem(item.id),
    invalidates: [adminKeys.all],
    successMessage: (saved, item) =>
      (typeof saved?.active === 'boolean' ? saved.active : !item.active) ? 'Catalog item activated' : 'Catalog item deactivated',
    errorMessage: 'Failed to toggle item',
  });
