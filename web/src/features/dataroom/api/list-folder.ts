import { LISTING_PAGE_DEFAULT } from '@contracts/dataroom';
import type { LevelCount } from '@contracts/folders';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../lib/api/client';
import { AI_POLL_MS } from '../../../lib/ai-poll';
import { dataRoomKeys } from '../../../lib/data-room-keys';
import { takePrefetchedListing } from '../prefetch';
import type { FolderListing } from '../types';
import { dealPath } from '../../../lib/api/deal-path';

/** One page of a level: the first carries the folders and the count of files; later ones only files after `after`. */
export async function fetchListing(dealId: string, path: string, after?: string, signal?: AbortSignal): Promise<FolderListing> {
  const data =
    (after === undefined ? await takePrefetchedListing(dealId, path) : undefined) ??
    (await api.get<FolderListing>(`${dealPath(dealId)}/files`, { query: { path, limit: LISTING_PAGE_DEFAULT, after }, signal }));
  return {
    ...data,
    folders: data?.folders ?? [],
    files: data?.files ?? [],
    breadcrumbs: data?.breadcrumbs ?? [{ name: 'Data Room', path: '/' }],
    capabilities: data?.capabilities ?? [],
    next_cursor: data?.next_cursor ?? null,
  };
}

/** How many files of a level the caller sees: asked for once a first page shows there are more. */
export function fetchLevelCount(dealId: string, path: string, signal?: AbortSignal): Promise<LevelCount> {
  return api.get<LevelCount>(`${dealPath(dealId)}/files/count`, { query: { path }, signal });
}

/**
 * One level of the data room, a page of files at a time: the first page brings the folders, the
 * breadcrumbs and, for a level it holds whole, the count (a longer level's is read apart, once that
 * page is in, so the rows never wait for it); `fetchNextPage` reads the files after the last one loaded. `data` joins
 * the loaded pages into one listing. A missing or forbidden folder (400, 403, 404) is shown as a state.
 */
export function useFolderListing(dealId: string, path: string) {
  const query = useInfiniteQuery({
    queryKey: dataRoomKeys.listing(dealId, path),
    queryFn: ({ pageParam, signal }) => fetchListing(dealId, path, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // Live events move the badges; polling every 3 s while the AI works is the fallback (docs/product.md §9).
    refetchInterval: (q) =>
      q.state.data?.pages.some((page) => page.files.some((f) => f.ai_status === 'queued' || f.ai_status === 'processing'))
        ? AI_POLL_MS
        : false,
    meta: { errorTitle: 'Failed to load files', quietStatuses: [400, 403, 404] },
  });
  const pages = query.data?.pages;
  const count = useQuery({
    // Under the listing's key: whatever makes the listing stale makes its count stale too.
    queryKey: [...dataRoomKeys.listing(dealId, path), 'count'],
    queryFn: ({ signal }) => fetchLevelCount(dealId, path, signal),
    enabled: pages?.[0] !== undefined && pages[0].file_count === undefined && pages[0].next_cursor !== null,
    // No errorTitle: until it comes, or if it fails, the header counts the files loaded, and the listing
    // reports its own errors.
  });
  const levelCount = count.data?.file_count;
  const data: (FolderListing & { file_count: number }) | undefined = useMemo(() => {
    if (!pages?.length) return undefined;
    const [first] = pages;
    const files = pages.flatMap((page) => page.files);
    const fileCount = Math.max(first.file_count ?? levelCount ?? 0, files.length);
    return { ...first, files, file_count: fileCount, next_cursor: pages.at(-1)!.next_cursor };
  }, [pages, levelCount]);
  return { ...query, data };
}
