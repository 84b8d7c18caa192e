/**
 * The admin portal's catalog and preset changes, one hook per operation (web/src/lib/mutation.ts):
 * each owns its toasts (docs/product.md §8 admin texts) and makes the admin lists stale; `onDone` is
 * the screen's follow-up (closing a dialog or a confirmation).
 */
import { useApiMutation } from '../../../lib/mutation';
import {
  adminKeys,
  createCatalogItem,
  createPreset,
  deleteCatalogItem,
  deletePreset,
  setDefaultPreset,
  toggleCatalogItem,
  updateCatalogItem,
  updatePreset,
  type CatalogItem,
  type CatalogItemPayload,
  type Preset,
  type PresetPayload,
} from '.';

export const useToggleCatalogItem = () =>
  useApiMutation({
    mutationFn: (item: CatalogItem) => toggleCatalogItem(item.id),
    invalidates: [adminKeys.all],
    successMessage: (saved, item) =>
      (typeof saved?.active === 'boolean' ? saved.active : !item.active) ? 'Catalog item activated' : 'Catalog item deactivated',
    errorMessage: 'Failed to toggle item',
  });

export const useDeleteCatalogItem = (onDone: () => void) =>
  useApiMutation({
    mutationFn: (item: CatalogItem) => deleteCatalogItem(item.id),
    invalidates: [adminKeys.all],
    successMessage: 'Catalog item deleted',
    errorMessage: 'Failed to delete item',
    onSuccess: () => onDone(),
  });

export const useSaveCatalogItem = (item: CatalogItem | null | undefined, onDone: () => void) =>
  useApiMutation({
    mutationFn: (body: CatalogItemPayload) => (item ? updateCatalogItem(item.id, body) : createCatalogItem(body)),
    invalidates: [adminKeys.all],
    successMessage: item ? 'Catalog item updated' : 'Catalog item created',
    errorMessage: 'Failed to save catalog item',
    onSuccess: () => onDone(),
  });

export const useMakeDefaultPreset = () =>
  useApiMutation({
    mutationFn: (preset: Preset) => setDefaultPreset(preset.id),
    invalidates: [adminKeys.all],
    successMessage: (_saved, preset) => `${preset.name} set as default`,
    errorMessage: 'Failed to set default preset',
  });

export const useDeletePreset = (onDone: () => void) =>
  useApiMutation({
    mutationFn: (preset: Preset) => deletePreset(preset.id),
    invalidates: [adminKeys.all],
    successMessage: 'Preset deleted',
    errorMessage: 'Failed to delete preset',
    onSuccess: () => onDone(),
  });

export const useSavePreset = (preset: Preset | null | undefined, onDone: () => void) =>
  useApiMutation({
    mutationFn: (body: PresetPayload) => (preset ? updatePreset(preset.id, body) : createPreset(body)),
    invalidates: [adminKeys.all],
    successMessage: preset ? 'Preset updated' : 'Preset created',
    errorMessage: 'Failed to save preset',
    onSuccess: () => onDone(),
  });
