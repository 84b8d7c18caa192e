import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, getToken } from '../../../lib/api/client';
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

const checklistQuery = (dealId: string) =>
  queryOptions({
    queryKey: checklistKeys.checklist(dealId),
    queryFn: ({ signal }) => fetchChecklist(dealId, signal),
    meta: { errorTitle: 'Failed to load checklist' },
  });

const CHECKLIST_ROUTE = /^\/deals\/([^/]+)\/checklist\/?$/;

/**
 * Asks for the checklist as a navigation to /deals/:dealId/checklist starts (app/app.tsx), so the request
 * runs while the page's code loads rather than after it has rendered (issue 33). Through the query cache:
 * a checklist still fresh there is not asked for, and the page's query joins the request in flight.
 */
export function prefetchChecklistFor(queryClient: QueryClient, pathname: string): void {
  const match = CHECKLIST_ROUTE.exec(pathname);
  if (!match || !getToken()) return;
  void queryClient.prefetchQuery(checklistQuery(decodeURIComponent(match[1])));
}

/** The deal's checklist: categories, items, progress and the caller's rights. */
export const useChecklist = (dealId: string) => useQuery(checklistQuery(dealId));
