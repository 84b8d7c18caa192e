import { api } from '../../../lib/api/client';
import { dealKeys } from '../../../lib/api/deal';
import type {
  CatalogItem,
  CatalogPage,
  ChecklistCategory,
  ChecklistItem,
  ChecklistItemDetail,
  ChecklistResponse,
  DealFile,
  DealFolder,
  ItemStatus,
} from '../types';

const dealBase = (dealId: string) => `/deals/${encodeURIComponent(dealId)}`;
const checklistBase = (dealId: string) => `${dealBase(dealId)}/checklist`;
const itemPath = (dealId: string, itemId: string) => `${checklistBase(dealId)}/items/${encodeURIComponent(itemId)}`;

/** docs/product.md §9: the catalog picker asks 20 active items a page. */
export const CATALOG_PAGE_SIZE = 20;

export const checklistKeys = {
  all: (dealId: string) => dealKeys.scoped(dealId, 'checklist'),
  checklist: (dealId: string) => dealKeys.scoped(dealId, 'checklist', 'list'),
  item: (dealId: string, itemId: string) => dealKeys.scoped(dealId, 'checklist', 'item', itemId),
  catalog: (params: CatalogParams) => ['checklist-catalog', params] as const,
  files: (dealId: string, where: string) => dealKeys.scoped(dealId, 'checklist', 'files', where),
};

export async function fetchChecklist(dealId: string, signal?: AbortSignal): Promise<ChecklistResponse> {
  const data = await api.get<Partial<ChecklistResponse>>(checklistBase(dealId), { signal });
  return {
    categories: data?.categories ?? [],
    progress: data?.progress ?? { completed: 0, total: 0 },
    can_edit: Boolean(data?.can_edit),
    can_approve: Boolean(data?.can_approve),
    can_upload: Boolean(data?.can_upload),
    can_update: Boolean(data?.can_update),
    can_link_files: Boolean(data?.can_link_files),
    checklist: data?.checklist ?? {},
  };
}

export async function fetchChecklistItem(dealId: string, itemId: string, signal?: AbortSignal) {
  const data = await api.get<ChecklistItemDetail>(itemPath(dealId, itemId), { signal });
  return { ...data, approval_history: data?.approval_history ?? [], connected_files: data?.connected_files ?? [] };
}

export interface CategoryInput {
  name: string;
  code: string | null;
}

export const createCategory = (dealId: string, body: CategoryInput) =>
  api.post<ChecklistCategory>(`${checklistBase(dealId)}/categories`, body);

export const updateCategory = (dealId: string, categoryId: string, body: CategoryInput) =>
  api.put<ChecklistCategory>(`${checklistBase(dealId)}/categories/${encodeURIComponent(categoryId)}`, body);

export const deleteCategory = (dealId: string, categoryId: string) =>
  api.delete<{ id: string; deleted: boolean }>(`${checklistBase(dealId)}/categories/${encodeURIComponent(categoryId)}`);

export interface ItemInput {
  name: string;
  description: string;
  category_id: string;
  status: ItemStatus;
  required: boolean;
  anticipated_file_count: number;
}

export const createItem = (dealId: string, body: ItemInput) => api.post<ChecklistItem>(`${checklistBase(dealId)}/items`, body);

export const updateItem = (dealId: string, itemId: string, body: Partial<ItemInput>) =>
  api.put<ChecklistItem>(itemPath(dealId, itemId), body);

export interface ItemPatch {
  name?: string;
  description?: string;
  required?: boolean;
  anticipated_file_count?: number;
}

export const patchItem = (dealId: string, itemId: string, body: ItemPatch) =>
  api.patch<ChecklistItem>(itemPath(dealId, itemId), body);

export const deleteItem = (dealId: string, itemId: string) =>
  api.delete<{ id: string; deleted: boolean }>(itemPath(dealId, itemId));

/** PUT checklist/{id} {status, files}: the item's status and exactly which files answer it. */
export const updateItemStatusAndFiles = (dealId: string, itemId: string, body: { status?: ItemStatus; files?: string[] }) =>
  api.put<ChecklistItem>(`${checklistBase(dealId)}/${encodeURIComponent(itemId)}`, body);

export const approveItem = (dealId: string, itemId: string, note?: string) =>
  api.post<ChecklistItem>(`${itemPath(dealId, itemId)}/approve`, note ? { note } : undefined);

export const requestChanges = (dealId: string, itemId: string, note?: string) =>
  api.post<ChecklistItem>(`${itemPath(dealId, itemId)}/request-changes`, note ? { note } : undefined);

/** A file's approval as set from the checklist (docs/product.md §6). */
export const setFileApproval = (dealId: string, fileId: string, status: string) =>
  api.put<unknown>(`${dealBase(dealId)}/files/${encodeURIComponent(fileId)}/approval`, { status });

export interface CatalogParams {
  page: number;
  search: string;
  category: string;
}

export async function fetchCatalog(params: CatalogParams, signal?: AbortSignal): Promise<CatalogPage> {
  const data = await api.get<Partial<CatalogPage>>('/checklist-catalog', {
    signal,
    query: {
      page: params.page,
      page_size: CATALOG_PAGE_SIZE,
      active_only: true,
      search: params.search.trim() || undefined,
      category: params.category || undefined,
    },
  });
  return { items: (data?.items ?? []) as CatalogItem[], total_count: Number(data?.total_count) || 0 };
}

export interface AddFromCatalogInput {
  catalog_item_id: string;
  category_id: string;
  title_override: string | null;
  description_override: string | null;
}

export const addCatalogItemToDeal = (dealId: string, body: AddFromCatalogInput) =>
  api.post<ChecklistItem>(`/checklist-catalog/add-to-deal/${encodeURIComponent(dealId)}`, body);

/** One level of the data room: its folders and files (for linking files to an item). */
export async function fetchFolderFiles(dealId: string, path: string, signal?: AbortSignal) {
  const data = await api.get<{ folders?: DealFolder[]; files?: DealFile[] }>(`${dealBase(dealId)}/files`, {
    query: { path },
    signal,
  });
  return { folders: data?.folders ?? [], files: data?.files ?? [] };
}

/** Files whose name, tags or folder match (for linking files to an item). */
export async function searchFiles(dealId: string, q: string, signal?: AbortSignal) {
  const data = await api.get<{ files?: DealFile[] }>(`${dealBase(dealId)}/files/search`, { query: { q }, signal });
  return data?.files ?? [];
}
