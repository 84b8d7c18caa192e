import { LISTING_PAGE_DEFAULT } from '@contracts/dataroom';
import { api, getToken } from '../../lib/api/client';
import { isUuid, pathFromPathname, pathSegments } from '../../lib/file-urls';
import type { FolderListing } from './types';
import { dealPath } from '../../lib/api/deal-path';
import { oneShotPrefetch } from '../../lib/one-shot-prefetch';

/**
 * When the app starts on a path-based data-room URL, the folder listing is requested at once, alongside
 * the session and deal requests, instead of after them (the page itself only mounts once the deal is
 * loaded). The page takes the answer once; anything older than a few seconds is ignored.
 */
const MAX_AGE_MS = 10_000;
const PATH_ROUTE = /^\/deals\/([^/]+)\/(?:files|data-room\/path|data-room)(?:\/|$)/;

const prefetched = oneShotPrefetch<FolderListing>(MAX_AGE_MS);

const keyOf = (dealId: string, path: string) => `${dealId}\u0000${path}`;

export function prefetchListingFor(pathname: string): void {
  const match = PATH_ROUTE.exec(pathname);
  if (!match || !getToken() || /\/data-room\/folder\//.test(pathname)) return;
  const dealId = decodeURIComponent(match[1]);
  const path = /\/data-room(\/)?$/.test(pathname) ? '/' : pathFromPathname(pathname);
  const segments = pathSegments(path);
  // /deals/{d}/files/{uuid} is a file's page and /deals/{d}/files/{uuid}/view its viewer, not folders.
  const fileRoute = segments.length === 1 || (segments.length === 2 && segments[1] === 'view');
  if (fileRoute && isUuid(segments[0]) && !pathname.includes('/data-room/')) return;
  const promise = api.get<FolderListing>(`${dealPath(dealId)}/files`, {
    query: { path, limit: LISTING_PAGE_DEFAULT },
  });
  prefetched.put(keyOf(dealId, path), promise);
}

/** The prefetched listing of this folder, once. */
export function takePrefetchedListing(dealId: string, path: string): Promise<FolderListing> | undefined {
  return prefetched.take(keyOf(dealId, path));
}
