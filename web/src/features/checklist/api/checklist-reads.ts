import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  checklistKeys,
  fetchCatalog,
  fetchChecklist,
  fetchChecklistItem,
  fetchFolderFiles,
  searchFiles,
  type CatalogParams,
} from './index';

/** The deal's checklist: categories, items, progress and the caller's rights. */
export const useChecklist = (dealId: string) =>
  useQuery({ queryKey: checklistKeys.checklist(dealId), queryFn: ({ signal }) => fetchChecklist(dealId, signal) });

/** One item with its connected files and approval history. */
export const useChecklistItem = (dealId: string, itemId: string) =>
  useQuery({ queryKey: checklistKeys.item(dealId, itemId), queryFn: ({ signal }) => fetchChecklistItem(dealId, itemId, signal) });

/** A page of the active catalog, for adding items from it; the previous page stays while the next is read. */
export const useCatalogPage = (params: CatalogParams, enabled: boolean) =>
  useQuery({
    queryKey: checklistKeys.catalog(params),
    queryFn: ({ signal }) => fetchCatalog(params, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** A data-room level's folders and files, for linking files to an item. */
export const useFolderFiles = (dealId: string, path: string, enabled: boolean) =>
  useQuery({
    queryKey: checklistKeys.files(dealId, `path:${path}`),
    queryFn: ({ signal }) => fetchFolderFiles(dealId, path, signal),
    enabled,
    staleTime: 30_000,
  });

/** Files matching a search across the deal, for linking files to an item. */
export const useFileSearch = (dealId: string, query: string, enabled: boolean) =>
  useQuery({
    queryKey: checklistKeys.files(dealId, `search:${query}`),
    queryFn: ({ signal }) => searchFiles(dealId, query, signal),
    enabled: enabled && Boolean(query),
    staleTime: 30_000,
  });
