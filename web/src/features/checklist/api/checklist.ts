import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
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

/** The deal's checklist: categories, items, progress and the caller's rights. */
export const useChecklist = (dealId: string) =>
  useQuery({
    queryKey: checklistKeys.checklist(dealId),
    queryFn: ({ signal }) => fetchChecklist(dealId, signal),
    meta: { errorTitle: 'Failed to load checklist' },
  });
