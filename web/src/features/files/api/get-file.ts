import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { AI_POLL_MS } from '../../../lib/ai-poll';
import type { FileDetail } from '../types';
import { fileKeys } from './keys';
import { filePath } from '../../../lib/api/deal-path';

export const fetchFile = (dealId: string, fileId: string, signal?: AbortSignal) =>
  api.get<FileDetail>(filePath(dealId, fileId), { signal });

/**
 * A file's page data. Polls every 3 s while the AI works, queued too: it turns to processing unseen
 * (docs/product.md §9). A missing file (404, or 400 for a malformed id) is the page's not-found state.
 */
export const useFile = (dealId: string, fileId: string) =>
  useQuery({
    queryKey: fileKeys.detail(dealId, fileId),
    queryFn: ({ signal }) => fetchFile(dealId, fileId, signal),
    refetchInterval: (query) => (['processing', 'queued'].includes(query.state.data?.ai_status ?? '') ? AI_POLL_MS : false),
    meta: { errorTitle: 'Failed to load file data', quietStatuses: [404, 400] },
  });
