import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { AI_POLL_MS } from '../../ai';
import type { FolderListing } from '../types';
import { dataRoomKeys, fetchFolder, fetchListing, searchDataRoom } from './index';

/**
 * One level of the data room, a page of files at a time: the first page brings the folders, the
 * breadcrumbs and the count; `fetchNextPage` reads the files after the last one loaded. `data` joins
 * the loaded pages into one listing.
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
  });
  const pages = query.data?.pages;
  const data: (FolderListing & { file_count: number }) | undefined = useMemo(() => {
    if (!pages?.length) return undefined;
    const [first] = pages;
    const files = pages.flatMap((page) => page.files);
    return { ...first, files, file_count: Math.max(first.file_count ?? 0, files.length), next_cursor: pages.at(-1)!.next_cursor };
  }, [pages]);
  return { ...query, data };
}

/** A folder by id, with its path and the count of what is inside (`staleTime` 0 for a count shown before a removal). */
export const useFolder = (dealId: string, folderId: string, options: { enabled?: boolean; staleTime?: number } = {}) =>
  useQuery({
    queryKey: dataRoomKeys.folder(dealId, folderId),
    queryFn: ({ signal }) => fetchFolder(dealId, folderId, signal),
    enabled: (options.enabled ?? true) && Boolean(folderId),
    staleTime: options.staleTime,
  });

/** Names, tags and folder names across the deal; the previous results stay while the next are read. */
export const useDataRoomSearch = (dealId: string, q: string) =>
  useQuery({
    queryKey: dataRoomKeys.search(dealId, q),
    queryFn: ({ signal }) => searchDataRoom(dealId, q, signal),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
