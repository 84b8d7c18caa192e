import { useQuery } from '@tanstack/react-query';
import type { ViewerAnswer } from '@contracts/viewer';
import { api } from '../../../lib/api/client';
import { viewerKeys, viewerPath } from './keys';

/** The viewer's answer (`@contracts/viewer`, decision 44). */
export type ViewerSource = ViewerAnswer;

/** While a converted preview is being prepared the answer is read again every 2 s. */
export const CONVERSION_POLL_MS = 2000;

export const fetchViewerSource = (dealId: string, fileId: string, version: number | null, signal?: AbortSignal) =>
  api.get<ViewerSource>(viewerPath(dealId, fileId), { signal, query: { version: version ?? undefined } });

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
    queryFn: ({ signal }) => fetchViewerSource(dealId, fileId, version, signal),
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) => (preparing(query.state.data) ? CONVERSION_POLL_MS : false),
    meta: { errorTitle: 'Failed to open the document', quietStatuses: [404, 400] },
  });
