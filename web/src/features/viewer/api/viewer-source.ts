import { useQuery } from '@tanstack/react-query';
import type { ViewerAnswer } from '@contracts/viewer';
import { api, getToken } from '../../../lib/api/client';
import { isUuid } from '../../../lib/file-urls';
import { oneShotPrefetch } from '../../../lib/one-shot-prefetch';
import { viewerKeys, viewerPath } from './keys';

/** The viewer's answer (`@contracts/viewer`, decision 44). */
export type ViewerSource = ViewerAnswer;

/** While a converted preview is being prepared the answer is read again every 2 s. */
export const CONVERSION_POLL_MS = 2000;

export const fetchViewerSource = (dealId: string, fileId: string, version: number | null, signal?: AbortSignal) =>
  api.get<ViewerSource>(viewerPath(dealId, fileId), { signal, query: { version: version ?? undefined } });

const VIEWER_ROUTE = /^\/deals\/([^/]+)\/files\/([^/]+)\/view\/?$/;
/** A prefetched answer older than this is not used: its source URL is short-lived. */
const PREFETCH_MAX_AGE_MS = 5000;
const prefetched = oneShotPrefetch<ViewerSource>(PREFETCH_MAX_AGE_MS);
const sourceKey = (dealId: string, fileId: string, version: number | null) => `${dealId}\u0000${fileId}\u0000${version ?? ''}`;

/**
 * Asks for the viewer's answer as a navigation to /deals/:dealId/files/:fileId/view starts (app/app.tsx),
 * not once the page has rendered: the request, and the server's stamp, run while the screen changes.
 * The page takes the answer once (`useViewerSource`).
 */
export function prefetchViewerSourceFor(pathname: string, search: string): void {
  const match = VIEWER_ROUTE.exec(pathname);
  if (!match || !getToken()) return;
  const [dealId, fileId] = [decodeURIComponent(match[1]), decodeURIComponent(match[2])];
  if (!isUuid(fileId)) return;
  const asked = Number(new URLSearchParams(search).get('version'));
  const version = Number.isInteger(asked) && asked > 0 ? asked : null;
  prefetched.put(sourceKey(dealId, fileId, version), fetchViewerSource(dealId, fileId, version));
}

const preparing = (source: ViewerSource | undefined) =>
  source?.render_as === 'none' && (source.conversion?.status === 'queued' || source.conversion?.status === 'processing');

/**
 * What the viewer shows of a file, at its current version or version n. The source URL is short-lived: it is
 * never served from cache to a new screen (staleTime 0), and the viewer reads the answer again when the URL
 * has expired. A file the caller may not view is the screen's not-found state (404; 400 for a malformed id).
 */
export const useViewerSource = (dealId: string, fileId: string, version: number | null) =>
  useQuery({
    queryKey: viewerKeys.source(dealId, fileId, version),
    queryFn: ({ signal }) =>
      prefetched.take(sourceKey(dealId, fileId, version)) ?? fetchViewerSource(dealId, fileId, version, signal),
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) => (preparing(query.state.data) ? CONVERSION_POLL_MS : false),
    meta: { errorTitle: 'Failed to open the document', quietStatuses: [404, 400] },
  });
