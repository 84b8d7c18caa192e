import { useQuery } from '@tanstack/react-query';
import type { FileViewsAnswer } from '@contracts/analytics';
import { api } from '../../../lib/api/client';
import { analyticsKeys } from './keys';
import { filePath } from '../../../lib/api/deal-path';

export const fetchFileViews = (dealId: string, fileId: string, signal?: AbortSignal) =>
  api.get<FileViewsAnswer>(`${filePath(dealId, fileId)}/views`, { signal });

/** Who viewed a file, how often, how long and when last (deal admins and manage_users only). */
export function useFileViews(dealId: string, fileId: string, enabled: boolean) {
  return useQuery({
    queryKey: analyticsKeys.fileViews(dealId, fileId),
    queryFn: ({ signal }) => fetchFileViews(dealId, fileId, signal),
    enabled: enabled && Boolean(dealId && fileId),
    // The card shows the failure itself; a 403 (the right was taken away meanwhile) is a state, not a toast.
    meta: { errorTitle: 'Failed to load views', quietStatuses: [403, 404] },
  });
}
