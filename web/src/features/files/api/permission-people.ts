import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { DealGroup, DealTag, DealUser } from '../types';
import { fileKeys } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

export interface PermissionPeople {
  users: DealUser[];
  groups: DealGroup[];
  tags: DealTag[];
}

/** The permissions dialog's lists: members, groups and tags of the deal. */
export async function fetchPermissionPeople(dealId: string, signal?: AbortSignal): Promise<PermissionPeople> {
  const base = dealPath(dealId);
  const [users, groups, tags] = await Promise.all([
    api
      .get<{ users?: DealUser[] }>(`${base}/users-enhanced`, { query: { page_size: 200 }, signal })
      .then((data) => data?.users ?? []),
    api.get<DealGroup[]>(`${base}/permissions/groups`, { signal }).then((data) => (Array.isArray(data) ? data : [])),
    api.get<DealTag[]>(`${base}/permissions/tags`, { signal }).then((data) => (Array.isArray(data) ? data : [])),
  ]);
  return { users, groups, tags };
}

/** The deal's members, groups and tags a file's permissions can name. */
export const usePermissionPeople = (dealId: string, enabled = true) =>
  useQuery({
    queryKey: fileKeys.people(dealId),
    queryFn: ({ signal }) => fetchPermissionPeople(dealId, signal),
    enabled,
    staleTime: 60_000,
    meta: { errorTitle: 'Failed to load deal data' },
  });
