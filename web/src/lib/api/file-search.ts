import type { SearchResults } from '@contracts/folders';
import { api } from './client';
import { dealPath } from './deal-path';

/**
 * GET /deals/{d}/files/search?q=: the folders and files the caller sees whose name, tags or folder match, read
 * by the data room's search, the checklist's file picker and Q&A's attachments (empty lists for none).
 */
export async function searchDealFiles(dealId: string, q: string, signal?: AbortSignal): Promise<SearchResults> {
  const data = await api.get<SearchResults>(`${dealPath(dealId)}/files/search`, { query: { q }, signal });
  return { query: data?.query ?? q, folders: data?.folders ?? [], files: data?.files ?? [] };
}
