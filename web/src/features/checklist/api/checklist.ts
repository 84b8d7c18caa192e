import { useQuery } from '@tanstack/react-query';
import { api, getToken } from '../../../lib/api/client';
import { oneShotPrefetch } from '../../../lib/one-shot-prefetch';
import type { ChecklistResponse } from '../types';
import { checklistBase, checklistKeys } from './keys';

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

const CHECKLIST_ROUTE = /^\/deals\/([^/]+)\/checklist\/?$/;
/** A prefetched checklist older than this is asked for again. */
const PREFETCH_MAX_AGE_MS = 5000;
const prefetched = oneShotPrefetch<ChecklistResponse>(PREFETCH_MAX_AGE_MS);

/**
 * Asks for the checklist as a navigation to /deals/:dealId/checklist starts (app/app.tsx), so the request
 * runs while the page's code loads rather than after it has rendered (issue 33). The page takes it once.
 */
export function prefetchChecklistFor(pathname: string): void {
  const match = CHECKLIST_ROUTE.exec(pathname);
  if (!match || !getToken()) return;
  const dealId = decodeURIComponent(match[1]);
  prefetched.put(dealId, fetchChecklist(dealId));
}

/** The deal's checklist: categories, items, progress and the caller's rights. */
export const useChecklist = (dealId: string) =>
  useQuery({
    queryKey: checklistKeys.checklist(dealId),
    queryFn: ({ signal }) => prefetched.take(dealId) ?? fetchChecklist(dealId, signal),
    meta: { errorTitle: 'Failed to load checklist' },
  });
