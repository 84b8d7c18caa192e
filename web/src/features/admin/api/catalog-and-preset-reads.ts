/** The admin portal's catalog, presets and dashboard counts (docs/product.md §7 Admin), one hook per read. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminKeys, fetchCatalog, fetchDashboardCounts, fetchPickerItems, fetchPreset, fetchPresets } from './index';

/** A page of the catalog with its search and category; the previous page stays while the next is read. */
export const useCatalogList = (params: { search: string; category: string; page: number }) =>
  useQuery({
    queryKey: adminKeys.catalogList(params),
    queryFn: ({ signal }) => fetchCatalog(params, signal),
    placeholderData: keepPreviousData,
  });

/** Every active catalog item, for choosing a preset's items. */
export const useCatalogPicker = () =>
  useQuery({ queryKey: adminKeys.catalogPicker(), queryFn: ({ signal }) => fetchPickerItems(signal), staleTime: 30_000 });

export const usePresetList = (params: { search: string; page: number }) =>
  useQuery({
    queryKey: adminKeys.presetList(params),
    queryFn: ({ signal }) => fetchPresets(params, signal),
    placeholderData: keepPreviousData,
  });

/** One preset with its items, read while `enabled`. */
export const usePreset = (presetId: string, enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.preset(presetId),
    queryFn: ({ signal }) => fetchPreset(presetId, signal),
    enabled: enabled && Boolean(presetId),
  });

/** The dashboard's count of each list. */
export const useDashboardCounts = () =>
  useQuery({ queryKey: adminKeys.stats(), queryFn: ({ signal }) => fetchDashboardCounts(signal) });
