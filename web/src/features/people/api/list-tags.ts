import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Tag } from '../types';
import { peopleKeys } from './keys';
import { dealPath } from '../../../lib/api/deal-path';

export const fetchTags = (dealId: string, signal?: AbortSignal) =>
  api.get<Tag[]>(`${dealPath(dealId)}/permissions/tags`, { signal });

export function useTags(dealId: string, enabled = true) {
  return useQuery({
    queryKey: peopleKeys.tags(dealId),
    queryFn: ({ signal }) => fetchTags(dealId, signal),
    enabled: enabled && Boolean(dealId),
  });
}
